// 'Luister vanaf hier' (issue 49): a played track still inside its channel's live-rewind window,
// in an hour that was recorded, starts the channel at that track's first second.

import { useCallback, useEffect, useState } from 'react';

import { busyClassName, busyControlProps } from './busy-control';
import { usePlayer } from './use-player';
import { isRecordedAt, type RewindWindow } from './live-rewind';
import { isPlayerBusy } from './player-state';

/**
 * Whether a moment (ms) of `channel` can be played from in live rewind: inside its window, in an
 * hour that was recorded. The window is fetched once the page has rendered; until then, and for a
 * channel that records nothing, no moment can.
 */
export function useRewindRecordedAt(channel: string): (instant: number) => boolean {
  const [rewind, setRewind] = useState<RewindWindow | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void import('./live-rewind-api')
      .then(({ fetchRewindWindow }) => fetchRewindWindow(channel, Date.now(), controller.signal))
      .then(setRewind)
      .catch(() => setRewind(null));
    return () => controller.abort();
  }, [channel]);
  return useCallback((instant: number) => rewind !== null && isRecordedAt(rewind, instant), [rewind]);
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
