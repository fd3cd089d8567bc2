// The search across the whole admin (server/src/admin/search_api.hpp, issue 54): every content type
// by title, slug and author, and the accounts for a role that manages users, grouped by type.
import { adminFetch } from '../../api/admin-client';
import type { ItemState } from '../../api/content-client';

/** The longest search term the server takes, in characters. */
export const SEARCH_MAX_LENGTH = 100;

export interface ContentHit {
  /** The content type as in the admin's URLs ("articles"). */
  type: string;
  /** Its Dutch singular ("Artikel"). */
  typeLabel: string;
  id: string;
  title: string;
  state: ItemState;
  /** Where a draft stands in review; null when it is not in review. */
  review: 'waiting' | 'returned' | null;
  archived: boolean;
  /** Who created it; null when not known. */
  author: string | null;
  lastEdit: { by: string; at: string } | null;
  url: string;
}

export interface UserHit {
  type: 'users';
  id: string;
  /** The account's name. */
  title: string;
  email: string;
  role: 'beheerder' | 'eindredacteur' | 'redacteur';
  active: boolean;
  url: string;
}

export type SearchHit = ContentHit | UserHit;

export interface SearchGroup {
  type: string;
  /** The Dutch plural of the group ("Nieuwsartikelen", "Gebruikers"). */
  label: string;
  /** Every hit of the type; `items` holds the first few. */
  total: number;
  items: SearchHit[];
}

export interface SearchAnswer {
  query: string;
  total: number;
  groups: SearchGroup[];
}

export const searchApi = {
  search: (q: string) => adminFetch<SearchAnswer>('GET', `/api/admin/search?q=${encodeURIComponent(q)}`),
};
