import { describe, expect, it } from 'vitest';
import {
  closedCombobox,
  comboboxReducer,
  keyCommand,
  suggestionAnnouncement,
  suggestionsUrl,
  suggestTerm,
  type ComboboxState,
} from './search-combobox';

const open = (count: number, active = -1): ComboboxState => ({ open: true, active, count });

describe('comboboxReducer', () => {
  it('opens with new results and no active option', () => {
    expect(comboboxReducer(closedCombobox, { type: 'results', count: 3 })).toEqual(open(3));
    expect(comboboxReducer(open(5, 2), { type: 'results', count: 1 })).toEqual(open(1));
  });
  it('moves down and up, wrapping around', () => {
    let state = open(3);
    state = comboboxReducer(state, { type: 'next' });
    expect(state.active).toBe(0);
    state = comboboxReducer(comboboxReducer(state, { type: 'next' }), { type: 'next' });
    expect(state.active).toBe(2);
    expect(comboboxReducer(state, { type: 'next' }).active).toBe(0);
    expect(comboboxReducer(open(3), { type: 'previous' }).active).toBe(2);
    expect(comboboxReducer(open(3, 0), { type: 'previous' }).active).toBe(2);
    expect(comboboxReducer(open(3, 2), { type: 'previous' }).active).toBe(1);
  });
  it('reopens a closed list with options on an arrow key, not an empty one', () => {
    const closed = { open: false, active: -1, count: 2 };
    expect(comboboxReducer(closed, { type: 'next' })).toEqual(open(2, 0));
    expect(comboboxReducer(closed, { type: 'previous' })).toEqual(open(2, 1));
    expect(comboboxReducer(closedCombobox, { type: 'next' })).toBe(closedCombobox);
  });
  it('follows the pointer within the list only', () => {
    expect(comboboxReducer(open(3), { type: 'hover', index: 1 }).active).toBe(1);
    expect(comboboxReducer(open(3), { type: 'hover', index: 3 }).active).toBe(-1);
  });
  it('closes and forgets the active option', () => {
    expect(comboboxReducer(open(3, 1), { type: 'close' })).toEqual({ open: false, active: -1, count: 3 });
  });
});

describe('keyCommand', () => {
  it('maps the arrows to moves when there are options', () => {
    expect(keyCommand('ArrowDown', open(2))).toEqual({ kind: 'move', action: { type: 'next' } });
    expect(keyCommand('ArrowUp', open(2))).toEqual({ kind: 'move', action: { type: 'previous' } });
    expect(keyCommand('ArrowDown', closedCombobox)).toEqual({ kind: 'none' });
  });
  it('opens the active option on Enter, else submits the term', () => {
    expect(keyCommand('Enter', open(2, 1))).toEqual({ kind: 'open-option', index: 1 });
    expect(keyCommand('Enter', open(2))).toEqual({ kind: 'submit' });
    expect(keyCommand('Enter', { open: false, active: -1, count: 2 })).toEqual({ kind: 'submit' });
  });
  it('closes an open list on Escape and ignores other keys', () => {
    expect(keyCommand('Escape', open(2))).toEqual({ kind: 'close' });
    expect(keyCommand('Escape', closedCombobox)).toEqual({ kind: 'none' });
    expect(keyCommand('a', open(2))).toEqual({ kind: 'none' });
  });
});

describe('suggestion helpers', () => {
  it('asks only for a non-blank term of at most 100 bytes', () => {
    expect(suggestTerm('  koffie ')).toBe('koffie');
    expect(suggestTerm('   ')).toBeNull();
    expect(suggestTerm('a'.repeat(100))).toBe('a'.repeat(100));
    expect(suggestTerm('é'.repeat(51))).toBeNull();
  });
  it('encodes the term into the API path', () => {
    expect(suggestionsUrl('café noir/2')).toBe('/api/search/caf%C3%A9%20noir%2F2');
  });
  it('announces the count in Dutch', () => {
    expect(suggestionAnnouncement(5)).toBe('5 suggesties');
    expect(suggestionAnnouncement(1)).toBe('1 suggestie');
    expect(suggestionAnnouncement(0)).toBe('Geen suggesties');
    expect(suggestionAnnouncement(null)).toBe('');
    expect(suggestionAnnouncement(3, true)).toBe('Suggesties konden niet worden geladen');
  });
});
