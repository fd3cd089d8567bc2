// What a content list shows (issue 54), kept in its address's query so that Back, a reload and the
// '← Nieuwsartikelen' link of an item's form bring the same list back: the search, the status
// filter, 'Mijn …', the sort and its direction, and the page. Pure: URLSearchParams in and out.

/** The columns the server sorts by (server/src/content/list_order.hpp). */
export type SortField = 'title' | 'status' | 'publication' | 'edited' | 'author';
export type SortDirection = 'asc' | 'desc';

export interface ListQuery {
  q: string;
  state: string;
  /** Only what the signed-in user created. */
  mine: boolean;
  /** '' for the type's own order. */
  sort: SortField | '';
  dir: SortDirection;
  page: number;
}

const SORT_FIELDS: readonly SortField[] = ['title', 'status', 'publication', 'edited', 'author'];

export const EMPTY_QUERY: ListQuery = { q: '', state: '', mine: false, sort: '', dir: 'asc', page: 1 };

/**
 * The list an address's query asks for; what it cannot mean (an unknown sort, a page that is no
 * number) is left at its default, so that an old or mistyped link still opens a list.
 */
export function readListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    state: params.get('state') ?? '',
    mine: params.get('mine') === '1',
    sort: (SORT_FIELDS as readonly string[]).includes(sort) ? (sort as SortField) : '',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 && page <= 100000 ? page : 1,
  };
}

/** The query of `query`, defaults left out (the server's API takes the same names). */
export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.state) params.set('state', query.state);
  if (query.mine) params.set('mine', '1');
  if (query.sort) {
    params.set('sort', query.sort);
    if (query.dir === 'desc') params.set('dir', 'desc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The direction a column is sorted in first: the newest first for moments, A to Z otherwise. */
export function firstDirection(field: SortField): SortDirection {
  return field === 'publication' || field === 'edited' ? 'desc' : 'asc';
}

/**
 * The query after a click on the header of `field`: sorted by it (in its first direction), or,
 * when it already is, the other way round; back to the first page.
 */
export function sortedBy(query: ListQuery, field: SortField): ListQuery {
  const dir = query.sort === field ? (query.dir === 'asc' ? 'desc' : 'asc') : firstDirection(field);
  return { ...query, sort: field, dir, page: 1 };
}

/** What a column header's aria-sort says. */
export function ariaSort(query: ListQuery, field: SortField): 'ascending' | 'descending' | 'none' {
  if (query.sort !== field) return 'none';
  return query.dir === 'asc' ? 'ascending' : 'descending';
}

/** What an item's link hands its form (the navigation's state): the list's query to return to. */
export interface ListReturnState {
  listSearch: string;
}

/** The list query a navigation's state carries ('' when none: the plain list). */
export function listSearchFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const search = (state as { listSearch: unknown }).listSearch;
  return typeof search === 'string' && (search === '' || search.startsWith('?')) ? search : '';
}
