import { describe, expect, it } from 'vitest';
import type { TrackPlay } from '../api/types';
import { UNKNOWN_TRACK_IMAGE, displayTrack, displayTracks } from './track-display';

const base: TrackPlay = {
  id: 1,
  from: '2026-11-21T10:05:00Z',
  until: '2026-11-21T10:09:00Z',
  title: 'Zomer',
  artist: 'De Band',
  songSlug: 'zomer',
  songId: 3,
  coverUrl: '/media/images/covers/zomer.webp',
  chartPosition: null,
  composer: null,
  completeWork: null,
  ensemble: null,
  url: '/nummers/3/zomer',
};

describe('displayTrack', () => {
  it('uses the title, artist, cover and Amsterdam time', () => {
    expect(displayTrack(base)).toEqual({
      id: 1,
      name: 'Zomer',
      artist: 'De Band',
      imageUrl: '/media/images/covers/zomer.webp',
      time: '11:05',
      ensemble: null,
      url: '/nummers/3/zomer',
    });
  });
  it('prefixes the chart position with two spaces', () => {
    expect(displayTrack({ ...base, chartPosition: 3 }).name).toBe('#3:  Zomer');
  });
  it('prefers the complete work and, in classical mode, the composer', () => {
    const classical = { ...base, completeWork: 'Symfonie nr. 5', composer: 'Beethoven', ensemble: 'RCO' };
    expect(displayTrack(classical, { classical: true })).toMatchObject({
      name: 'Symfonie nr. 5',
      artist: 'Beethoven',
      ensemble: 'RCO',
    });
    expect(displayTrack(classical).artist).toBe('De Band');
  });
  it('falls back to the unknown-track image', () => {
    expect(displayTrack({ ...base, coverUrl: null }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
    expect(displayTrack({ ...base, coverUrl: '' }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
  });
  it('drops plays without a song', () => {
    expect(displayTracks([base, { ...base, id: 2, title: '' }]).map((t) => t.id)).toEqual([1]);
  });
});
