// The channel dropdown of spec §2: the current channel's name; opening it lists the channels at
// 32 px an item, at most 169 px high (spec §9), so that a station with more than five channels
// scrolls: a fade with an arrow at the cut edge says there is more. Sub-channels are grouped under
// their parent (a list named by the parent, drawn as a branch of it). Changing channel stops,
// switches, loads the new channel and closes the list (spec §4).

import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';

import { useSite } from '../../lib/site-context';
import { busyControlProps } from './busy-control';
import { channelFamilies, pickerChannels, type FamilyChannel } from './channel-families';
import { usePlayer } from './use-player';
import { isPlayerBusy } from './player-state';
import './channel-picker.css';

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

/** The dropdown's channels: the live data's (spec §3), in the site's order (channel-families.ts). */
export function usePickerChannels(): FamilyChannel[] {
  const site = useSite();
  const { info } = usePlayer();
  return useMemo(() => pickerChannels(info, site.channels), [info, site.channels]);
}

export function ChannelPicker() {
  const site = useSite();
  const { state, commands } = usePlayer();
  const channels = usePickerChannels();
  const [open, setOpen] = useState(false);
  const [cue, setCue] = useState<ScrollCue>({ above: false, below: false });
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const current = state.channel?.id ?? site.defaultChannel;
  // spec §4: changing channel is ignored while the player loads; the list says so meanwhile.
  const busy = isPlayerBusy(state);
  const families = channelFamilies(channels);

  const updateCue = useCallback(() => {
    const next = scrollCue(listRef.current);
    setCue((was) => (was.above === next.above && was.below === next.below ? was : next));
  }, []);

  useLayoutEffect(() => {
    if (open) updateCue();
  }, [open, updateCue]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"], button')?.focus();
    const close = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  // Arrow keys move between the channels (across the groups), Home and End go to the first and the
  // last, Escape closes the list and returns to its button.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(event.currentTarget);
    if (event.key === 'Escape') {
      // Only the list closes, not the expanded player's dialog around it.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? buttons[0] : buttons[buttons.length - 1])?.focus();
    }
  };

  const choose = (slug: string) => {
    if (busy) return;
    setOpen(false);
    buttonRef.current?.focus();
    if (slug !== current) commands.changeChannel(slug);
  };

  const channelButton = (channel: FamilyChannel, id?: string) => (
    <button
      id={id}
      type="button"
      aria-current={channel.slug === current ? 'true' : undefined}
      {...busyControlProps(busy)}
      onClick={() => choose(channel.slug)}
      onKeyDown={onKeyDown}
    >
      {channel.name}
    </button>
  );

  return (
    <div ref={rootRef} className="channel-picker">
      <button
        ref={buttonRef}
        type="button"
        className="channel-picker__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Zender: </span>
        {state.channel?.name || channels.find((c) => c.slug === current)?.name}
      </button>
      {open && (
        <div className="channel-picker__popup">
          <ul
            id={listId}
            ref={listRef}
            className={`channel-picker__list${busy ? ' is-busy' : ''}`}
            aria-label="Zenders"
            aria-busy={busy}
            onScroll={updateCue}
          >
            {families.map(({ parent, children }) => {
              if (children.length === 0) return <li key={parent.slug}>{channelButton(parent)}</li>;
              const parentId = `${listId}-${parent.slug}`;
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
      )}
    </div>
  );
}
