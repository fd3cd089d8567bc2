// Where live rewind can play from (issue 49), pure: the spans of a channel's window that a recorded
// hour holds, as the timeshift call answers them and as Gedraaid's page data carries them.

import type { RecordedSpan } from '../../api/types';

const HOUR_MS = 3_600_000;

/**
 * Whether `instant` can be heard again at that very moment: one of `spans` (oldest first) holds it,
 * or the hour still being recorded does, past the last span's end as it was answered. A moment in a
 * gap between spans (nothing was recorded then) cannot.
 */
export function isRecordedIn(spans: readonly RecordedSpan[], instant: number): boolean {
  if (spans.some((span) => instant >= span.fromMs && instant < span.untilMs)) return true;
  const last = spans.at(-1);
  return (
    last !== undefined &&
    instant >= last.untilMs &&
    instant < (Math.floor(last.fromMs / HOUR_MS) + 1) * HOUR_MS
  );
}
