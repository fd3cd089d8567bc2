// The pure side of a content form's autosave (use-autosave.ts): when it is sent, what the editor
// reads, and whether a kept version differs from what the form shows.
import { formatTime } from '../../../lib/format-date';
import type { ContentType } from '../../api/content-client';

/** How long after a change the form's values are autosaved (tests shorten it). */
export const autosaveTiming = { delayMs: 3000 };

/** "Automatisch opgeslagen om 10:42" (Amsterdam time) of the autosave's moment. */
export function autosaveStatus(savedAt: string): string {
  return `Automatisch opgeslagen om ${formatTime(savedAt)}`;
}

/** The offer of a kept autosave: "Er is een automatisch opgeslagen versie van 10:42." */
export function autosaveOffer(savedAt: string): string {
  return `Er is een automatisch opgeslagen versie van ${formatTime(savedAt)}.`;
}

/** True when `kept` holds the same value for every field of `type` as `shown`. */
export function sameValues(type: ContentType, kept: Record<string, unknown>, shown: Record<string, unknown>) {
  return type.fields.every(
    (field) => JSON.stringify(kept[field.name] ?? null) === JSON.stringify(shown[field.name] ?? null),
  );
}

/** The values of `kept` for the fields of `type`, over `shown` (a field not kept keeps its value). */
export function restoredValues<T extends Record<string, unknown>>(
  type: ContentType,
  kept: Record<string, unknown>,
  shown: T,
): T {
  const out: Record<string, unknown> = { ...shown };
  for (const field of type.fields) if (field.name in kept) out[field.name] = kept[field.name];
  return out as T;
}
