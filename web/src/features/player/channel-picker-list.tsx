// The open list of the channel dropdown (channel-picker.tsx): loaded when the listener first opens
// it or comes near its button, so the first load of every page carries only the button. The list
// is 32 px an item, at most 169 px high (spec §9): a station with more than five channels scrolls,
// and a fade with an arrow at the cut edge says there is more. Sub-channels are grouped under their
// parent (a list named by the parent, drawn as a branch of it).

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

import { busyControlProps } from './busy-control';
import { channelFamilies, type FamilyChannel } from './channel-families';

/** Whether the list hides channels above or below what it shows. */
interface ScrollCue {
  above: boolean;
  below: boolean;
}

function scrollCue(list: HTMLElement | null): ScrollCue {
  if (!list) return { above: false, below: false };
  return {
    above: list.scrollTop > 1,
    below: list.scrollTop + list.clientHeight < list.scrollHeight - 1,
  };
}

/** The arrow at a cut edge of the list: more channels that way (decoration; the list has its size). */
function MoreArrow({ where }: { where: 'above' | 'below' }) {
  return (
    <span className={`channel-picker__more channel-picker__more--${where}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
        <path
          d={where === 'below' ? 'M6 9l6 6 6-6' : 'M6 15l6-6 6 6'}
          stroke="currentColor"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}

/**
 * The channels as buttons, the current one marked. `onChoose` hears the chosen channel, `onClose`
 * a close without choosing (Escape: `refocus`, the button takes the focus back; a press outside).
 */
export function ChannelPickerList({
  id,
  channels,
  current,
  busy,
  onChoose,
  onClose,
  root,
}: {
  id: string;
  channels: FamilyChannel[];
  current: string;
  busy: boolean;
  onChoose: (slug: string) => void;
  onClose: (refocus: boolean) => void;
  /** The dropdown around the list: a press inside it does not close the list. */
  root: HTMLElement | null;
}) {
  const [cue, setCue] = useState<ScrollCue>({ above: false, below: false });
  const listRef = useRef<HTMLUListElement>(null);
  const families = channelFamilies(channels);

  const updateCue = useCallback(() => {
    const next = scrollCue(listRef.current);
    setCue((was) => (was.above === next.above && was.below === next.below ? was : next));
  }, []);

  useLayoutEffect(updateCue, [updateCue]);

  useEffect(() => {
    listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"], button')?.focus();
    const close = (event: MouseEvent) => {
      if (!root?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [root, onClose]);

  // Arrow keys move between the channels (across the groups), Home and End go to the first and the
  // last, Escape closes the list and returns to its button.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(event.currentTarget);
    if (event.key === 'Escape') {
      // Only the list closes, not the expanded player's dialog around it.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      onClose(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? buttons[0] : buttons[buttons.length - 1])?.focus();
    }
  };

  const channelButton = (channel: FamilyChannel, buttonId?: string) => (
    <button
      id={buttonId}
      type="button"
      aria-current={channel.slug === current ? 'true' : undefined}
      {...busyControlProps(busy)}
      onClick={() => onChoose(channel.slug)}
      onKeyDown={onKeyDown}
    >
      {channel.name}
    </button>
  );

  return (
    <div className="channel-picker__popup">
      <ul
        id={id}
        ref={listRef}
        className={`channel-picker__list${busy ? ' is-busy' : ''}`}
        aria-label="Zenders"
        aria-busy={busy}
        onScroll={updateCue}
      >
        {families.map(({ parent, children }) => {
          if (children.length === 0) return <li key={parent.slug}>{channelButton(parent)}</li>;
          const parentId = `${id}-${parent.slug}`;
          return (
            <li key={parent.slug} className="channel-picker__family">
              {channelButton(parent, parentId)}
              <ul className="channel-picker__group" aria-labelledby={parentId}>
                {children.map((child) => (
                  <li key={child.slug}>{channelButton(child)}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {cue.above && <MoreArrow where="above" />}
      {cue.below && <MoreArrow where="below" />}
    </div>
  );
}
