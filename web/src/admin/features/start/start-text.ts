import { formatInstant } from '../../api/admin-client';
import { DRAFT_MARKER, STATE_LABELS } from '../../api/content-client';
import type { StartItem } from './start-api';

/** The title of an item as a link says it; a title left empty is named by its type. */
export function itemTitle(item: StartItem): string {
  return item.title.trim() || `${item.typeLabel} zonder titel`;
}

/**
 * The line under an item's link: its type and state, whether it has a draft, when it comes online
 * (`withPublication`), and who edited it last and when, in Amsterdam time ("Artikel · Online ·
 * Concept in bewerking · bewerkt door Rita op 21-11-2026, 12:00").
 */
export function itemDetails(item: StartItem, withPublication = false): string {
  const parts = [item.typeLabel, STATE_LABELS[item.state]];
  if (item.hasDraft) parts.push(DRAFT_MARKER);
  if (withPublication && item.publishAt) parts.push(`online vanaf ${formatInstant(item.publishAt)}`);
  if (item.lastEdit) parts.push(`bewerkt door ${item.lastEdit.by} op ${formatInstant(item.lastEdit.at)}`);
  return parts.join(' · ');
}

/** The admin route of an item, inside the router's /beheer. */
export function itemRoute(item: StartItem): string {
  return `/inhoud/${encodeURIComponent(item.type)}/${encodeURIComponent(item.id)}`;
}
