/** The number of pages of `total` items at `pageSize` a page; at least one. */
export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}

interface PagerProps {
  /** The page shown, counted from 1. */
  page: number;
  /** How many pages there are (pageCount). */
  pages: number;
  /** The name of the navigation, e.g. "Pagina's van de lijst". */
  label: string;
  /** Asks for another page. */
  onPage: (page: number) => void;
}

/**
 * 'Vorige' and 'Volgende' under a paged admin list: a labelled navigation whose buttons ask for
 * the page before and after, each switched off at its end.
 */
export function Pager({ page, pages, label, onPage }: PagerProps) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Vorige
      </button>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Volgende
      </button>
    </nav>
  );
}
