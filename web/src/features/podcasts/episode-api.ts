// The podcast episode call of spec §7 (GET /api/podcasts/episodes/{episodeId}, "Podcast episode"):
// the episode page asks it for its episode and feed. Until it answers, and when it fails (reported,
// no result: spec §7 "Failed fetches"), the page shows the episode of its own page data.

import { useEffect, useState } from 'react';
import type { PodcastEpisode, PodcastFeed } from '../../api/types';
import { fetchJsonOrNothing } from '../../lib/http';
import { apiTimeToInstant } from '../player';

/** What the call answers; its dates are API dates, 'yyyy-MM-dd HH:mm:ss' in Amsterdam (spec §9). */
export interface EpisodeAnswer {
  episode: PodcastEpisode;
  feed: PodcastFeed;
}

export function episodeApiUrl(id: number): string {
  return `/api/podcasts/episodes/${encodeURIComponent(String(id))}`;
}

/** An API date as the ISO instant the pages use; an ISO instant (or anything else) is kept. */
export function isoOfApiDate(value: string): string {
  const instant = apiTimeToInstant(value);
  return Number.isFinite(instant) ? new Date(instant).toISOString().replace('.000Z', 'Z') : value;
}

/** The answer with its episode's date as the page data has it. */
export function fromEpisodeAnswer(answer: EpisodeAnswer): EpisodeAnswer {
  return {
    feed: answer.feed,
    episode: { ...answer.episode, publishedAt: isoOfApiDate(answer.episode.publishedAt) },
  };
}

/** The episode and feed to show: the call's answer once it came, the page data's before. */
export function useEpisodeFromApi(initial: EpisodeAnswer): EpisodeAnswer {
  const id = initial.episode.id;
  const [answer, setAnswer] = useState<{ id: number; value: EpisodeAnswer } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchJsonOrNothing<EpisodeAnswer>(episodeApiUrl(id), { signal: controller.signal }).then((value) => {
      if (value && !controller.signal.aborted && value.episode?.id === id) {
        setAnswer({ id, value: fromEpisodeAnswer(value) });
      }
    });
    return () => controller.abort();
  }, [id]);
  return answer?.id === id ? answer.value : initial;
}
