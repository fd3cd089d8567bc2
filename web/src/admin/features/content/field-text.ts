// What the content form writes beside its fields, from the type's description alone: a derived
// field's stored value, and a field's hint.

import { formatDuration } from '../../../lib/format-date';
import type { ContentField, FieldValue } from '../../api/content-client';

/** A derived field's stored value as the form shows it: a duration, a size, a path. */
export function derivedText(field: ContentField, value: FieldValue | undefined): string {
  if (typeof value === 'number' && field.derived === 'durationMs') return formatDuration(value / 1000);
  if (typeof value === 'number' && field.derived === 'byteLength')
    return value >= 1024 * 1024
      ? `${(value / (1024 * 1024)).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`
      : `${Math.round(value / 1024).toLocaleString('nl-NL')} KB`;
  return value === null || value === undefined ? '' : String(value);
}

/** Beside the slug of a stored item: the server moves every earlier slug's page to the current one (issue 54). */
export const OLD_LINKS_HINT = 'Oude links blijven werken: ze verwijzen door naar het nieuwe adres.';

/** The hint under a field: how a slug is written (and, once stored, that old links keep working), how tags are. */
export function fieldHint(field: ContentField, stored: boolean): string | undefined {
  if (field.kind === 'slug') {
    if (field.immutable && stored) return 'Deze URL kan niet meer worden gewijzigd.';
    return stored
      ? `Kleine letters, cijfers en liggende streepjes. ${OLD_LINKS_HINT}`
      : 'Kleine letters, cijfers en liggende streepjes; voorgesteld uit de titel.';
  }
  if (field.kind === 'isrc') return 'Twaalf tekens, met of zonder streepjes: NL-A1B-24-00001.';
  return field.kind === 'tags' ? "Gescheiden door komma's, bijvoorbeeld: storm, verkeer." : undefined;
}

/** What the form says after a merge: whether the editor still has to choose, and where. */
export function mergedMessage(conflicts: number): string {
  if (!conflicts) return 'Samengevoegd, nog niet opgeslagen: druk op Opslaan.';
  return `Samengevoegd, nog niet opgeslagen. Kies bij ${conflicts === 1 ? 'één punt' : `${conflicts} punten`} welke versie blijft en druk op Opslaan.`;
}

/** What the form says when an autosave typed on `typedOn` is restored while `stored` is the version stored now. */
export function restoredOnOlderMessage(typedOn: number, stored: number): string {
  return (
    `Hersteld van versie ${typedOn}, maar intussen is versie ${stored} opgeslagen. ` +
    'Hieronder staat wat er sindsdien veranderde: voeg samen, of sla toch jouw versie op.'
  );
}
