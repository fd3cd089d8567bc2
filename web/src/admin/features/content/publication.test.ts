import { describe, expect, it } from 'vitest';
import { publicationText } from './publication';

describe('publicationText', () => {
  it('says the new state, and that the form was saved first', () => {
    expect(publicationText('online', false)).toBe('Gepubliceerd.');
    expect(publicationText('online', true)).toBe('Opgeslagen en gepubliceerd.');
    expect(publicationText('scheduled', true)).toBe('Opgeslagen en ingepland.');
    expect(publicationText('expired', false)).toBe('Gepubliceerd, maar al verlopen.');
    expect(publicationText('draft', false)).toBe('Offline gehaald.');
  });
});
