// A news story of the 'live' category is presented as live (its red 'Live' label) only while its
// live coverage runs: until the article's liveUntil (issue 39 #20). Other categories keep their label.

import type { ArticleCard } from '../api/types';

/** The category whose label says that a story is covered live now. */
export const LIVE_CATEGORY = 'live';

/** Whether `article` shows its category label at `now` (ms since the epoch). */
export function showsCategoryLabel(
  article: Pick<ArticleCard, 'category' | 'liveUntil'>,
  now: number,
): boolean {
  if (article.category.slug !== LIVE_CATEGORY) return true;
  if (!article.liveUntil) return false;
  const until = Date.parse(article.liveUntil);
  return Number.isFinite(until) && now < until;
}
