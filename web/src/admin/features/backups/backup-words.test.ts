import { describe, expect, it } from 'vitest';
import { durationWords, scheduleWords, sizeWords } from './backup-words';

describe('backup words', () => {
  it('says how often', () => {
    expect(scheduleWords(86400)).toBe('elke dag');
    expect(scheduleWords(604800)).toBe('elke week');
    expect(scheduleWords(3600)).toBe('elk uur');
    expect(scheduleWords(6 * 3600)).toBe('elke 6 uur');
  });

  it('says how large, with a Dutch decimal comma', () => {
    expect(sizeWords(1_184_900_000)).toBe('1,2 GB');
    expect(sizeWords(850_000_000)).toBe('850 MB');
    expect(sizeWords(12_300)).toBe('12,3 kB');
    expect(sizeWords(500)).toBe('500 bytes');
  });

  it('says how long', () => {
    expect(durationWords(11.4)).toBe('11,4 seconden');
    expect(durationWords(1)).toBe('1 seconde');
    expect(durationWords(600)).toBe('10 minuten');
  });
});
