// The arithmetic of the expanded player's seek bar and skip buttons: where a skip lands, and the
// elapsed, remaining and (for a missed broadcast) wall-clock texts of a position. Pure.

import { durationLabel, formatDuration, formatTime } from '../../lib/format-date';
import type { PlaybackTime } from './audio-engine';
import type { PlaybackGap } from './player-state';

/** The skip buttons: back 15 seconds, forward 30 (as BBC Sounds). */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;

/** Whether the item's length is known (a live stream or an item still loading has none). */
export function hasDuration(time: PlaybackTime | null): time is PlaybackTime {
  return time !== null && Number.isFinite(time.duration) && time.duration > 0;
}

/** Where a skip of `delta` seconds from the current position lands: within 0..duration. */
export function skipTarget(time: PlaybackTime, delta: number): number {
  const position = Number.isFinite(time.position) ? Math.max(0, time.position) : 0;
  const target = position + delta;
  const end = hasDuration(time) ? time.duration : Number.POSITIVE_INFINITY;
  return Math.min(end, Math.max(0, target));
}

export interface SeekBarView {
  max: number; // whole seconds
  value: number; // whole seconds, within 0..max
  elapsed: string; // '1:05'
  remaining: string; // '-23:55'
  /** For a missed broadcast: the time of day this position was on air, 'HH:mm'. */
  onAir: string | null;
  /** What a screen reader says for the slider's value. */
  valueText: string;
}

/**
 * The seek bar of an on-demand item with a known length; null while the length is unknown.
 * `broadcastFrom` (an instant) is the start of a missed broadcast's recording.
 */
export function seekBarView(time: PlaybackTime | null, broadcastFrom?: string): SeekBarView | null {
  if (!hasDuration(time)) return null;
  // A length rounds to the nearest second, as the lists' durations do (the server rounds the
  // stored milliseconds): a 17.6 s fragment is 0:18 in its card and in the player (issue 39).
  const max = Math.max(1, Math.round(time.duration));
  const value = Math.min(max, Math.max(0, Math.floor(Number.isFinite(time.position) ? time.position : 0)));
  const hours = max >= 3600;
  const start = broadcastFrom ? Date.parse(broadcastFrom) : Number.NaN;
  const onAir = Number.isFinite(start) ? formatTime(new Date(start + value * 1000)) : null;
  const spoken = `${durationLabel(value)} van ${durationLabel(max)}`;
  return {
    max,
    value,
    elapsed: formatDuration(value, hours),
    remaining: `-${formatDuration(max - value, hours)}`,
    onAir,
    valueText: onAir ? `${spoken}, uitgezonden om ${onAir}` : spoken,
  };
}

/**
 * Where playback goes on when `position` lies in one of `gaps` (a missing hour of a recording,
 * played as silence): the gap's end; null when it lies in none.
 */
export function pastGap(gaps: readonly PlaybackGap[] | undefined, position: number): number | null {
  if (!gaps || !Number.isFinite(position)) return null;
  const gap = gaps.find((g) => position >= g.from && position < g.until);
  return gap ? gap.until : null;
}
