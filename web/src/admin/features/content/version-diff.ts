// What differs between two versions of an item, for people to read: every changed field, text
// diffed by word, and an article body block by block (added, removed, changed; a changed block's
// text diffed by word). Pure: the conflict panel and the revision list draw what this returns.

import { diffArrays, diffWords } from 'diff';
import { formatInstant } from '../../api/admin-client';
import type { ContentField, FieldValue } from '../../api/content-client';
import type { StoredBlock } from '../../components/block-editor/blocks';

export type Values = Record<string, FieldValue | undefined>;

/** A run of words that both versions have, or that only the newer ('added') or older ('removed') has. */
export interface WordPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export type BlockChange =
  | { kind: 'same'; block: StoredBlock }
  | { kind: 'added'; block: StoredBlock }
  | { kind: 'removed'; block: StoredBlock }
  | { kind: 'changed'; before: StoredBlock; after: StoredBlock; words: WordPart[] };

export type FieldDiff =
  | { name: string; label: string; kind: 'text'; words: WordPart[] }
  | { name: string; label: string; kind: 'blocks'; blocks: BlockChange[] }
  /** A picture: both versions' URLs, shown as pictures rather than paths ('' for none). */
  | { name: string; label: string; kind: 'image'; before: string; after: string };

/** Whether two stored values are the same (by their JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A field's value as text: lists joined by commas, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** The name of the item that a reference field stores as `value` (its id or slug), when it is known. */
export type ReferenceNames = (
  field: Pick<ContentField, 'reference' | 'referenceKey'>,
  value: string | number,
) => string | undefined;

/**
 * A field's value as its form shows it: a choice by its label ('special' → 'Speciale uitzending'),
 * an instant in Dutch time, with its seconds when it has any (a countdown's end may differ by those
 * alone), a reference or a relation by the names of its items where `names` knows them; anything
 * else as valueText.
 */
export function fieldText(
  field: Pick<ContentField, 'kind' | 'choices' | 'reference' | 'referenceKey'>,
  value: unknown,
  names?: ReferenceNames,
): string {
  if ((field.kind === 'reference' || field.kind === 'relation') && names) {
    const name = (one: unknown) =>
      typeof one === 'string' || typeof one === 'number'
        ? (names(field, one) ?? valueText(one))
        : valueText(one);
    return Array.isArray(value)
      ? value.map(name).join(', ')
      : value === null || value === undefined
        ? ''
        : name(value);
  }
  if (field.kind === 'choice' && typeof value === 'string') {
    return (field.choices ?? []).find((choice) => choice.value === value)?.label ?? value;
  }
  if (field.kind === 'instant' && typeof value === 'string') {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return value;
    return formatInstant(value, { seconds: at.getUTCSeconds() !== 0 });
  }
  return valueText(value);
}

const BLOCK_NAMES: Record<string, string> = {
  paragraph: 'Alinea',
  heading: 'Tussenkop',
  image: 'Afbeelding',
  quote: 'Citaat',
  fragment: 'Fragment',
  video: 'Video',
  social: 'Social-media-bericht',
};

/** The Dutch name of a block's kind. */
export function blockName(block: StoredBlock): string {
  if (block.type === 'list') return block.ordered ? 'Genummerde lijst' : 'Opsomming';
  return BLOCK_NAMES[block.type] ?? `Blok (${block.type})`;
}

/** The picture a block shows (an image block's URL), or ''. */
export function blockImage(block: StoredBlock): string {
  const url = (block as Record<string, unknown>)['url'];
  return block.type === 'image' && typeof url === 'string' ? url : '';
}

/** What a reader sees of a block, as one text: its words, a quote's source, an image's caption. */
export function blockText(block: StoredBlock): string {
  const b = block as Record<string, unknown>;
  const text = (key: string) => (typeof b[key] === 'string' ? (b[key] as string) : '');
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return text('text');
    case 'quote':
      return [text('text'), text('cite')].filter(Boolean).join(' — ');
    case 'list':
      // Its items' words, one after the other (the list's own kind is in its name).
      return (Array.isArray(b['items']) ? (b['items'] as unknown[]) : [])
        .map((item) => (item && typeof item === 'object' ? valueText((item as { text?: unknown }).text) : ''))
        .filter(Boolean)
        .join(' · ');
    case 'image':
      // The picture itself is shown beside these words (blockImage), not its path.
      return [text('caption'), text('alt')].filter(Boolean).join(' · ');
    case 'social':
      return [text('text'), text('url')].filter(Boolean).join(' · ');
    default:
      return Object.entries(b)
        .filter(([key]) => key !== 'type')
        .map(([, value]) => valueText(value))
        .filter(Boolean)
        .join(' · ');
  }
}

