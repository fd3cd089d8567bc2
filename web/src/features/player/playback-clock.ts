// The on-demand position and duration of the mini player as text (spec §9: h:mm:ss, hours shown
// only when above 0 or forced). Pure, so the formatting is testable without an audio element.

import { durationLabel, formatDuration } from '../../lib/format-date';
import type { PlaybackTime } from './audio-engine';

export interface PlaybackClockText {
  position: string;
  duration: string | null; // null while the duration is not known yet
  label: string; // for screen readers: '1 minuut 5 seconden van 25 minuten'
}

/** Position and duration with the same shape: when the item lasts an hour or more, both show hours. */
export function playbackClockText(time: PlaybackTime): PlaybackClockText {
  const known = Number.isFinite(time.duration) && time.duration > 0;
  // A length rounds to the nearest second, as in the lists (seek-math.ts); a position counts whole
  // seconds played, as a clock does.
  const length = Math.round(time.duration);
  const played = Number.isFinite(time.position) && time.position > 0 ? time.position : 0;
  const position = known ? Math.min(played, length) : played;
  const hours = known && length >= 3600;
  return {
    position: formatDuration(position, hours),
    duration: known ? formatDuration(length, hours) : null,
    label: known
      ? `${durationLabel(position)} van ${durationLabel(length)}`
      : `${durationLabel(position)} afgespeeld`,
  };
}
