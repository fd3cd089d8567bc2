import { describe, expect, it } from 'vitest';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import {
  autosaveBase,
  autosaveOffer,
  autosaveStatus,
  changedBase,
  restoredValues,
  sameValues,
  typedOnOlderVersion,
} from './autosave';

const type = programmesType({
  fields: [contentField('name', 'Naam', 'text'), contentField('summary', 'Samenvatting', 'longText')],
});

describe('autosave texts', () => {
  it('say the moment in Amsterdam time, whatever the browser’s zone', () => {
    // 09:42 UTC is 10:42 in Amsterdam in winter, 11:42 in summer.
    expect(autosaveStatus('2026-11-25T09:42:10Z')).toBe('Automatisch opgeslagen om 10:42');
    expect(autosaveOffer('2026-07-01T09:42:00Z')).toBe('Er is een automatisch opgeslagen versie van 11:42.');
  });

  it('say the version the autosave was typed on, and a newer one saved since', () => {
    expect(autosaveOffer('2026-11-25T09:42:10Z', 3)).toBe(
      'Er is een automatisch opgeslagen versie van 10:42 (op versie 3).',
    );
    expect(autosaveOffer('2026-11-25T09:42:10Z', 3, 3)).toBe(
      'Er is een automatisch opgeslagen versie van 10:42 (op versie 3).',
    );
    expect(autosaveOffer('2026-11-25T09:42:10Z', 3, 5)).toBe(
      'Er is een automatisch opgeslagen versie van 10:42, getypt op versie 3. Daarna is versie 5 ' +
        'opgeslagen: na Herstellen zie je wat er sindsdien veranderde en voeg je samen.',
    );
  });
});

describe('the version an autosave was typed on', () => {
  const kept = (itemVersion: number, baseValues?: Record<string, unknown> | null) => ({
    values: { name: 'Mijn naam', summary: 'Gelijk' },
    itemVersion,
    baseValues,
    savedAt: '2026-11-25T09:42:10Z',
  });

  it('is older than the stored one only for an existing item saved since', () => {
    expect(typedOnOlderVersion(kept(2), 3)).toBe(true);
    expect(typedOnOlderVersion(kept(3), 3)).toBe(false);
    expect(typedOnOlderVersion(kept(0), 3)).toBe(false);
    expect(typedOnOlderVersion(kept(2), undefined)).toBe(false);
  });

  it('keeps what the changed fields held, and gives the whole version back', () => {
    expect(
      changedBase(type, { name: 'Oud', summary: 'Gelijk' }, { name: 'Mijn naam', summary: 'Gelijk' }),
    ).toEqual({
      name: 'Oud',
    });
    expect(changedBase(type, { name: 'A' }, { name: 'A', summary: '' })).toEqual({ summary: null });
    expect(autosaveBase(type, kept(2, { name: 'Oud' }))).toEqual({ name: 'Oud', summary: 'Gelijk' });
    // Kept without them: nothing is known of that version.
    expect(autosaveBase(type, kept(2, null))).toEqual({});
    expect(autosaveBase(type, kept(2))).toEqual({});
  });
});

describe('sameValues and restoredValues', () => {
  it('compare and take over only the fields of the type', () => {
    expect(sameValues(type, { name: 'A', summary: '' }, { name: 'A', summary: '', extra: 1 })).toBe(true);
    expect(sameValues(type, { name: 'A', summary: 'x' }, { name: 'A', summary: '' })).toBe(false);
    expect(restoredValues(type, { name: 'B', other: 'x' }, { name: 'A', summary: 'S' })).toEqual({
      name: 'B',
      summary: 'S',
    });
  });
});
