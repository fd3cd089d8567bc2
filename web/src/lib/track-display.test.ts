import { describe, expect, it } from 'vitest';
import type { TrackPlay } from '../api/types';
import { UNKNOWN_TRACK_IMAGE, displayTrack } from './track-display';

const base: TrackPlay = {
  id: 1,
  from: '2026-11-21T10:05:00Z',
  until: '2026-11-21T10:09:00Z',
  title: 'Zomer',
  artist: 'De Band',
  name: 'Zomer',
  displayArtist: 'De Band',
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
  it('uses the name, artist, cover and Amsterdam time', () => {
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
  it('shows the name and artist the server gave by spec §3 (as its HTML does), deriving none of its own', () => {
    const classical = {
      ...base,
      chartPosition: 3,
      completeWork: 'Symfonie nr. 5',
      composer: 'Beethoven',
      ensemble: 'RCO',
      name: '#3:  Symfonie nr. 5 (server)',
      displayArtist: 'Beethoven (server)',
    };
    expect(displayTrack(classical)).toMatchObject({
      name: '#3:  Symfonie nr. 5 (server)',
      artist: 'Beethoven (server)',
      ensemble: 'RCO',
    });
  });
  it('falls back to the unknown-track image', () => {
    expect(displayTrack({ ...base, coverUrl: null }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
    expect(displayTrack({ ...base, coverUrl: '' }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
  });
});
