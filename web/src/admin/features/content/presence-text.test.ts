import { describe, expect, it } from 'vitest';
import { itemNoun, joinNames, presenceText } from './presence-text';

describe('presenceText', () => {
  it('names one editor with the item noun of the type', () => {
    expect(presenceText(['Eva'], 'Artikel')).toBe('Eva bewerkt dit artikel ook');
    expect(presenceText(['Eva'], 'Aflevering')).toBe('Eva bewerkt deze aflevering ook');
  });

  it('joins several names in Dutch and uses the plural verb', () => {
    expect(presenceText(['Eva', 'Bram'], 'Artikel')).toBe('Eva en Bram bewerken dit artikel ook');
    expect(presenceText(['Eva', 'Bram', 'Anna'], 'Pagina')).toBe(
      'Eva, Bram en Anna bewerken deze pagina ook',
    );
  });

  it('says nothing when nobody else has the item open', () => {
    expect(presenceText([], 'Artikel')).toBe('');
  });
});

describe('itemNoun', () => {
  it('takes dit for het-words, compounds by their last part, and deze for the rest', () => {
    expect(itemNoun('Programma')).toBe('dit programma');
    expect(itemNoun('Nieuwsbulletin')).toBe('dit nieuwsbulletin');
    expect(itemNoun('Evenementblok')).toBe('dit evenementblok');
    expect(itemNoun('Kanaal')).toBe('dit kanaal');
    expect(itemNoun('Video')).toBe('deze video');
    expect(itemNoun('Presentator')).toBe('deze presentator');
  });
});

describe('joinNames', () => {
  it('joins with commas and a last en', () => {
    expect(joinNames(['Eva'])).toBe('Eva');
    expect(joinNames(['A', 'B', 'C', 'D'])).toBe('A, B, C en D');
  });
});
