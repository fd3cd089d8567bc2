// The block editor's undo history: snapshots of the whole body (every block), so that undoing puts
// back a removed, inserted or moved block as well as text. Typing into one block is one step for
// as long as it goes on without a pause; any other change is a step of its own.

/** How long a pause in typing ends a step, in milliseconds. */
export const COALESCE_MS = 1000;

/** How many steps back the history keeps. */
export const HISTORY_LIMIT = 200;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** What the last recorded change edited ('block:3'), or null when it was not one block's text. */
  readonly lastKey: string | null;
  /** When the last change was recorded. */
  readonly lastAt: number;
}

/** A history whose only state is `present`. */
export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

/**
 * The history with `next` as its present. A change with the same `key` as the one before it, made
 * within COALESCE_MS of it, joins that step; a change with a null key (an insert, a removal, a
 * move) always starts a step. Recording clears what could be redone.
 */
export function record<T>(history: History<T>, next: T, key: string | null, at: number): History<T> {
  const joins =
    key !== null && key === history.lastKey && at - history.lastAt < COALESCE_MS && history.past.length > 0;
  const past = joins ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: at };
}

export const canUndo = <T>(history: History<T>): boolean => history.past.length > 0;
export const canRedo = <T>(history: History<T>): boolean => history.future.length > 0;

/** The history one step back (unchanged when there is none). */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  };
}

/** The history one step forward again (unchanged when nothing was undone). */
export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null, lastAt: 0 };
}

/**
 * The key of a change from the blocks `before` to `after` (each compared by its JSON): 'block:i'
 * when the same number of blocks remains and only block i differs (typing, a field of a block),
 * else null (a block inserted, removed, moved, or several changed at once).
 */
export function changeKey(before: readonly unknown[], after: readonly unknown[]): string | null {
  if (before.length !== after.length) return null;
  let changed = -1;
  for (let i = 0; i < after.length; i += 1) {
    if (JSON.stringify(before[i]) === JSON.stringify(after[i])) continue;
    if (changed >= 0) return null;
    changed = i;
  }
  return changed >= 0 ? `block:${changed}` : null;
}
