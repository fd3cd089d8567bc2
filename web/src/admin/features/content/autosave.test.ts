import { describe, expect, it } from 'vitest';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import { autosaveOffer, autosaveStatus, restoredValues, sameValues } from './autosave';

const type = programmesType({
  fields: [contentField('name', 'Naam', 'text'), contentField('summary', 'Samenvatting', 'longText')],
});

describe('autosave texts', () => {
  it('say the moment in Amsterdam time, whatever the browser’s zone', () => {
    // 09:42 UTC is 10:42 in Amsterdam in winter, 11:42 in summer.
    expect(autosaveStatus('2026-11-25T09:42:10Z')).toBe('Automatisch opgeslagen om 10:42');
    expect(autosaveOffer('2026-07-01T09:42:00Z')).toBe('Er is een automatisch opgeslagen versie van 11:42.');
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
