import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '../../lib/routes';

/** The header search box; submits to /zoeken/{term}. */
export function SearchForm({ initial = '' }: { initial?: string }) {
  const [term, setTerm] = useState(initial);
  const navigate = useNavigate();
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed) void navigate(routes.zoeken(trimmed));
  };
  return (
    <form role="search" className="search-form" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Zoeken
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Zoek programma's, nieuws, muziek…"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
      />
      <button type="submit" className="button button--small">
        Zoek
      </button>
    </form>
  );
}
