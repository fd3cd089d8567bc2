// A broadcast's recording as a playable of the mini player, and the labels of its track list.

import type { Broadcast } from '../../api/types';
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

/** A track's place in the recording: '4:05', '1:02:03'. */
export function formatOffset(offsetSeconds: number): string {
  return formatDuration(Math.max(0, Math.floor(Number.isFinite(offsetSeconds) ? offsetSeconds : 0)));
}

/** The text of a track's button: 'Speel vanaf 1:02:03'. */
export function playFromLabel(offsetSeconds: number): string {
  return `Speel vanaf ${formatOffset(offsetSeconds)}`;
}
