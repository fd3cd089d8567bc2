// What the admin says about a draft's review step (server/src/content/review_state.hpp), in the
// list and on the item: 'Wacht op beoordeling', by whom and when. Pure.
import { formatInstant } from '../../api/admin-client';
import type { Review } from '../../api/content-client';

export const WAITING_LABEL = 'Wacht op beoordeling';
export const RETURNED_LABEL = 'Teruggestuurd';

/** The step's label: 'Wacht op beoordeling' or 'Teruggestuurd'. */
export function reviewLabel(review: Review): string {
  return review.status === 'waiting' ? WAITING_LABEL : RETURNED_LABEL;
}

/** Who took the step and when: 'aangeboden door Rita op 27-11-2026, 20:10'. */
export function reviewSummary(review: Review): string {
  const what = review.status === 'waiting' ? 'aangeboden' : 'teruggestuurd';
  const when = review.at ? ` op ${formatInstant(review.at)}` : '';
  return `${what} door ${review.by || 'onbekend'}${when}`;
}
