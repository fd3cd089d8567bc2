import { describe, expect, it } from 'vitest';

import type { Fragment, PodcastEpisode } from '../../api/types';
import { episodePlayable, fragmentPlayable } from './playables';

function fragment(id: number): Fragment {
  return {
    id,
    slug: `f-${id}`,
    title: `Fragment ${id}`,
    description: '',
    programme: null,
    publishedAt: '2026-11-21T10:00:00Z',
    durationSeconds: 30,
    imageUrl: `/media/images/fragments/${id}.webp`,
    audioUrl: `/media/fragments/${id}.mp3`,
    tags: [],
  };
}

describe('fragmentPlayable', () => {
  it('is a fragment playable with its audio as progressive URL and the rest as queue', () => {
    const playable = fragmentPlayable(fragment(1), [fragment(2), fragment(3)]);
    expect(playable).toMatchObject({ id: 'fragment-1', name: 'Fragment 1', type: 'fragment' });
    expect(playable.player.parameters).toContainEqual({
      name: 'progressive',
      value: '/media/fragments/1.mp3',
    });
    expect(playable.player.tokenUrl).toBe('/api/play/fragment/1');
    expect(playable.queue.map((p) => p.id)).toEqual(['fragment-2', 'fragment-3']);
    expect(playable.queue[0]?.queue).toEqual([]);
  });
});

function episode(id: number): PodcastEpisode {
  return {
    id,
    slug: `e-${id}`,
    feedSlug: 'de-nieuwsduik',
    title: `Aflevering ${id}`,
    description: '',
    publishedAt: '2026-11-21T10:00:00Z',
    durationSeconds: 3700,
    audioUrl: `/media/podcasts/de-nieuwsduik/${id}.mp3`,
    imageUrl: '/media/images/podcasts/de-nieuwsduik.webp',
  };
}

describe('episodePlayable', () => {
  it('is an episode playable with the following episodes as its queue', () => {
    const playable = episodePlayable(episode(5), [episode(4), episode(3)]);
    expect(playable).toMatchObject({ id: 'episode-5', name: 'Aflevering 5', type: 'episode' });
    expect(playable.player.tokenUrl).toBe('/api/play/episode/5');
    expect(playable.player.parameters).toContainEqual({
      name: 'progressive',
      value: '/media/podcasts/de-nieuwsduik/5.mp3',
    });
    expect(playable.imageUrl).toBe('/media/images/podcasts/de-nieuwsduik.webp');
    expect(playable.queue.map((p) => p.id)).toEqual(['episode-4', 'episode-3']);
    expect(playable.queue[1]?.queue).toEqual([]);
  });
});
