// The three-way merge of two editors' versions of one item against the version both started from
// (base): a field or body block changed on one side only is taken from that side; one changed on
// both sides to different values is a conflict, which the editor settles per field or block by
// choosing mine or theirs. Pure, over the form's values (content-schema.ts toFormValues).

import type { ContentField } from '../../api/content-client';
import type { StoredBlock } from '../../components/block-editor/blocks';
import { alignBlocks, blocksOf, sameValue, type Values } from './version-diff';

export type Choice = 'mine' | 'theirs';

/** One place both sides changed differently: a field, or a run of body blocks. */
export interface MergeConflict {
  /** Stable within one merge: `field:<name>` or `<name>:<n>` for the n-th conflict of a body. */
  id: string;
  field: string;
  label: string;
  /** For a body: what the base had there (empty where both sides added blocks). */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** For a body: the blocks' position in the base version (1 = the first block). */
  position?: number;
}

type Segment = { kind: 'resolved'; blocks: StoredBlock[] } | { kind: 'conflict'; conflict: MergeConflict };

type FieldMerge =
  | { kind: 'value'; value: unknown }
  | { kind: 'conflict'; conflict: MergeConflict }
  | { kind: 'blocks'; segments: Segment[] };

export interface Merge {
  fields: Record<string, FieldMerge>;
  /** Every conflict, in the form's order (a body's in the order of its blocks). */
  conflicts: MergeConflict[];
}

/** What one side did to the base's blocks: per base block, and the blocks it added in each gap. */
interface SideEdits {
  /** Per base block: unchanged, or what took its place (empty: removed). */
  at: ({ kind: 'same' } | { kind: 'edited'; blocks: StoredBlock[] })[];
  /** inserted[k]: blocks added before base block k (k = base length: at the end). */
  inserted: StoredBlock[][];
}

function sideEdits(base: readonly StoredBlock[], side: readonly StoredBlock[]): SideEdits {
  const edits: SideEdits = {
    at: [],
    inserted: Array.from({ length: base.length + 1 }, () => []),
  };
  let index = 0;
  for (const step of alignBlocks(base, side)) {
    if (step.kind === 'added') {
      edits.inserted[index]?.push(step.after);
      continue;
    }
    edits.at.push(
      step.kind === 'same'
        ? { kind: 'same' }
        : { kind: 'edited', blocks: step.kind === 'changed' ? [step.after] : [] },
    );
    index += 1;
  }
  return edits;
}

function mergeBlocks(
  field: ContentField,
  base: readonly StoredBlock[],
  mine: readonly StoredBlock[],
  theirs: readonly StoredBlock[],
): Segment[] {
  const ours = sideEdits(base, mine);
  const other = sideEdits(base, theirs);
  const segments: Segment[] = [];
  let count = 0;
  const conflict = (position: number, was: StoredBlock[], a: StoredBlock[], b: StoredBlock[]) => {
    count += 1;
    segments.push({
      kind: 'conflict',
      conflict: {
        id: `${field.name}:${count}`,
        field: field.name,
        label: field.label,
        base: was,
        mine: a,
        theirs: b,
        position,
      },
    });
  };
  for (let k = 0; k <= base.length; k += 1) {
    const a = ours.inserted[k] ?? [];
    const b = other.inserted[k] ?? [];
    if (a.length || b.length) {
      if (!b.length || sameValue(a, b)) segments.push({ kind: 'resolved', blocks: a });
      else if (!a.length) segments.push({ kind: 'resolved', blocks: b });
      else conflict(k + 1, [], a, b);
    }
    if (k === base.length) break;
    const was = base[k] as StoredBlock;
    const mineAt = ours.at[k] ?? { kind: 'same' };
    const theirsAt = other.at[k] ?? { kind: 'same' };
    if (mineAt.kind === 'same' && theirsAt.kind === 'same')
      segments.push({ kind: 'resolved', blocks: [was] });
    else if (mineAt.kind === 'same' && theirsAt.kind === 'edited')
      segments.push({ kind: 'resolved', blocks: theirsAt.blocks });
    else if (theirsAt.kind === 'same' && mineAt.kind === 'edited')
      segments.push({ kind: 'resolved', blocks: mineAt.blocks });
    else if (mineAt.kind === 'edited' && theirsAt.kind === 'edited') {
      if (sameValue(mineAt.blocks, theirsAt.blocks))
        segments.push({ kind: 'resolved', blocks: mineAt.blocks });
      else conflict(k + 1, [was], mineAt.blocks, theirsAt.blocks);
    }
  }
  return segments;
}

/** The merge of `mine` and `theirs` against `base`, field by field and, for a body, block by block. */
export function threeWayMerge(
  fields: readonly ContentField[],
  base: Values,
  mine: Values,
  theirs: Values,
): Merge {
  const merge: Merge = { fields: {}, conflicts: [] };
  for (const field of fields) {
    const [b, m, t] = [base[field.name], mine[field.name], theirs[field.name]];
    if (sameValue(m, t) || sameValue(t, b)) {
      merge.fields[field.name] = { kind: 'value', value: m };
    } else if (sameValue(m, b)) {
      merge.fields[field.name] = { kind: 'value', value: t };
    } else if (field.kind === 'blocks') {
      const segments = mergeBlocks(field, blocksOf(b), blocksOf(m), blocksOf(t));
      merge.fields[field.name] = { kind: 'blocks', segments };
      for (const segment of segments) if (segment.kind === 'conflict') merge.conflicts.push(segment.conflict);
    } else {
      const conflict: MergeConflict = {
        id: `field:${field.name}`,
        field: field.name,
        label: field.label,
        base: b,
        mine: m,
        theirs: t,
      };
      merge.fields[field.name] = { kind: 'conflict', conflict };
      merge.conflicts.push(conflict);
    }
  }
  return merge;
}

/** The merged values, each conflict settled by `choices` (mine where no choice was made). */
export function resolveMerge(merge: Merge, choices: Readonly<Record<string, Choice>>): Values {
  const pick = (conflict: MergeConflict) =>
    (choices[conflict.id] ?? 'mine') === 'mine' ? conflict.mine : conflict.theirs;
  const values: Values = {};
  for (const [name, result] of Object.entries(merge.fields)) {
    if (result.kind === 'value') values[name] = result.value as Values[string];
    else if (result.kind === 'conflict') values[name] = pick(result.conflict) as Values[string];
    else
      values[name] = result.segments.flatMap((segment) =>
        segment.kind === 'resolved' ? segment.blocks : (pick(segment.conflict) as StoredBlock[]),
      );
  }
  return values;
}
