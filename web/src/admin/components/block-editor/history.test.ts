import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, changeKey, COALESCE_MS, createHistory, record, redo, undo } from './history';

describe('the block editor history', () => {
  it('starts with nothing to undo or redo', () => {
    const history = createHistory(['a']);
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('undoes and redoes whole bodies, an inserted block included', () => {
    let history = createHistory(['p', 'q']);
    history = record(history, ['p', 'q', 'img'], null, 0);
    history = undo(history);
    expect(history.present).toEqual(['p', 'q']);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toEqual(['p', 'q', 'img']);
    expect(canRedo(history)).toBe(false);
  });

  it('joins typing in one block without a pause into one step', () => {
    let history = createHistory(['']);
    history = record(history, ['G'], 'block:0', 1000);
    history = record(history, ['Ge'], 'block:0', 1200);
    history = record(history, ['Gem'], 'block:0', 1400);
    expect(history.past).toEqual([['']]);
    expect(undo(history).present).toEqual(['']);
  });

  it('starts a new step after a pause, in another block, or for an insert', () => {
    let history = createHistory(['', '']);
    history = record(history, ['a', ''], 'block:0', 0);
    history = record(history, ['ab', ''], 'block:0', COALESCE_MS + 1);
    history = record(history, ['ab', 'c'], 'block:1', COALESCE_MS + 2);
    history = record(history, ['ab', 'c', 'x'], null, COALESCE_MS + 3);
    history = record(history, ['ab', 'c', 'y'], null, COALESCE_MS + 4);
    expect(history.past).toHaveLength(5);
    expect(undo(undo(history)).present).toEqual(['ab', 'c']);
  });

  it('forgets what could be redone once something new is recorded', () => {
    let history = record(createHistory(['a']), ['b'], null, 0);
    history = record(undo(history), ['c'], null, 1);
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toEqual(['a']);
  });

  it('does not join typing into a step that was undone to', () => {
    let history = record(createHistory(['']), ['a'], 'block:0', 0);
    history = undo(history);
    history = record(history, ['b'], 'block:0', 10);
    expect(undo(history).present).toEqual(['']);
  });

  it('names a change by the one block it changed, and nothing else', () => {
    expect(changeKey(['a', 'b'], ['a', 'bc'])).toBe('block:1');
    expect(changeKey(['a', 'b'], ['ax', 'bc'])).toBeNull();
    expect(changeKey(['a', 'b'], ['a', 'b', 'c'])).toBeNull();
    expect(changeKey(['a', 'b'], ['b', 'a'])).toBeNull();
    expect(changeKey(['a'], ['a'])).toBeNull();
  });
});
