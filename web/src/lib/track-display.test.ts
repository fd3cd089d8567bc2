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
  it('shows the names spec §3 gives, as the server wrote them (and its HTML shows): not a rule of its own', () => {
    const charted = { ...base, chartPosition: 3, name: '#3:  Zomer' };
    expect(displayTrack(charted).name).toBe('#3:  Zomer');
    const classical = {
      ...base,
      completeWork: 'Symfonie nr. 5',
      composer: 'Beethoven',
      ensemble: 'RCO',
      name: 'Symfonie nr. 5',
      displayArtist: 'Beethoven',
    };
    expect(displayTrack(classical)).toMatchObject({
      name: 'Symfonie nr. 5',
      artist: 'Beethoven',
      ensemble: 'RCO',
    });
  });
  it('falls back to the unknown-track image', () => {
    expect(displayTrack({ ...base, coverUrl: null }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
    expect(displayTrack({ ...base, coverUrl: '' }).imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
  });
});
