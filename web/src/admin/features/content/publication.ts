// What the publication controls say after a publication changed (publish-controls.tsx).
import type { ItemState } from '../../api/content-client';

/** "Opgeslagen en gepubliceerd.": the item's new state, and whether the form was saved first. */
export function publicationText(state: ItemState, saved: boolean): string {
  const what =
    state === 'online'
      ? 'gepubliceerd'
      : state === 'scheduled'
        ? 'ingepland'
        : state === 'expired'
          ? 'gepubliceerd, maar al verlopen'
          : 'offline gehaald';
  return saved ? `Opgeslagen en ${what}.` : `${what.charAt(0).toUpperCase()}${what.slice(1)}.`;
}
