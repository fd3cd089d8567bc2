import { describe, expect, it } from 'vitest';
import type { StoredBlock } from '../../components/block-editor/blocks';
import {
  alignBlocks,
  blockDiff,
  blockImage,
  blockName,
  blockText,
  diffSummary,
  diffVersions,
  fieldText,
  wordDiff,
} from './version-diff';
import { contentField } from '../../test-support/content-fixtures';
import { field, paragraph as p, versionFields as fields } from './version-test-fields';

describe('wordDiff', () => {
  it('marks the added and removed words and keeps the rest', () => {
    expect(wordDiff('De storm raasde.', 'De zware storm raasde.')).toEqual([
      { kind: 'same', text: 'De ' },
      { kind: 'added', text: 'zware ' },
      { kind: 'same', text: 'storm raasde.' },
    ]);
  });
});

describe('diffVersions', () => {
  it('lists every changed field, the body included, and leaves unchanged ones out', () => {
    const before = { title: 'Storm', intro: 'Kort.', body: [p('Eén.'), p('Twee.')] };
    const after = { title: 'Storm', intro: 'Kort en bondig.', body: [p('Eén. Nieuwe zin.'), p('Twee.')] };
    const diffs = diffVersions(fields, before, after);
    expect(diffs.map((diff) => diff.name)).toEqual(['intro', 'body']);
    const body = diffs[1];
    expect(body?.kind).toBe('blocks');
    if (body?.kind !== 'blocks') return;
    expect(body.blocks.map((block) => block.kind)).toEqual(['changed', 'same']);
    const changed = body.blocks[0];
    if (changed?.kind !== 'changed') return;
    expect(changed.words.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'Nieuwe zin.',
    ]);
  });

  it('shows a list or a flag as text', () => {
    const diffs = diffVersions([field('tags', 'Tags', 'tags')], { tags: ['a'] }, { tags: ['a', 'b'] });
    expect(diffs[0]).toMatchObject({ kind: 'text' });
    if (diffs[0]?.kind === 'text') expect(diffs[0].words.map((part) => part.text).join('')).toContain('b');
  });
});

describe('a field in a version comparison as its form shows it (issue 54)', () => {
  const kind = contentField('kind', 'Soort', 'choice', {
    choices: [
      { value: 'news', label: 'Nieuws' },
      { value: 'sport', label: 'Sport' },
    ],
  });
  const ends = contentField('endsAt', 'Eindigt op', 'instant');

  it('names a choice by its label, and keeps a value the choices do not know', () => {
    expect(fieldText(kind, 'sport')).toBe('Sport');
    expect(fieldText(kind, 'weer')).toBe('weer');
    const [diff] = diffVersions([kind], { kind: 'news' }, { kind: 'sport' });
    if (diff?.kind !== 'text') throw new Error('a choice is compared as text');
    expect(diff.words.map((part) => `${part.kind}:${part.text}`)).toEqual(['removed:Nieuws', 'added:Sport']);
  });

  it('names the items of a reference or a relation where their names are known, else as stored', () => {
    const host = contentField('host', 'Presentator', 'reference', { reference: 'presenters' });
    const guests = contentField('guests', 'Gasten', 'relation', { reference: 'presenters' });
    const names = (field: { reference: string }, value: string | number) =>
      field.reference === 'presenters'
        ? ({ 3: 'Mira de Vries', 5: 'Joost Smit' } as Record<string, string>)[String(value)]
        : undefined;
    expect(fieldText(host, 3, names)).toBe('Mira de Vries');
    expect(fieldText(guests, [3, 5, 9], names)).toBe('Mira de Vries, Joost Smit, 9');
    expect(fieldText(guests, [], names)).toBe('');
    expect(fieldText(host, null, names)).toBe('');
    expect(fieldText(host, 3)).toBe('3');
    const [diff] = diffVersions([guests], { guests: [3] }, { guests: [3, 5] }, names);
    if (diff?.kind !== 'text') throw new Error('a relation is compared as text');
    expect(diff.words.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      ', Joost Smit',
    ]);
  });

  it("shows an instant in Dutch time, with its seconds when it has any: a countdown's end may differ by those", () => {
    expect(fieldText(ends, '2026-12-31T22:59:00Z')).toBe('31-12-2026, 23:59');
    expect(fieldText(ends, '2026-12-31T22:59:30Z')).toBe('31-12-2026, 23:59:30');
    expect(fieldText(ends, 'geen datum')).toBe('geen datum');
    expect(fieldText(ends, null)).toBe('');
    const [diff] = diffVersions(
      [ends],
      { endsAt: '2026-12-31T22:59:30Z' },
      { endsAt: '2026-12-31T22:59:00Z' },
    );
    if (diff?.kind !== 'text') throw new Error('an instant is compared as text');
    // The seconds alone are what changed, and the comparison says so.
    expect(diff.words.map((part) => `${part.kind}:${part.text}`)).toEqual([
      'same:31-12-2026, 23:59',
      'removed::30',
    ]);
  });
});

