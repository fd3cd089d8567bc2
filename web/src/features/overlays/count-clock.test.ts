import { describe, expect, it } from 'vitest';
import { clockLabels, clockSpan, parseAmsterdam, splitDuration } from './count-clock';

describe('parseAmsterdam', () => {
  it('reads Amsterdam wall-clock times in winter and summer', () => {
    expect(parseAmsterdam('2026-12-25 00:00:00')).toBe(Date.parse('2026-12-24T23:00:00Z'));
    expect(parseAmsterdam('2026-07-01 12:30:15')).toBe(Date.parse('2026-07-01T10:30:15Z'));
    expect(parseAmsterdam('2026-03-29 03:30:00')).toBe(Date.parse('2026-03-29T01:30:00Z'));
  });

  it('returns null for anything else', () => {
    expect(parseAmsterdam('')).toBeNull();
    expect(parseAmsterdam('25-12-2026 00:00')).toBeNull();
    expect(parseAmsterdam('gisteren')).toBeNull();
  });
});

describe('the clock span', () => {
  it('counts down to zero and stays there', () => {
    expect(clockSpan('countdown', 10_000, 4_000)).toBe(6_000);
    expect(clockSpan('countdown', 10_000, 12_000)).toBe(0);
  });

  it('counts up from the start, zero before it', () => {
    expect(clockSpan('countup', 10_000, 14_000)).toBe(4_000);
    expect(clockSpan('countup', 10_000, 9_000)).toBe(0);
  });

  it('splits into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('labels the parts in Dutch, singular for one', () => {
    expect(clockLabels({ days: 1, hours: 1, minutes: 1, seconds: 1 }).map((p) => p.label)).toEqual([
      'dag',
      'uur',
      'minuut',
      'seconde',
    ]);
    expect(clockLabels({ days: 2, hours: 0, minutes: 5, seconds: 0 }).map((p) => p.label)).toEqual([
      'dagen',
      'uur',
      'minuten',
      'seconden',
    ]);
  });
});
