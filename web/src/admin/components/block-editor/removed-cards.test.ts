import { describe, expect, it } from 'vitest';
import { NODE } from './blocks';
import { cardName, holdsContent, isCard, removalNotice, removedCards } from './removed-cards';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const image = (alt: string) => ({
  type: NODE.image,
  attrs: { url: '/uploads/a.webp', alt, caption: '', credit: '', media: null, kept: null },
});
const emptyImage = {
  type: NODE.image,
  attrs: { url: '', alt: '', caption: '', credit: '', media: null, kept: null },
};
const quote = { type: NODE.quote, attrs: { text: 'Wij gaan door.', cite: '', kept: null } };
const other = { type: NODE.other, attrs: { block: '{"type":"poll","q":"?"}' } };

describe('removedCards', () => {
  it('finds a card holding content that a change removed or replaced', () => {
    const before = [paragraph('Een'), image('Een markt'), paragraph('Twee')];
    expect(removedCards(before, [paragraph('Een'), paragraph('Twee')])).toEqual([image('Een markt')]);
    // A letter typed over the selected card: a paragraph in its place.
    expect(removedCards(before, [paragraph('Een'), paragraph('x'), paragraph('Twee')])).toEqual([
      image('Een markt'),
    ]);
  });

  it('does not count a card whose fields changed, a moved card, or text edits', () => {
    const before = [image('Een markt'), quote, paragraph('Een')];
    expect(removedCards(before, [image('Een volle markt'), quote, paragraph('Een')])).toEqual([]);
    expect(removedCards(before, [quote, image('Een markt'), paragraph('Een')])).toEqual([]);
    expect(removedCards(before, [image('Een markt'), quote])).toEqual([]);
    expect(removedCards(before, [...before, emptyImage])).toEqual([]);
  });

  it('tells the removed one of two identical cards once, and leaves out an empty card', () => {
    expect(removedCards([quote, quote], [quote])).toEqual([quote]);
    expect(removedCards([emptyImage, quote], [quote])).toEqual([]);
    expect(removedCards([other], [])).toEqual([other]);
  });
});

describe('cards', () => {
  it('knows the card types, their names and whether they hold anything', () => {
    expect(isCard(NODE.video)).toBe(true);
    expect(isCard('paragraph')).toBe(false);
    expect(isCard(undefined)).toBe(false);
    expect(cardName(image('x'))).toBe('Afbeelding');
    expect(cardName(other)).toBe('poll');
    expect(cardName({ type: NODE.other, attrs: { block: 'kapot' } })).toBe('onbekend');
    expect(holdsContent(emptyImage)).toBe(false);
    expect(holdsContent({ ...emptyImage, attrs: { ...emptyImage.attrs, kept: { width: 800 } } })).toBe(true);
    expect(holdsContent({ type: NODE.other, attrs: { block: '{}' } })).toBe(true);
  });

  it('says what was removed', () => {
    expect(removalNotice([image('x')])).toBe("Blok 'Afbeelding' verwijderd.");
    expect(removalNotice([image('x'), quote])).toBe('2 blokken verwijderd.');
  });
});
