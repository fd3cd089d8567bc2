import { describe, expect, it } from 'vitest';
import { accountWords, strengthHint } from './password-strength';

describe('strengthHint', () => {
  it('counts down to twelve characters first', () => {
    expect(strengthHint(0, 4)).toBe('');
    expect(strengthHint(4, 4)).toBe('Nog 8 tekens te kort.');
    expect(strengthHint(11, 4)).toBe('Nog 1 teken te kort.');
  });

  it('calls scores under 3 (under 10^8 guesses, where the server refuses) too easy to guess', () => {
    for (const score of [0, 1, 2] as const) expect(strengthHint(12, score)).toMatch(/^Te makkelijk te raden/);
    expect(strengthHint(12, 3)).toBe('Sterk genoeg.');
    expect(strengthHint(20, 4)).toBe('Sterk.');
  });

  it('tells only the length when the estimate could not be made', () => {
    expect(strengthHint(8, null)).toBe('Nog 4 tekens te kort.');
    expect(strengthHint(16, null)).toBe('');
  });
});

describe('accountWords', () => {
  it("holds the address, its parts, the name's words and the station's words", () => {
    const words = accountWords('anna.vermeulen@omroep.example', 'Anna Vermeulen');
    for (const word of ['anna.vermeulen@omroep.example', 'anna', 'vermeulen', 'omroep', 'example', 'ether']) {
      expect(words).toContain(word);
    }
  });
});
