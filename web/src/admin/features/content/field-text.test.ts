import { describe, expect, it } from 'vitest';
import type { ContentField } from '../../api/content-client';
import { derivedText, fieldHint, mergedMessage, OLD_LINKS_HINT, restoredOnOlderMessage } from './field-text';

function field(change: Partial<ContentField>): ContentField {
  return {
    name: 'x',
    label: 'X',
    kind: 'text',
    required: false,
    immutable: false,
    maxLength: 0,
    choices: [],
    reference: '',
    referenceKey: '',
    ...change,
  };
}

describe('derivedText', () => {
  it('writes a duration, a size and a path as the form shows them', () => {
    expect(derivedText(field({ derived: 'durationMs' }), 95_400)).toBe('1:35');
    expect(derivedText(field({ derived: 'byteLength' }), 3.5 * 1024 * 1024)).toBe('3,5 MB');
    expect(derivedText(field({ derived: 'byteLength' }), 2048)).toBe('2 KB');
    expect(derivedText(field({ derived: 'path' }), 'fragments/a.mp3')).toBe('fragments/a.mp3');
    expect(derivedText(field({ derived: 'path' }), null)).toBe('');
  });
});

describe('fieldHint', () => {
  const slug = field({ kind: 'slug' });
  it('suggests a new slug from the title, and says of a stored one that old links keep working', () => {
    expect(fieldHint(slug, false)).toMatch(/voorgesteld uit de titel/);
    expect(fieldHint(slug, true)).toContain(OLD_LINKS_HINT);
    expect(fieldHint(field({ kind: 'slug', immutable: true }), true)).toBe(
      'Deze URL kan niet meer worden gewijzigd.',
    );
    expect(fieldHint(field({ kind: 'slug', immutable: true }), false)).toMatch(/voorgesteld uit de titel/);
  });

  it('shows how tags are written, and nothing under other fields', () => {
    expect(fieldHint(field({ kind: 'tags' }), false)).toMatch(/komma's/);
    expect(fieldHint(field({ kind: 'text' }), true)).toBeUndefined();
  });

  it('shows how an ISRC is written', () => {
    expect(fieldHint(field({ kind: 'isrc' }), true)).toBe(
      'Twaalf tekens, met of zonder streepjes: NL-A1B-24-00001.',
    );
  });
});

describe('the merge messages', () => {
  it('say whether and where the editor still chooses', () => {
    expect(mergedMessage(0)).toBe('Samengevoegd, nog niet opgeslagen: druk op Opslaan.');
    expect(mergedMessage(1)).toContain('Kies bij één punt welke versie blijft');
    expect(mergedMessage(3)).toContain('Kies bij 3 punten welke versie blijft');
  });

  it('name the version typed on and the one stored since', () => {
    expect(restoredOnOlderMessage(4, 6)).toMatch(
      /^Hersteld van versie 4, maar intussen is versie 6 opgeslagen\./,
    );
  });
});
