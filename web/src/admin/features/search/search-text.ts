// What the search results say about each hit and group. Pure.
import { formatInstant, ROLE_LABELS } from '../../api/admin-client';
import { STATE_LABELS } from '../../api/content-client';
import { RETURNED_LABEL, WAITING_LABEL } from '../content/review-text';
import type { ContentHit, SearchGroup, SearchHit } from './search-api';

/** An item's status as the lists say it: in review, archived, or its state on the site. */
export function hitStatus(hit: ContentHit): string {
  if (hit.archived) return 'Gearchiveerd';
  if (hit.state === 'draft' && hit.review === 'waiting') return WAITING_LABEL;
  if (hit.state === 'draft' && hit.review === 'returned') return RETURNED_LABEL;
  return STATE_LABELS[hit.state];
}

/**
 * The line under a hit's link: an item's type, status, author and last edit in Amsterdam time
 * ("Artikel · Concept · door Rita · bewerkt door Erik op 21-11-2026, 12:00"); an account's
 * e-mail address, role and whether it is active.
 */
export function hitDetails(hit: SearchHit): string {
  if (hit.type === 'users' && 'email' in hit) {
    const parts = [hit.email, ROLE_LABELS[hit.role]];
    if (!hit.active) parts.push('gedeactiveerd');
    return parts.join(' · ');
  }
  const item = hit as ContentHit;
  const parts = [item.typeLabel, hitStatus(item)];
  if (item.author) parts.push(`door ${item.author}`);
  if (item.lastEdit) parts.push(`bewerkt door ${item.lastEdit.by} op ${formatInstant(item.lastEdit.at)}`);
  return parts.join(' · ');
}

/** A hit's title as its link says it; an empty one is named by its type. */
export function hitTitle(hit: SearchHit): string {
  if (hit.title.trim()) return hit.title;
  return 'typeLabel' in hit ? `${hit.typeLabel} zonder titel` : 'Zonder naam';
}

/** The admin route of a hit, inside the router's /beheer (the server's url without it). */
export function hitRoute(hit: SearchHit): string {
  return hit.url.startsWith('/beheer/') ? hit.url.slice('/beheer'.length) : hit.url;
}

/** Where all hits of a group are listed (the type's own list, searched for `q`); none for accounts. */
export function groupListRoute(group: SearchGroup, q: string): string | undefined {
  if (group.type === 'users') return undefined;
  return `/inhoud/${encodeURIComponent(group.type)}?q=${encodeURIComponent(q)}`;
}

/** The heading's count: "3" or "5 van 12". */
export function groupCount(group: SearchGroup): string {
  return group.items.length < group.total ? `${group.items.length} van ${group.total}` : String(group.total);
}
