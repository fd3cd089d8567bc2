import { describe, expect, it } from 'vitest';
import {
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
  hasDuration,
  pastGap,
  seekBarView,
  skipTarget,
} from './seek-math';

const at = (position: number, duration: number) => ({
  position,
  duration,
  progress: Number.isFinite(duration) ? (position / duration) * 100 : 0,
});

describe('skipTarget', () => {
  it('goes back 15 s and forward 30 s', () => {
    expect(skipTarget(at(100, 600), -SKIP_BACK_SECONDS)).toBe(85);
    expect(skipTarget(at(100, 600), SKIP_FORWARD_SECONDS)).toBe(130);
  });

  it('stays within the item', () => {
    expect(skipTarget(at(10, 600), -SKIP_BACK_SECONDS)).toBe(0);
    expect(skipTarget(at(590, 600), SKIP_FORWARD_SECONDS)).toBe(600);
    expect(skipTarget(at(Number.NaN, 600), SKIP_FORWARD_SECONDS)).toBe(30);
  });

  it('has no end while the length is unknown', () => {
    expect(skipTarget(at(10, Number.POSITIVE_INFINITY), SKIP_FORWARD_SECONDS)).toBe(40);
  });
});

describe('seekBarView', () => {
  it('is null without a known length (live, or still loading)', () => {
    expect(hasDuration(null)).toBe(false);
    expect(seekBarView(null)).toBeNull();
    expect(seekBarView(at(5, Number.POSITIVE_INFINITY))).toBeNull();
    expect(seekBarView(at(0, 0))).toBeNull();
  });

  it('gives elapsed and remaining time in m:ss, and a spoken value', () => {
    expect(seekBarView(at(65.7, 1500))).toEqual({
      max: 1500,
      value: 65,
      elapsed: '1:05',
      remaining: '-23:55',
      onAir: null,
      valueText: '1 minuut 5 seconden van 25 minuten',
    });
  });

  it('rounds the length to the nearest second, as the lists do (a 17.6 s fragment is 0:18)', () => {
    expect(seekBarView(at(0, 17.6))).toMatchObject({ max: 18, remaining: '-0:18' });
    expect(seekBarView(at(0, 17.4))).toMatchObject({ max: 17, remaining: '-0:17' });
  });

  it('shows hours on both sides for an item of an hour or more, and clamps the position', () => {
    const view = seekBarView(at(4000, 3600));
    expect(view?.value).toBe(3600);
    expect(view?.elapsed).toBe('1:00:00');
    expect(view?.remaining).toBe('-0:00:00');
  });

  it('gives a missed broadcast the time of day of the position (Amsterdam)', () => {
    // 18:00 in Amsterdam on 21 November 2026 (UTC+1); 1 h 23 min 20 s in.
    const view = seekBarView(at(5000, 21600), '2026-11-21T17:00:00Z');
    expect(view?.onAir).toBe('19:23');
    expect(view?.valueText).toBe('1 uur 23 minuten 20 seconden van 6 uur, uitgezonden om 19:23');
  });
});

describe('pastGap', () => {
  const gaps = [
    { from: 3600, until: 7200 },
    { from: 9000, until: 10800 },
  ];

  it('goes on at the end of the gap a position lies in', () => {
    expect(pastGap(gaps, 3600)).toBe(7200);
    expect(pastGap(gaps, 5000.5)).toBe(7200);
    expect(pastGap(gaps, 9001)).toBe(10800);
  });

  it('leaves a position outside every gap alone', () => {
    expect(pastGap(gaps, 3599.9)).toBeNull();
    expect(pastGap(gaps, 7200)).toBeNull();
    expect(pastGap(undefined, 5000)).toBeNull();
    expect(pastGap(gaps, Number.NaN)).toBeNull();
  });
});
