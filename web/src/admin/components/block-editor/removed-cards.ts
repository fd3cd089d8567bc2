// Which block cards (image, quote, fragment, video, social post, a kept unknown block) a change of
// the block editor's body removed, so that the editor can say so with an undo: a card is gone in
// one keystroke (Backspace on a selected card, a letter typed over it), and a card holds what was
// uploaded and typed into its fields.

import type { JSONContent } from '@tiptap/core';
import { NODE } from './blocks';

/** The heading each kind of card shows. */
export const CARD_TITLES: Readonly<Record<string, string>> = {
  [NODE.image]: 'Afbeelding',
  [NODE.quote]: 'Citaat',
  [NODE.fragment]: 'Audiofragment',
  [NODE.video]: 'Video',
  [NODE.social]: 'Sociale post',
  [NODE.other]: 'Blok',
};

/** True for a node type drawn as a card. */
export function isCard(type: string | undefined): boolean {
  return type !== undefined && type in CARD_TITLES;
}

/** The type a kept unknown block names in its stored JSON ('onbekend' when it names none). */
export function otherBlockType(block: unknown): string {
  try {
    const parsed: unknown = JSON.parse(typeof block === 'string' ? block : '{}');
    const type =
      parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['type'] : undefined;
    return typeof type === 'string' && type ? type : 'onbekend';
  } catch {
    return 'onbekend';
  }
}

/** The name of a card as the editor speaks of it: 'Afbeelding', or a kept block's own type. */
export function cardName(node: JSONContent): string {
  if (node.type === NODE.other) return otherBlockType(node.attrs?.['block']);
  return CARD_TITLES[node.type ?? ''] ?? 'Blok';
}

/** True when a card holds anything: an uploaded file, a typed field, stored fields it keeps. */
export function holdsContent(node: JSONContent): boolean {
  if (node.type === NODE.other) return true;
  return Object.values(node.attrs ?? {}).some(
    (value) => value !== null && value !== undefined && value !== '' && value !== '{}',
  );
}

/**
 * The cards holding content that are in `before` and no longer in `after` (the top-level nodes of
 * the body before and after one change). A card whose fields changed is not removed: only when
 * there are fewer cards than before are the ones without an identical card after it counted.
 */
export function removedCards(before: readonly JSONContent[], after: readonly JSONContent[]): JSONContent[] {
  const cardsBefore = before.filter((node) => isCard(node.type));
  const left = after.filter((node) => isCard(node.type)).map((node) => JSON.stringify(node));
  if (left.length >= cardsBefore.length) return [];
  return cardsBefore.filter((node) => {
    const index = left.indexOf(JSON.stringify(node));
    if (index >= 0) {
      left.splice(index, 1);
      return false;
    }
    return holdsContent(node);
  });
}

/** What the editor says after removing `cards`: "Blok 'Afbeelding' verwijderd." */
export function removalNotice(cards: readonly JSONContent[]): string {
  const [only] = cards;
  if (cards.length === 1 && only) return `Blok '${cardName(only)}' verwijderd.`;
  return `${cards.length} blokken verwijderd.`;
}
