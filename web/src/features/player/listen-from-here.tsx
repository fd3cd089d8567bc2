// 'Luister vanaf hier' (issue 49): a played track still inside its channel's live-rewind window,
// in an hour that was recorded, starts the channel at that track's first second.

import { useCallback, useEffect, useState } from 'react';

import type { RecordedSpan } from '../../api/types';
import { busyClassName, busyControlProps } from './busy-control';
import { isRecordedIn } from './recorded-spans';
import { usePlayer, usePlayerBusy } from './use-player';

const NO_SPANS: readonly RecordedSpan[] = [];

/**
 * Whether a moment (ms) of `channel` can be played from in live rewind: inside its window, in an
 * hour that was recorded. A page whose data names the window's recorded `spans` (Gedraaid, whose
 * data is renewed with every new song) decides by them from its first render, with no call of its
 * own: a button that came with a later answer would make its row grow under the listener's eyes
 * (issue 53). Without them the window is fetched once the page has rendered; until then, and for a
 * channel that records nothing, no moment can.
 */
export function useRewindRecordedAt(
  channel: string,
  spans?: readonly RecordedSpan[],
): (instant: number) => boolean {
  const [fetched, setFetched] = useState<readonly RecordedSpan[]>(NO_SPANS);
  const known = spans !== undefined;
  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    // Live rewind's code comes with the window, after the page: not in the page's first script.
    void import('./live-rewind-api')
      .then(async ({ fetchRewindWindow }) => {
        const rewind = await fetchRewindWindow(channel, Date.now(), controller.signal);
        setFetched(rewind?.hours ?? NO_SPANS);
      })
      .catch(() => setFetched(NO_SPANS));
    return () => controller.abort();
  }, [channel, known]);
  return useCallback((instant: number) => isRecordedIn(spans ?? fetched, instant), [spans, fetched]);
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
