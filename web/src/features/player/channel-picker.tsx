// The channel dropdown of spec §2: the current channel's name; opening it lists the channels
// (channel-picker-list.tsx, loaded on first use). Changing channel stops, switches, loads the new
// channel and closes the list (spec §4).

import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';

import { useSite } from '../../lib/site-context';
import { pickerChannels, type FamilyChannel } from './channel-families';
import { usePlayer } from './use-player';
import { isPlayerBusy } from './player-state';
import './channel-picker.css';

const loadList = () => import('./channel-picker-list');
const ChannelPickerList = lazy(() => loadList().then((m) => ({ default: m.ChannelPickerList })));

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
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = state.channel?.id ?? site.defaultChannel;
  // spec §4: changing channel is ignored while the player loads; the list says so meanwhile.
  const busy = isPlayerBusy(state);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  const choose = (slug: string) => {
    if (busy) return;
    close(true);
    if (slug !== current) commands.changeChannel(slug);
  };

  return (
    <div ref={rootRef} className="channel-picker">
      <button
        ref={buttonRef}
        type="button"
        className="channel-picker__button"
        aria-expanded={open}
        aria-controls={listId}
        // The list's code comes as the pointer or the focus nears the button, before a click asks for it.
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Zender: </span>
        {state.channel?.name || channels.find((c) => c.slug === current)?.name}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChannelPickerList
            id={listId}
            channels={channels}
            current={current}
            busy={busy}
            onChoose={choose}
            onClose={close}
            root={rootRef.current}
          />
        </Suspense>
      )}
    </div>
  );
}
