// A broadcast's recording as a playable of the mini player, and the labels of its track list.

import type { Broadcast, BroadcastHour, RecordedBroadcastHour, RecordingGap } from '../../api/types';
import type { Playable } from '../player';
import { formatDuration, formatTimeRange } from '../../lib/format-date';

/** The player skips the gaps of a recording (missing hours, which play as silence). */
function playbackGaps(gaps: readonly RecordingGap[]): Playable['gaps'] {
  return gaps.map((gap) => ({ from: gap.offsetSeconds, until: gap.untilSeconds }));
}

/** The recording plays through the play API, which answers a signed URL that expires. */
export function broadcastPlayable(broadcast: Broadcast, gaps: readonly RecordingGap[] = []): Playable {
  return {
    gaps: playbackGaps(gaps),
    id: `broadcast-${broadcast.id}`,
    name: broadcast.title,
    type: 'broadcast',
    imageUrl: broadcast.imageUrl,
    subtitle: broadcast.channel.name,
    broadcastFrom: broadcast.from,
    queue: [],
    player: {
      tokenUrl: `/api/play/broadcast/${broadcast.id}`,
      parameters: [{ name: 'poster', value: broadcast.imageUrl }],
    },
  };
}

/** The unix seconds at which an hour starts: the name of the hour in the play API. */
export function hourStart(hour: BroadcastHour): number {
  return Math.floor(Date.parse(hour.from) / 1000);
}

/** The id of the playable of one hour of a broadcast: which hour the player is in. */
export function broadcastHourId(broadcastId: number, hour: BroadcastHour): string {
  return `broadcast-${broadcastId}-${hourStart(hour)}`;
}

/**
 * The hours of a broadcast that follow `hour` and have ended, in order, up to the first that has not
 * (an hour still on air has no recording yet): what plays on when the hour is over.
 */
export function followingHours(
  hours: readonly (BroadcastHour & { ended: boolean })[],
  hour: BroadcastHour,
): BroadcastHour[] {
  const at = hours.findIndex((h) => h.url === hour.url);
  if (at < 0) return [];
  const after = hours.slice(at + 1);
  const open = after.findIndex((h) => !h.ended);
  return (open < 0 ? after : after.slice(0, open)).map(({ from, until, label, url }) => ({
    from,
    until,
    label,
    url,
  }));
}

/**
 * One hour of a broadcast: its own recording (the play API's hour), seekable over the hour. The
 * hours in `following` are its queue (spec §4: the next item plays when one ends), so the broadcast
 * goes on into its next hour instead of stopping when the hour is over.
 */
export function broadcastHourPlayable(
  broadcast: Broadcast,
  hour: BroadcastHour,
  gaps: readonly RecordingGap[] = [],
  following: readonly BroadcastHour[] = [],
): Playable {
  const start = hourStart(hour);
  return {
    gaps: playbackGaps(gaps),
    id: broadcastHourId(broadcast.id, hour),
    name: broadcast.title,
    type: 'broadcast',
    imageUrl: broadcast.imageUrl,
    subtitle: hour.label,
    broadcastFrom: hour.from,
    queue: following.map((next) => broadcastHourPlayable(broadcast, next)),
    player: {
      tokenUrl: `/api/play/broadcast/${broadcast.id}/${start}`,
      parameters: [{ name: 'poster', value: broadcast.imageUrl }],
    },
  };
}

/** A track's place in the recording: '4:05', '1:02:03'. */
export function formatOffset(offsetSeconds: number): string {
  return formatDuration(Math.max(0, Math.floor(Number.isFinite(offsetSeconds) ? offsetSeconds : 0)));
}

/** The text of a track's button: 'Speel vanaf 1:02:03'. */
export function playFromLabel(offsetSeconds: number): string {
  return `Speel vanaf ${formatOffset(offsetSeconds)}`;
}

/**
 * What the page says of a gap: 'Het uur 14:00–15:00 ontbreekt in de opname' for a clock hour,
 * 'Het deel 14:40–15:00 ...' for part of one, 'De uren 13:00–15:00 ...' for several.
 */
export function gapNotice(gap: RecordingGap): string {
  const from = Date.parse(gap.from);
  const until = Date.parse(gap.until);
  const hourMs = 3_600_000;
  const wholeHours = from % hourMs === 0 && until % hourMs === 0;
  const range = formatTimeRange(gap.from, gap.until);
  if (wholeHours && until - from > hourMs) return `De uren ${range} ontbreken in de opname`;
  return `${wholeHours ? 'Het uur' : 'Het deel'} ${range} ontbreekt in de opname`;
}

/** The recorded hour that holds `instant` (an ISO instant), if one of `recorded` does. */
export function recordedHourOf(
  recorded: readonly RecordedBroadcastHour[],
  instant: string,
): RecordedBroadcastHour | undefined {
  const at = Date.parse(instant);
  return recorded.find(({ hour }) => Date.parse(hour.from) <= at && at < Date.parse(hour.until));
}

/** Where `instant` lies in `hour`'s recording, in whole seconds from the hour's start. */
export function offsetInHour(hour: BroadcastHour, instant: string): number {
  return Math.max(0, Math.floor(Date.parse(instant) / 1000) - hourStart(hour));
}
