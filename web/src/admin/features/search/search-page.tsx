import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminApiError } from '../../api/admin-client';
import { searchApi, type SearchAnswer } from './search-api';
import { groupCount, groupListRoute, hitDetails, hitRoute, hitTitle } from './search-text';
import { LoadError } from '../../components/load-error';
import './search-page.css';

type Load =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: SearchAnswer };

/**
 * The results of the search in the admin's header (/beheer/zoeken?q=…): per type a heading with its
 * count and the first hits, each a link to its edit page with its status, author and last edit.
 * The term is the URL's, so that Back and a reload show the same results.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [load, setLoad] = useState<Load>({ status: q ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!q) {
      setLoad({ status: 'idle' });
      return;
    }
    let current = true;
    setLoad({ status: 'loading' });
    searchApi
      .search(q)
      .then((data) => current && setLoad({ status: 'ready', data }))
      .catch((failure: unknown) => {
        if (!current) return;
        setLoad({
          status: 'failed',
          message: failure instanceof AdminApiError ? failure.message : 'Het zoeken is mislukt.',
        });
      });
    return () => {
      current = false;
    };
  }, [q, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <section aria-labelledby="search-heading" aria-busy={load.status === 'loading'}>
      <h1 id="search-heading" tabIndex={-1}>
        {q ? `Zoeken naar "${q}"` : 'Zoeken'}
      </h1>
      {load.status === 'idle' && <p>Typ een zoekterm in het zoekveld bovenaan de pagina.</p>}
      <p role="status" className="admin-muted">
        {load.status === 'loading' && 'Zoeken…'}
        {load.status === 'ready' &&
          load.data.total > 0 &&
          `${load.data.total} ${load.data.total === 1 ? 'resultaat' : 'resultaten'}`}
      </p>
      {load.status === 'failed' && <LoadError message={load.message} onRetry={retry} />}
      {load.status === 'ready' && load.data.groups.length === 0 && <p>Niets gevonden voor "{q}".</p>}
      {load.status === 'ready' &&
        load.data.groups.map((group) => {
          const all = groupListRoute(group, q);
          const id = `search-${group.type}`;
          return (
            <section key={group.type} aria-labelledby={id} className="admin-search-group">
              <h2 id={id}>
                {group.label} <span className="admin-muted">({groupCount(group)})</span>
              </h2>
              <ul className="admin-search-list">
                {group.items.map((hit) => (
                  <li key={hit.id} className="admin-search-item">
                    <Link to={hitRoute(hit)}>{hitTitle(hit)}</Link>
                    <span className="admin-muted">{hitDetails(hit)}</span>
                  </li>
                ))}
              </ul>
              {all && group.items.length < group.total && (
                <p>
                  <Link to={all}>
                    Alle {group.total} {group.label.toLowerCase()} met "{q}"
                  </Link>
                </p>
              )}
            </section>
          );
        })}
    </section>
  );
}
