// The alternation of the now-playing display (spec §4, §9): which of the items shows now.

import { useEffect, useState } from 'react';

import type { NowPlayingItem } from './now-playing';

/**
 * The item on show and the number of its turn: the first item again whenever the items change
 * (their kinds and titles), then each in turn for its `durationMs`, while `alternate` and there
 * are two or more. A re-render with equal items keeps the turn's clock: the bar re-renders for
 * many reasons (the live feed, the player's state), and a turn restarted by each would never end.
 */
export function useRotation(
  items: NowPlayingItem[],
  alternate: boolean,
): { current?: NowPlayingItem; cycle: number } {
  const [index, setIndex] = useState(0);
  const current = items[index % Math.max(1, items.length)] ?? items[0];
  const key = items.map((i) => `${i.kind}:${i.title}`).join('|');
  useEffect(() => {
    setIndex(0);
  }, [key]);
  const rotating = alternate && items.length > 1 && current !== undefined;
  const durationMs = current?.durationMs ?? 0;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => i + 1), durationMs);
    return () => window.clearTimeout(timer);
  }, [rotating, durationMs, index, key]);
  return current ? { current, cycle: index } : { cycle: index };
}
