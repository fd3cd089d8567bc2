// The pure parts of the header search box (an ARIA 1.2 combobox with a listbox popup): which
// option is active and whether the list is open, what a key does, when to ask for suggestions and
// what the live region says. The component in search-form.tsx only wires these to the DOM.

import type { SearchSuggestions } from '../../api/types';
import { fetchJsonOrNothing } from '../../lib/http';

/** Milliseconds of quiet typing before suggestions are fetched. */
export const SUGGEST_DELAY_MS = 200;
/** Longest term the suggestion API accepts, in UTF-8 bytes. */
export const MAX_TERM_BYTES = 100;

export interface ComboboxState {
  open: boolean;
  /** Index of the active option; -1 when none is. */
  active: number;
  /** How many options the list holds. */
  count: number;
}

export const closedCombobox: ComboboxState = { open: false, active: -1, count: 0 };

export type ComboboxAction =
  | { type: 'results'; count: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'hover'; index: number }
  | { type: 'close' };

/** The next state; arrows wrap around and open a closed list that has options. */
export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'results':
      return { open: true, active: -1, count: action.count };
    case 'next':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: 0 };
      return { ...state, active: state.active + 1 >= state.count ? 0 : state.active + 1 };
    case 'previous':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: state.count - 1 };
      return { ...state, active: state.active <= 0 ? state.count - 1 : state.active - 1 };
    case 'hover':
      return action.index >= 0 && action.index < state.count ? { ...state, active: action.index } : state;
    case 'close':
      return { ...state, open: false, active: -1 };
  }
}

/** What a key pressed in the input does: move, open the active option, submit the term, close, or nothing. */
export type KeyCommand =
  | { kind: 'move'; action: ComboboxAction }
  | { kind: 'open-option'; index: number }
  | { kind: 'submit' }
  | { kind: 'close' }
  | { kind: 'none' };

export function keyCommand(key: string, state: ComboboxState): KeyCommand {
  switch (key) {
    case 'ArrowDown':
      return state.count > 0 ? { kind: 'move', action: { type: 'next' } } : { kind: 'none' };
    case 'ArrowUp':
      return state.count > 0 ? { kind: 'move', action: { type: 'previous' } } : { kind: 'none' };
    case 'Enter':
      return state.open && state.active >= 0
        ? { kind: 'open-option', index: state.active }
        : { kind: 'submit' };
    case 'Escape':
      return state.open ? { kind: 'close' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** The term to ask suggestions for, or null when there is nothing to ask (blank or too long). */
export function suggestTerm(input: string): string | null {
  const term = input.trim();
  if (!term || new TextEncoder().encode(term).length > MAX_TERM_BYTES) return null;
  return term;
}

/** The suggestion API URL of a term. */
export function suggestionsUrl(term: string): string {
  return `/api/search/${encodeURIComponent(term)}`;
}

/** What the live region announces, in Dutch. */
export function suggestionAnnouncement(count: number | null, failed = false): string {
  if (failed) return 'Suggesties konden niet worden geladen';
  if (count === null) return '';
  if (count === 0) return 'Geen suggesties';
  return count === 1 ? '1 suggestie' : `${count} suggesties`;
}

/**
 * Fetches the suggestions of a term. A failure (no network, a non-2xx answer, no JSON) is reported
 * to error reporting and yields undefined (spec §7 "Failed fetches"); an abort yields undefined
 * unreported.
 */
export function fetchSuggestions(term: string, signal?: AbortSignal): Promise<SearchSuggestions | undefined> {
  return fetchJsonOrNothing<SearchSuggestions>(suggestionsUrl(term), signal ? { signal } : {});
}
