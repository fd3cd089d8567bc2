import type { Paging } from '../api/types';
import { AppLink } from './app-link';

/** Previous/next and numbered page links, built by `hrefFor`; `label` names the navigation when a page has several. */
export function Pagination({
  paging,
  hrefFor,
  label = 'Paginering',
}: {
  paging: Paging;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (paging.pageCount <= 1) return null;
  const pages: number[] = [];
  for (let p = Math.max(1, paging.page - 2); p <= Math.min(paging.pageCount, paging.page + 2); p += 1)
    pages.push(p);
  return (
    <nav className="pagination" aria-label={label}>
      {paging.page > 1 && (
        <AppLink to={hrefFor(paging.page - 1)} className="pagination__link" rel="prev">
          Vorige
        </AppLink>
      )}
      <ul className="pagination__pages">
        {pages.map((p) => (
          <li key={p}>
            {p === paging.page ? (
              <span className="pagination__current" aria-current="page">
                <span className="visually-hidden">Pagina </span>
                {p}
              </span>
            ) : (
              <AppLink to={hrefFor(p)} className="pagination__link" aria-label={`Pagina ${p}`}>
                {p}
              </AppLink>
            )}
          </li>
        ))}
      </ul>
      {paging.page < paging.pageCount && (
        <AppLink to={hrefFor(paging.page + 1)} className="pagination__link" rel="next">
          Volgende
        </AppLink>
      )}
    </nav>
  );
}
