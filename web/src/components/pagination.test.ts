import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows the first, the last and the pages next to the current one, with gaps between', () => {
    expect(pageWindow(1, 23)).toEqual([1, 2, null, 23]);
    expect(pageWindow(12, 23)).toEqual([1, null, 11, 12, 13, null, 23]);
    expect(pageWindow(23, 23)).toEqual([1, null, 22, 23]);
  });

  it('shows a single skipped page rather than a gap', () => {
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('handles a single page and out-of-range pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(40, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
