import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLUG_FORMAT_MESSAGE, SLUG_REQUIRED_MESSAGE, slugify, suggestSlug, validateSlug } from './slugify';

// The server's RouteBuilder.SlugifyFollowsSpecFiveOnTheSharedTable reads the same table.
const shared = JSON.parse(
  readFileSync(resolve(__dirname, '../../../server/tests/fixtures/slugify-cases.json'), 'utf8'),
) as { cases: [string, string][] };

describe('slugify', () => {
  it('has the shared table of cases', () => {
    expect(shared.cases.length).toBeGreaterThanOrEqual(20);
  });
  it.each(shared.cases)(
    'follows the five steps of §5: slugify(%j) is %j, as on the server',
    (input, slug) => {
      expect(slugify(input)).toBe(slug);
    },
  );
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
