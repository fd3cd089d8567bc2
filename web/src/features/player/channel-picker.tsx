// The channel dropdown of spec §2: the current channel's name; opening it lists the family (sub-
// channels under their parent) at 32 px an item, at most 169 px high. Changing channel stops,
// switches, loads the new channel and closes the list (spec §4).

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { useSite } from '../../lib/site-context';
import { busyControlProps } from './busy-control';
import { usePlayer } from './player-context';
import { isPlayerBusy } from './player-state';

export function ChannelPicker() {
  const site = useSite();
  const { state, commands } = usePlayer();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const current = state.channel?.id ?? site.defaultChannel;
  // spec §4: changing channel is ignored while the player loads; the list says so meanwhile.
  const busy = isPlayerBusy(state);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"], button')?.focus();
    const close = (event: MouseEvent) => {
      if (!listRef.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  // Arrow keys move between the channels, Escape closes the list and returns to its button.
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
    }
  };

  const choose = (slug: string) => {
    if (busy) return;
    setOpen(false);
    buttonRef.current?.focus();
    if (slug !== current) commands.changeChannel(slug);
  };

  return (
    <div className="channel-picker">
      <button
        ref={buttonRef}
        type="button"
        className="channel-picker__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Zender: </span>
        {state.channel?.name || site.channels.find((c) => c.slug === current)?.name}
      </button>
      {open && (
        <ul
          id={listId}
          ref={listRef}
          className={`channel-picker__list${busy ? ' is-busy' : ''}`}
          aria-busy={busy}
        >
          {site.channels.map((channel) => (
            <li key={channel.slug} className={channel.parentSlug ? 'channel-picker__child' : undefined}>
              <button
                type="button"
                aria-current={channel.slug === current ? 'true' : undefined}
                {...busyControlProps(busy)}
                onClick={() => choose(channel.slug)}
                onKeyDown={onKeyDown}
              >
                {channel.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
