// 'Luister vanaf hier' (issue 49): a played track still inside its channel's live-rewind window,
// in an hour that was recorded, starts the channel at that track's first second.

import { useCallback, useEffect, useState } from 'react';

import { busyClassName, busyControlProps } from './busy-control';
import { isRecordedIn, type RecordedSpan } from './recorded-spans';
import { usePlayer, usePlayerBusy } from './use-player';

const NO_SPANS: readonly RecordedSpan[] = [];

/**
 * Whether a moment (ms) of `channel` can be played from in live rewind: inside its window, in an
 * hour that was recorded. The window is fetched once the page has rendered; until it is answered
 * (and when the call fails) the `initial` spans a page's data brought decide, so that the first
 * render offers the same buttons as the window will and no row grows under the listener's eyes.
 */
export function useRewindRecordedAt(
  channel: string,
  initial: readonly RecordedSpan[] = NO_SPANS,
): (instant: number) => boolean {
  const [recordedAt, setRecordedAt] = useState<{ at: (instant: number) => boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Live rewind's code comes with the window, after the page: not in the page's first script.
    void Promise.all([import('./live-rewind-api'), import('./live-rewind')])
      .then(async ([{ fetchRewindWindow }, { isRecordedAt }]) => {
        const rewind = await fetchRewindWindow(channel, Date.now(), controller.signal);
        setRecordedAt({ at: (instant) => (rewind ? isRecordedAt(rewind, instant) : false) });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [channel]);
  return useCallback(
    (instant: number) => (recordedAt ? recordedAt.at(instant) : isRecordedIn(initial, instant)),
    [recordedAt, initial],
  );
}

/**
 * 'Luister vanaf hier' on the played track `name`: `onListen` starts it there. Like every player
 * command, it is ignored while the player loads (spec §4), and the button says so.
 */
export function ListenFromHereButton({ name, onListen }: { name: string; onListen: () => void }) {
  const busy = usePlayerBusy();
  return (
    <button
      type="button"
      className={busyClassName('button button--small track__listen', busy)}
      {...busyControlProps(busy)}
      aria-label={`Luister vanaf hier: ${name}`}
      onClick={() => {
        if (!busy) onListen();
      }}
    >
      Luister vanaf hier
    </button>
  );
}

/** The button of one track: plays `channel` from `from` (an instant) in live rewind. */
export function ListenFromHere({ channel, from, name }: { channel: string; from: string; name: string }) {
  const { commands } = usePlayer();
  return <ListenFromHereButton name={name} onListen={() => commands.listenFrom(channel, Date.parse(from))} />;
}
