import { describe, expect, it } from 'vitest';
import { SLUG_FORMAT_MESSAGE, SLUG_REQUIRED_MESSAGE, slugify, suggestSlug, validateSlug } from './slugify';

describe('slugify', () => {
  it('follows the five steps of §5', () => {
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('  Hallo Wereld  ')).toBe('hallo-wereld');
    expect(slugify('Rock & Roll!')).toBe('rock-roll');
    expect(slugify('a  -- b')).toBe('a-b');
    expect(slugify('Café 100%')).toBe('cafe-100');
    expect(slugify('')).toBe('');
  });
});

describe('suggestSlug', () => {
  it('suggests the §5 slug of a title, without edge hyphens, at most 64 characters', () => {
    expect(suggestSlug('  Café de Nacht! ')).toBe('cafe-de-nacht');
    expect(suggestSlug('- Top 40 -')).toBe('top-40');
    expect(suggestSlug('x'.repeat(80))).toHaveLength(64);
    expect(suggestSlug(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });
});

describe('validateSlug', () => {
  it('requires a value', () => {
    expect(validateSlug('')).toBe(SLUG_REQUIRED_MESSAGE);
    expect(validateSlug('   ')).toBe(SLUG_REQUIRED_MESSAGE);
    expect(validateSlug(null)).toBe('Vul een URL in');
  });
  it('accepts lowercase words separated by single hyphens', () => {
    expect(validateSlug('de-ochtendploeg')).toBeNull();
    expect(validateSlug('radio2')).toBeNull();
  });
  it('rejects other forms', () => {
    for (const bad of ['De-Ochtend', '-a', 'a-', 'a--b', 'a b', 'é']) {
      expect(validateSlug(bad)).toBe(SLUG_FORMAT_MESSAGE);
    }
    expect(SLUG_FORMAT_MESSAGE).toBe('De URL mag alleen kleine letters en liggende streepjes bevatten');
  });
});
