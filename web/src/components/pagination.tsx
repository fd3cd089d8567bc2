import type { Paging } from '../api/types';
import { AppLink } from './app-link';

/**
 * The page numbers a pagination shows: the first, the last and those within `radius` of the current
 * page, ascending; `null` stands for a gap ('…'). A gap of one page shows that page instead. The
 * server's HTML (server/src/render/markup.cpp page_window) shows the same numbers.
 */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  if (pageCount < 1) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const shown: (number | null)[] = [];
  let last = 0;
  for (let p = 1; p <= pageCount; p += 1) {
    if (p === 1 || p === pageCount || Math.abs(p - current) <= radius) {
      if (last !== 0 && p - last === 2) shown.push(p - 1);
      if (last !== 0 && p - last > 2) shown.push(null);
      shown.push(p);
      last = p;
    }
  }
  return shown;
}

/**
 * 'Vorige', the first, last and nearby page links, 'Volgende', built by `hrefFor`, as a labelled
 * navigation; `label` names it when a page has several.
 */
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
  const pages = pageWindow(paging.page, paging.pageCount);
  return (
    <nav className="pagination" aria-label={label}>
      {paging.page > 1 && (
        <AppLink to={hrefFor(paging.page - 1)} className="pagination__link pagination__step" rel="prev">
          Vorige
        </AppLink>
      )}
      <ul className="pagination__pages">
        {pages.map((p, i) => (
          <li key={p ?? `gap-${i}`}>
            {p === null ? (
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            ) : p === paging.page ? (
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
        <AppLink to={hrefFor(paging.page + 1)} className="pagination__link pagination__step" rel="next">
          Volgende
        </AppLink>
      )}
    </nav>
  );
}
