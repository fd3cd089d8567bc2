// On-demand items as playables of spec §3, for the mini player.

import type { Fragment, PodcastEpisode } from '../../api/types';
import type { Show } from './live-state';
import type { Playable } from './player-state';

/** A fragment with the fragments that follow it as its queue (spec §4: the next plays when one ends). */
export function fragmentPlayable(fragment: Fragment, following: Fragment[] = []): Playable {
  return {
    id: `fragment-${fragment.id}`,
    name: fragment.title,
    type: 'fragment',
    imageUrl: fragment.imageUrl,
    ...(fragment.programme ? { subtitle: fragment.programme.name } : {}),
    player: {
      tokenUrl: `/api/play/fragment/${fragment.id}`,
      parameters: [
        { name: 'progressive', value: fragment.audioUrl },
        { name: 'poster', value: fragment.imageUrl },
      ],
    },
    queue: following.map((f) => fragmentPlayable(f)),
  };
}

/** A podcast episode with the episodes after it in the feed's list as its queue. */
export function episodePlayable(episode: PodcastEpisode, following: PodcastEpisode[] = []): Playable {
  return {
    id: `episode-${episode.id}`,
    name: episode.title,
    type: 'episode',
    imageUrl: episode.imageUrl,
    player: {
      tokenUrl: `/api/play/episode/${episode.id}`,
      parameters: [
        { name: 'progressive', value: episode.audioUrl },
        { name: 'poster', value: episode.imageUrl },
      ],
    },
    queue: following.map((e) => episodePlayable(e)),
  };
}

/**
 * The item at `index` of a playable's queue ('Hierna'), ready to play: the items after it become
 * its queue, so that the list plays on from there.
 */
export function queueItem(current: Playable, index: number): Playable | null {
  const item = current.queue[index];
  return item ? { ...item, queue: current.queue.slice(index + 1) } : null;
}

/**
 * 'Terug naar het begin': the programme on air, from its first second. The play API answers its
 * HLS playlist from the recordings, which grows until the programme ends; 'Luister live' returns
 * to the live stream.
 */
export function restartPlayable(show: Show, channelName: string): Playable | null {
  if (show.broadcastId === undefined) return null;
  return {
    id: `broadcast-${show.broadcastId}`,
    name: show.name,
    type: 'broadcast',
    imageUrl: show.imageUrls.url600,
    subtitle: channelName,
    queue: [],
    player: {
      tokenUrl: `/api/play/broadcast/${show.broadcastId}`,
      parameters: [{ name: 'poster', value: show.imageUrls.url600 }],
    },
  };
}
