// Pure helpers of the podcast pages: which episodes follow one in its feed, and how an episode's
// date and duration read (spec §9).

import type { PodcastEpisode } from '../../api/types';
import { durationLabel, formatDuration, formatLongDate } from '../../lib/format-date';

/** The episodes after `id` in the list's order (newest first: the older ones), for the player's queue. */
export function followingEpisodes(episodes: PodcastEpisode[], id: number): PodcastEpisode[] {
  const index = episodes.findIndex((e) => e.id === id);
  return index < 0 ? [] : episodes.slice(index + 1);
}

export interface EpisodeMeta {
  date: string; // 'zaterdag 21 november 2026'
  duration: string; // 'h:mm:ss' with hours only when above 0
  durationLabel: string; // '25 minuten'
}

export function episodeMeta(episode: PodcastEpisode): EpisodeMeta {
  return {
    date: formatLongDate(episode.publishedAt),
    duration: formatDuration(episode.durationSeconds),
    durationLabel: durationLabel(episode.durationSeconds),
  };
}

/** '5 afleveringen', '1 aflevering'. */
export function episodeCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'aflevering' : 'afleveringen'}`;
}