describe('what a version comparison says in words (issue 54: lists came as JSON, pictures as paths)', () => {
  const list = (ordered: boolean, ...items: string[]) =>
    ({ type: 'list', ordered, items: items.map((text) => ({ text })) }) as unknown as StoredBlock;
  const image = (url: string, caption: string) =>
    ({ type: 'image', url, caption, alt: 'Zaal' }) as unknown as StoredBlock;

  it("names a list by its kind and reads its items' words", () => {
    expect(blockName(list(false, 'Een'))).toBe('Opsomming');
    expect(blockName(list(true, 'Een'))).toBe('Genummerde lijst');
    expect(blockText(list(false, 'Een', 'Twee'))).toBe('Een · Twee');
    const [change] = blockDiff([list(false, 'Een', 'Twee')], [list(false, 'Een', 'Drie')]);
    expect(change?.kind).toBe('changed');
    if (change?.kind === 'changed') expect(change.words.map((part) => part.text).join('')).not.toContain('{');
  });

  it("shows an image block's picture beside its caption, not its path", () => {
    const block = image('/uploads/images/zaal.webp', 'De lege zaal');
    expect(blockText(block)).toBe('De lege zaal · Zaal');
    expect(blockImage(block)).toBe('/uploads/images/zaal.webp');
    expect(blockImage(list(false, 'Een'))).toBe('');
  });

  it('compares a picture field as pictures', () => {
    const fields = [field('imageUrl', 'Afbeelding', 'image')];
    expect(
      diffVersions(fields, { imageUrl: '/uploads/images/a.webp' }, { imageUrl: '/uploads/images/b.webp' }),
    ).toEqual([
      {
        name: 'imageUrl',
        label: 'Afbeelding',
        kind: 'image',
        before: '/uploads/images/a.webp',
        after: '/uploads/images/b.webp',
      },
    ]);
  });
});

describe('alignBlocks', () => {
  it('anchors on identical blocks and pairs an edited block in place', () => {
    const before = [p('A'), p('B'), p('C')];
    const after = [p('A'), p('B2'), p('C'), p('D')];
    expect(alignBlocks(before, after).map((step) => step.kind)).toEqual(['same', 'changed', 'same', 'added']);
  });

  it('sees a removed block, and a block of another kind as removed and added', () => {
    expect(alignBlocks([p('A'), p('B')], [p('A')]).map((step) => step.kind)).toEqual(['same', 'removed']);
    expect(alignBlocks([p('A')], [{ type: 'heading', text: 'A' }]).map((step) => step.kind)).toEqual([
      'removed',
      'added',
    ]);
  });

  it('finds an inserted block between unchanged ones rather than shifting every block', () => {
    const steps = blockDiff([p('A'), p('B'), p('C')], [p('A'), p('X'), p('B'), p('C')]);
    expect(steps.map((step) => step.kind)).toEqual(['same', 'added', 'same', 'same']);
  });
});

describe('diffSummary', () => {
  it('names the fields and counts the body blocks', () => {
    const diffs = diffVersions(
      fields,
      { title: 'A', body: [p('x')] },
      { title: 'B', body: [p('x'), p('y')] },
    );
    expect(diffSummary(diffs)).toBe('Titel, Tekst (1 toegevoegd)');
    expect(diffSummary([])).toBe('Geen wijzigingen');
  });
});
