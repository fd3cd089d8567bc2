import { describe, expect, it } from 'vitest';
import { accentColor, contrastRatio, luminance, readableTextColor } from './colors';

describe('colors', () => {
  it('computes luminance and contrast', () => {
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(luminance('rood')).toBeNull();
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
  });
  it('picks a text colour with at least 4.5:1 contrast', () => {
    for (const bg of ['#e4002b', '#00703c', '#ffcc00', '#999900', '#7a3e9d', '#b34700', '#00a0e0']) {
      expect(contrastRatio(bg, readableTextColor(bg))).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextColor('#ffcc00')).toBe('#111111');
    expect(readableTextColor('#005a9c')).toBe('#ffffff');
  });
  it("falls back to the default accent '#999900' where there is no colour (spec §9)", () => {
    expect(accentColor('')).toBe('#999900');
    expect(accentColor(undefined)).toBe('#999900');
    expect(accentColor('rood')).toBe('#999900');
    expect(accentColor('#e4002b')).toBe('#e4002b');
    expect(readableTextColor('')).toBe(readableTextColor('#999900'));
  });
});
