import { describe, expect, it } from 'vitest';

import type { PodcastEpisode } from '../../api/types';
import { episodeCountLabel, episodeMeta, followingEpisodes } from './episodes';

function episode(id: number, durationSeconds = 1500): PodcastEpisode {
  return {
    id,
    slug: `e-${id}`,
    feedSlug: 'feed',
    title: `Aflevering ${id}`,
    description: '',
    publishedAt: '2026-11-21T06:00:00Z',
    durationSeconds,
    audioUrl: `/media/${id}.mp3`,
    imageUrl: '',
  };
}

describe('followingEpisodes', () => {
  const list = [episode(5), episode(4), episode(3)];
  it('answers the episodes after the given one', () => {
    expect(followingEpisodes(list, 5).map((e) => e.id)).toEqual([4, 3]);
    expect(followingEpisodes(list, 3)).toEqual([]);
  });
  it('answers nothing for an episode not in the list', () => {
    expect(followingEpisodes(list, 9)).toEqual([]);
  });
});

describe('episodeMeta', () => {
  it('writes the Amsterdam date and the duration as h:mm:ss with hours only when above 0', () => {
    expect(episodeMeta(episode(1))).toEqual({
      date: 'zaterdag 21 november 2026',
      duration: '25:00',
      durationLabel: '25 minuten',
    });
    expect(episodeMeta(episode(2, 3725)).duration).toBe('1:02:05');
  });
});

describe('episodeCountLabel', () => {
  it('is singular for one', () => {
    expect(episodeCountLabel(1)).toBe('1 aflevering');
    expect(episodeCountLabel(0)).toBe('0 afleveringen');
  });
});
