// 'Luister vanaf hier' (issue 49): a played track still inside its channel's live-rewind window
// starts the channel at that track's first second.

import { useEffect, useState } from 'react';

import { busyClassName, busyControlProps } from './busy-control';
import { usePlayer } from './use-player';
import { isPlayerBusy } from './player-state';

/**
 * The start (ms) of `channel`'s rewind window, fetched once the page has rendered; null while
 * unknown or when the channel records nothing.
 */
export function useRewindWindowStart(channel: string): number | null {
  const [start, setStart] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void import('./live-rewind-api')
      .then(({ fetchRewindWindow }) => fetchRewindWindow(channel, Date.now(), controller.signal))
      .then((window) => setStart(window?.fromMs ?? null))
      .catch(() => setStart(null));
    return () => controller.abort();
  }, [channel]);
  return start;
}

/** The button of one track: plays `channel` from `from` (an instant) in live rewind. */
export function ListenFromHere({ channel, from, name }: { channel: string; from: string; name: string }) {
  const { state, commands } = usePlayer();
  const busy = isPlayerBusy(state);
  return (
    <button
      type="button"
      className={busyClassName('button button--small track__listen', busy)}
      {...busyControlProps(busy)}
      aria-label={`Luister vanaf hier: ${name}`}
      onClick={() => {
        if (!busy) commands.listenFrom(channel, Date.parse(from));
      }}
    >
      Luister vanaf hier
    </button>
  );
}
