// Where the block editor puts a new block: after the block being edited, never inside it, so that
// inserting neither replaces a selected block nor splits a paragraph in two.

import type { Node as PmNode } from '@tiptap/pm/model';

/**
 * The position just after the top-level block at `pos`: the block the cursor is in, or the block
 * starting at `pos` when `pos` lies between blocks (a selected block, a focused block card).
 */
export function afterBlockAt(doc: PmNode, pos: number): number {
  const clamped = Math.max(0, Math.min(pos, doc.content.size));
  const $pos = doc.resolve(clamped);
  if ($pos.depth > 0) return $pos.after(1);
  const next = $pos.nodeAfter;
  return next ? clamped + next.nodeSize : clamped;
}

/** The index of the first top-level block that differs between two documents' content, or -1. */
export function firstChange(before: readonly unknown[], after: readonly unknown[]): number {
  const length = Math.max(before.length, after.length);
  for (let i = 0; i < length; i += 1) {
    if (JSON.stringify(before[i]) !== JSON.stringify(after[i])) return i;
  }
  return -1;
}
