import { describe, expect, it } from 'vitest';
import { isRecordedIn } from './recorded-spans';

const hour = (h: number, m = 0) => Date.UTC(2026, 10, 27, h, m);

describe('isRecordedIn', () => {
  // 09:00-10:00 recorded, 10:00-11:00 not, 11:00 up to the edge at 11:20 (the hour still running).
  const spans = [
    { fromMs: hour(9), untilMs: hour(10) },
    { fromMs: hour(11), untilMs: hour(11, 20) },
  ];

  it('holds a moment of a recorded span, from its first millisecond up to its end', () => {
    expect(isRecordedIn(spans, hour(9))).toBe(true);
    expect(isRecordedIn(spans, hour(10) - 1)).toBe(true);
    expect(isRecordedIn(spans, hour(11, 5))).toBe(true);
  });

  it('holds nothing before the window nor in a gap of the recordings', () => {
    expect(isRecordedIn(spans, hour(9) - 1)).toBe(false);
    expect(isRecordedIn(spans, hour(10))).toBe(false);
    expect(isRecordedIn(spans, hour(10, 59))).toBe(false);
  });

  it('holds the hour still being recorded past the edge as answered, not the next hour', () => {
    expect(isRecordedIn(spans, hour(11, 20))).toBe(true);
    expect(isRecordedIn(spans, hour(12) - 1)).toBe(true);
    expect(isRecordedIn(spans, hour(12))).toBe(false);
  });

  it('holds nothing without spans', () => {
    expect(isRecordedIn([], hour(11))).toBe(false);
  });
});
