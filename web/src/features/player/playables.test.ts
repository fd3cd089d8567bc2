import { describe, expect, it } from 'vitest';

import type { Fragment } from '../../api/types';
import { fragmentPlayable } from './playables';

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
