import { describe, expect, it } from 'vitest';
import { normaliseIsrc } from './isrc';

describe('normaliseIsrc', () => {
  it.each([
    ['NLA1B2400001', 'NLA1B2400001'],
    ['nl-a1b-24-00001', 'NLA1B2400001'],
    ['  USRC17607839 ', 'USRC17607839'],
  ])('stores %j as %j', (text, stored) => {
    expect(normaliseIsrc(text)).toBe(stored);
  });

  it.each([
    ['a code one short', 'NLA1B240000'],
    ['a code one long', 'NLA1B24000011'],
    ['a digit in the country', 'N1A1B2400001'],
    ['a letter in the year and number', 'NLA1B24A0001'],
    ['a space inside', 'NL A1B 24 00001'],
    ['an accented letter', 'NLÄ1B2400001'],
  ])('refuses %s', (_, text) => {
    expect(normaliseIsrc(text)).toBeNull();
  });
});
