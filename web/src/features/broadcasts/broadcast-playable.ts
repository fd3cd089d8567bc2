// A broadcast's recording as a playable of the mini player, and the labels of its track list.

import type { Broadcast, BroadcastHour } from '../../api/types';
import type { Playable } from '../player';
import { formatDuration } from '../../lib/format-date';

/** The recording plays through the play API, which answers a signed URL that expires. */
export function broadcastPlayable(broadcast: Broadcast): Playable {
  return {
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

/** One hour of a broadcast: its own recording (the play API's hour), seekable over the hour. */
export function broadcastHourPlayable(broadcast: Broadcast, hour: BroadcastHour): Playable {
  const start = hourStart(hour);
  return {
    id: `broadcast-${broadcast.id}-${start}`,
    name: broadcast.title,
    type: 'broadcast',
    imageUrl: broadcast.imageUrl,
    subtitle: hour.label,
    broadcastFrom: hour.from,
    queue: [],
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
