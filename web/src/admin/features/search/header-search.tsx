import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH } from './search-api';
import './header-search.css';

/**
 * The search field of the admin's header, on every page: Enter opens the results
 * (/beheer/zoeken?q=…). On the results page it shows the term searched for.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const searched =
    location.pathname === '/zoeken' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(searched);
  useEffect(() => setText(searched), [searched]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    void navigate(`/zoeken?q=${encodeURIComponent(q)}`);
  };

  return (
    <form role="search" aria-label="Zoeken in beheer" className="admin-search" onSubmit={submit}>
      <label htmlFor="admin-search-q" className="visually-hidden">
        Zoeken in beheer
      </label>
      <input
        id="admin-search-q"
        type="search"
        name="q"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Zoeken</button>
    </form>
  );
}
