// The pure side of a content form's autosave (use-autosave.ts): when it is sent, what the editor
// reads, and whether a kept version differs from what the form shows.
import { formatTime } from '../../../lib/format-date';
import type { Autosave, ContentType } from '../../api/content-client';

/** How long after a change the form's values are autosaved (tests shorten it). */
export const autosaveTiming = { delayMs: 3000 };

/** "Automatisch opgeslagen om 10:42" (Amsterdam time) of the autosave's moment. */
export function autosaveStatus(savedAt: string): string {
  return `Automatisch opgeslagen om ${formatTime(savedAt)}`;
}

/**
 * The offer of a kept autosave: when it was made and on which version ("Er is een automatisch
 * opgeslagen versie van 10:42 (op versie 3)."), and when a newer version was saved since, that
 * restoring it shows what changed to merge (issue 48). A new item's form has no version.
 */
export function autosaveOffer(savedAt: string, itemVersion = 0, storedVersion = itemVersion): string {
  const made = `Er is een automatisch opgeslagen versie van ${formatTime(savedAt)}`;
  if (itemVersion <= 0) return `${made}.`;
  if (storedVersion <= itemVersion) return `${made} (op versie ${itemVersion}).`;
  return (
    `${made}, getypt op versie ${itemVersion}. Daarna is versie ${storedVersion} opgeslagen: ` +
    'na Herstellen zie je wat er sindsdien veranderde en voeg je samen.'
  );
}

/** True when restoring `autosave` over the stored version `storedVersion` is a conflict. */
export function typedOnOlderVersion(autosave: Autosave, storedVersion: number | undefined): boolean {
  return storedVersion !== undefined && autosave.itemVersion > 0 && autosave.itemVersion < storedVersion;
}

/**
 * What the fields of `type` that `values` changed held in `base`: sent with the autosave, so that
 * restoring it over a newer version merges against the version it was typed on.
 */
export function changedBase(
  type: ContentType,
  base: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of type.fields) {
    const was = base[field.name] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(values[field.name] ?? null)) out[field.name] = was;
  }
  return out;
}

/**
 * The form's values of the version `autosave` was typed on: its own values where it changed
 * nothing, what it kept of the others. Without them (an autosave kept before they were), nothing
 * is known of that version: every field the two versions hold differently is then the editor's
 * choice in the merge.
 */
export function autosaveBase(type: ContentType, autosave: Autosave): Record<string, unknown> {
  if (!autosave.baseValues) return {};
  const out: Record<string, unknown> = {};
  for (const field of type.fields)
    out[field.name] =
      field.name in autosave.baseValues ? autosave.baseValues[field.name] : autosave.values[field.name];
  return out;
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