/** The word-level diff of two texts. */
export function wordDiff(before: string, after: string): WordPart[] {
  return diffWords(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** The blocks of a value (a body), or none. */
export function blocksOf(value: unknown): StoredBlock[] {
  return Array.isArray(value) ? (value as StoredBlock[]) : [];
}

/**
 * One step of the alignment of two block lists: a block both have unchanged, one only the newer
 * list has, one only the older has, or one the newer list changed (same position between
 * unchanged neighbours, same kind of block).
 *
 * Stored blocks carry no id (blocks.ts), so a block's identity is found from content: the longest
 * common subsequence of identical blocks (diffArrays, an LCS) anchors the two lists, and between
 * two anchors the removed and the added blocks are paired in order while they are of the same
 * kind: such a pair is one block edited in place, which is how editing a paragraph looks. What is
 * left over is a block added or removed. Moving a block shows as a removal and an addition.
 */
export type Aligned =
  | { kind: 'same'; before: StoredBlock; after: StoredBlock }
  | { kind: 'added'; after: StoredBlock }
  | { kind: 'removed'; before: StoredBlock }
  | { kind: 'changed'; before: StoredBlock; after: StoredBlock };

export function alignBlocks(before: readonly StoredBlock[], after: readonly StoredBlock[]): Aligned[] {
  const changes = diffArrays([...before], [...after], { comparator: (a, b) => sameValue(a, b) });
  const out: Aligned[] = [];
  let removed: StoredBlock[] = [];
  let added: StoredBlock[] = [];
  const flush = () => {
    let i = 0;
    for (; i < Math.min(removed.length, added.length); i += 1) {
      const from = removed[i] as StoredBlock;
      const to = added[i] as StoredBlock;
      if (from.type !== to.type) break;
      out.push({ kind: 'changed', before: from, after: to });
    }
    for (const block of removed.slice(i)) out.push({ kind: 'removed', before: block });
    for (const block of added.slice(i)) out.push({ kind: 'added', after: block });
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      for (const block of change.value) out.push({ kind: 'same', before: block, after: block });
    }
  }
  flush();
  return out;
}

/** The block-by-block diff of two bodies. */
export function blockDiff(before: readonly StoredBlock[], after: readonly StoredBlock[]): BlockChange[] {
  return alignBlocks(before, after).map((step): BlockChange => {
    switch (step.kind) {
      case 'same':
        return { kind: 'same', block: step.after };
      case 'added':
        return { kind: 'added', block: step.after };
      case 'removed':
        return { kind: 'removed', block: step.before };
      case 'changed':
        return {
          kind: 'changed',
          before: step.before,
          after: step.after,
          words: wordDiff(blockText(step.before), blockText(step.after)),
        };
    }
  });
}

/**
 * Every field of `fields` that differs from `before` to `after`, in the form's order; references
 * named by `names` where it knows them.
 */
export function diffVersions(
  fields: readonly ContentField[],
  before: Values,
  after: Values,
  names?: ReferenceNames,
): FieldDiff[] {
  return fields
    .filter((field) => !sameValue(before[field.name], after[field.name]))
    .map((field): FieldDiff =>
      field.kind === 'blocks'
        ? {
            name: field.name,
            label: field.label,
            kind: 'blocks',
            blocks: blockDiff(blocksOf(before[field.name]), blocksOf(after[field.name])),
          }
        : field.kind === 'image'
          ? {
              name: field.name,
              label: field.label,
              kind: 'image',
              before: valueText(before[field.name]),
              after: valueText(after[field.name]),
            }
          : {
              name: field.name,
              label: field.label,
              kind: 'text',
              words: wordDiff(
                fieldText(field, before[field.name], names),
                fieldText(field, after[field.name], names),
              ),
            },
    );
}

/** A short Dutch summary of a diff: which fields changed, and how many blocks of a body. */
export function diffSummary(diffs: readonly FieldDiff[]): string {
  if (!diffs.length) return 'Geen wijzigingen';
  return diffs
    .map((diff) => {
      if (diff.kind !== 'blocks') return diff.label;
      const count = (kind: BlockChange['kind']) => diff.blocks.filter((block) => block.kind === kind).length;
      const parts = [
        count('added') && `${count('added')} toegevoegd`,
        count('changed') && `${count('changed')} gewijzigd`,
        count('removed') && `${count('removed')} verwijderd`,
      ].filter(Boolean);
      return parts.length ? `${diff.label} (${parts.join(', ')})` : diff.label;
    })
    .join(', ');
}
