import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSuggestion } from '../../api/types';
import { routes } from '../../lib/routes';
import {
  closedCombobox,
  comboboxReducer,
  fetchSuggestions,
  keyCommand,
  SUGGEST_DELAY_MS,
  suggestionAnnouncement,
  suggestTerm,
} from './search-combobox';
import './search-form.css';

/** The search term of a results path '/zoeken/{term}', '' elsewhere (or when it is not valid UTF-8). */
export function searchTermOf(pathname: string): string {
  const match = /^\/zoeken\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}

/**
 * The header search box: an ARIA 1.2 combobox whose listbox shows suggestions while typing
 * (GET /api/search/{term}, debounced, stale requests aborted). Arrow keys move the active option,
 * Enter opens it or, without one, the results page /zoeken/{term}; Escape and a click outside close.
 */
export function SearchForm({
  initial = '',
  label = 'Zoeken op de site',
  fieldLabel = 'Zoeken',
}: {
  initial?: string;
  /** The search landmark's name; a page with a second form gives it another (no two identical landmarks). */
  label?: string;
  fieldLabel?: string;
}) {
  const [term, setTerm] = useState(initial);
  const [typed, setTyped] = useState(false);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [announcement, setAnnouncement] = useState('');
  // A blank term submitted: the field says what it needs instead of doing nothing.
  const [blank, setBlank] = useState(false);
  const [state, dispatch] = useReducer(comboboxReducer, closedCombobox);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const listId = `${id}-suggesties`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-suggestie-${index}`;

  useEffect(() => {
    const wanted = typed ? suggestTerm(term) : null;
    if (wanted === null) {
      setSuggestions([]);
      setAnnouncement('');
      dispatch({ type: 'close' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      // A failed fetch is reported by fetchSuggestions and answers nothing; the listener reads why.
      void fetchSuggestions(wanted, controller.signal).then((answer) => {
        if (controller.signal.aborted) return;
        const list = answer?.suggestions ?? [];
        setSuggestions(list);
        setAnnouncement(answer ? suggestionAnnouncement(list.length) : suggestionAnnouncement(null, true));
        dispatch({ type: 'results', count: list.length });
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, typed]);

  useEffect(() => {
    if (!state.open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (formRef.current && !formRef.current.contains(event.target as Node)) dispatch({ type: 'close' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [state.open]);

  const finish = (to: string) => {
    setTyped(false);
    dispatch({ type: 'close' });
    void navigate(to);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    setBlank(!trimmed);
    if (trimmed) finish(routes.zoeken(trimmed));
    else formRef.current?.querySelector('input')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const command = keyCommand(event.key, state);
    switch (command.kind) {
      case 'move':
        event.preventDefault();
        dispatch(command.action);
        break;
      case 'open-option': {
        event.preventDefault();
        const chosen = suggestions[command.index];
        if (chosen) finish(chosen.url);
        break;
      }
      case 'close':
        event.preventDefault();
        dispatch({ type: 'close' });
        break;
      default:
        break;
    }
  };

  const expanded = state.open && (suggestions.length > 0 || announcement !== '');
  return (
    <form role="search" aria-label={label} className="search-form" onSubmit={onSubmit} ref={formRef}>
      <label htmlFor={id} className="visually-hidden">
        {fieldLabel}
      </label>
      <div className="search-form__field">
        <input
          id={id}
          type="text"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
          aria-invalid={blank || undefined}
          aria-describedby={blank ? hintId : undefined}
          placeholder="Zoek programma's, nieuws, muziek…"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setTyped(true);
            setBlank(false);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggesties"
          className="search-suggestions"
          hidden={!expanded || suggestions.length === 0}
        >
          {suggestions.map((s, index) => (
            // Options never take focus: the keyboard operates them from the input (aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${s.url}|${s.title}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === state.active}
              className={`search-suggestion${index === state.active ? ' search-suggestion--active' : ''}`}
              onPointerDown={(event) => event.preventDefault()}
              onPointerMove={() => dispatch({ type: 'hover', index })}
              onClick={() => finish(s.url)}
            >
              <span className="search-suggestion__title">{s.title}</span>
              <span className="search-suggestion__meta">
                {s.label}
                {s.subtitle ? ` · ${s.subtitle}` : ''}
              </span>
            </li>
          ))}
        </ul>
        {blank && (
          <p id={hintId} className="search-form__hint" role="alert">
            Typ eerst waar je naar zoekt.
          </p>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      <button type="submit" className="button button--small">
        Zoek
      </button>
    </form>
  );
}
