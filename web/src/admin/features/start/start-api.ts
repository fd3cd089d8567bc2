// The start page's one request (server/src/admin/start_api.hpp): the signed-in user's drafts, what
// is scheduled, what anyone edited last and the banner and modal visitors see now.
import { adminFetch } from '../../api/admin-client';
import type { ItemState } from '../../api/content-client';

export interface StartItem {
  /** The content type as in the admin's URLs ("articles"). */
  type: string;
  /** Its Dutch singular ("Artikel"). */
  typeLabel: string;
  id: string;
  title: string;
  state: ItemState;
  /** ISO 8601 UTC; null when it has none. */
  publishAt: string | null;
  /** The last edit in the audit log; null for an item never edited in the admin. */
  lastEdit: { by: string; at: string } | null;
  /** It has a draft, kept off the site until it is published (issue 54). */
  hasDraft: boolean;
  /** The admin URL that opens it ("/beheer/inhoud/articles/12"). */
  url: string;
}

export interface StartOverview {
  user: { name: string };
  myDrafts: StartItem[];
  waitingForReview: StartItem[];
  scheduled: StartItem[];
  recentlyEdited: StartItem[];
  onSite: { banner: StartItem | null; modal: StartItem | null };
}

/** The lists of the start page, each of at most 10 items. */
export type StartListKey = 'myDrafts' | 'waitingForReview' | 'scheduled' | 'recentlyEdited';

export const startApi = {
  load: () => adminFetch<StartOverview>('GET', '/api/admin/start'),
};
