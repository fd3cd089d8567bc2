import { describe, expect, it } from 'vitest';
import { ariaSort, EMPTY_QUERY, listSearchFrom, readListQuery, sortedBy, writeListQuery } from './list-query';

describe('the list query in the address', () => {
  it('reads back what it wrote', () => {
    const query = {
      q: 'brand',
      state: 'draft',
      mine: true,
      sort: 'edited' as const,
      dir: 'desc' as const,
      page: 3,
    };
    const written = writeListQuery(query);
    expect(written.toString()).toBe('q=brand&state=draft&mine=1&sort=edited&dir=desc&page=3');
    expect(readListQuery(written)).toEqual(query);
  });

  it('leaves out the defaults, and takes what it cannot mean as the default', () => {
    expect(writeListQuery(EMPTY_QUERY).toString()).toBe('');
    expect(readListQuery(new URLSearchParams('sort=views&dir=up&page=x&mine=yes'))).toEqual(EMPTY_QUERY);
    expect(readListQuery(new URLSearchParams('page=0')).page).toBe(1);
  });
});

describe('sorting by a column', () => {
  it('sorts a new column in its first direction, the same one the other way, from page 1', () => {
    const byTitle = sortedBy({ ...EMPTY_QUERY, page: 4 }, 'title');
    expect(byTitle).toMatchObject({ sort: 'title', dir: 'asc', page: 1 });
    expect(sortedBy(byTitle, 'title').dir).toBe('desc');
    // The newest first for moments.
    expect(sortedBy(byTitle, 'edited')).toMatchObject({ sort: 'edited', dir: 'desc' });
    expect(ariaSort(byTitle, 'title')).toBe('ascending');
    expect(ariaSort(byTitle, 'status')).toBe('none');
  });
});

describe('the way back to the list', () => {
  it("takes a list query from a navigation's state, nothing else", () => {
    expect(listSearchFrom({ listSearch: '?state=draft' })).toBe('?state=draft');
    expect(listSearchFrom({ listSearch: 'https://elders' })).toBe('');
    expect(listSearchFrom(null)).toBe('');
    expect(listSearchFrom({ trashed: {} })).toBe('');
  });
});
