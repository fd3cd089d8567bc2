import { describe, expect, it } from 'vitest';
import { showsCategoryLabel } from './live-coverage';

const live = { slug: 'live', name: 'Live', color: '#c8102e' };
const sport = { slug: 'sport', name: 'Sport', color: '#1b6b35' };
const at = (iso: string) => Date.parse(iso);

describe('showsCategoryLabel (issue 39 #20)', () => {
  it("shows a live story's label only while its live coverage runs", () => {
    const story = { category: live, liveUntil: '2026-11-21T15:00:00Z' };
    expect(showsCategoryLabel(story, at('2026-11-21T09:00:00Z'))).toBe(true);
    expect(showsCategoryLabel(story, at('2026-11-21T14:59:59Z'))).toBe(true);
    expect(showsCategoryLabel(story, at('2026-11-21T15:00:00Z'))).toBe(false);
    expect(showsCategoryLabel(story, at('2026-11-23T09:00:00Z'))).toBe(false);
  });

  it('shows none for a live story without an end, or with one that is no instant', () => {
    expect(showsCategoryLabel({ category: live, liveUntil: null }, at('2026-11-21T09:00:00Z'))).toBe(false);
    expect(showsCategoryLabel({ category: live, liveUntil: 'morgen' }, at('2026-11-21T09:00:00Z'))).toBe(
      false,
    );
  });

  it('keeps the label of every other category', () => {
    expect(showsCategoryLabel({ category: sport, liveUntil: null }, at('2026-11-21T09:00:00Z'))).toBe(true);
  });
});
