import { describe, expect, it } from 'vitest';

import { playbackClockText } from './playback-clock';

describe('playbackClockText', () => {
  it('shows minutes and seconds for items under an hour', () => {
    expect(playbackClockText({ position: 65.4, duration: 1500, progress: 4 })).toEqual({
      position: '1:05',
      duration: '25:00',
      label: '1 minuut 5 seconden van 25 minuten',
    });
  });

  it('forces hours on the position when the item lasts an hour or more', () => {
    expect(playbackClockText({ position: 5, duration: 3725, progress: 0 })).toMatchObject({
      position: '0:00:05',
      duration: '1:02:05',
    });
  });

  it('rounds the length to the nearest second, as the lists do (a 17.6 s fragment is 0:18)', () => {
    expect(playbackClockText({ position: 2.9, duration: 17.6, progress: 16 })).toMatchObject({
      position: '0:02',
      duration: '0:18',
      label: '2 seconden van 18 seconden',
    });
  });

  it('leaves the duration out while the engine does not know it', () => {
    expect(playbackClockText({ position: 0, duration: Number.NaN, progress: 0 })).toEqual({
      position: '0:00',
      duration: null,
      label: '0 seconden afgespeeld',
    });
    expect(playbackClockText({ position: 3, duration: Infinity, progress: 0 }).duration).toBeNull();
  });
});
