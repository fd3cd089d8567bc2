import { useCallback, useEffect, useState } from 'react';
import { contentApi, type ContentField } from '../../api/content-client';
import type { ReferenceNames } from './version-diff';

/**
 * The names of the items that the reference and relation fields of `fields` may hold, from their
 * types' options (asked once for the page's session): a version comparison then says 'Mira de
 * Vries' where the stored value is 3 (issue 54). Until they come, or if they cannot, none.
 */
export function useReferenceNames(fields: readonly ContentField[]): ReferenceNames {
  // One string, so that the fields of every render ask again only when the types differ.
  const types = [
    ...new Set(
      fields
        .filter((field) => (field.kind === 'reference' || field.kind === 'relation') && field.reference)
        .map((field) => field.reference),
    ),
  ]
    .sort()
    .join('\n');
  // Per type, each option's label by its id and by its slug ('id:3', 'slug:mira'), as a field
  // stores one or the other (its referenceKey).
  const [known, setKnown] = useState<Readonly<Record<string, ReadonlyMap<string, string>>>>({});
  useEffect(() => {
    if (!types) return;
    let current = true;
    for (const type of types.split('\n')) {
      contentApi
        .options(type)
        .then(({ options }) => {
          if (!current) return;
          const names = new Map<string, string>();
          for (const option of options) {
            names.set(`id:${String(option.value)}`, option.label);
            // As the form stores it (optionKey): an option without a slug by its value.
            names.set(`slug:${String(option.slug ?? option.value)}`, option.label);
          }
          setKnown((before) => ({ ...before, [type]: names }));
        })
        // Without them the comparison shows what is stored, as before.
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [types]);
  return useCallback(
    (field, value) =>
      known[field.reference]?.get(`${field.referenceKey === 'slug' ? 'slug' : 'id'}:${String(value)}`),
    [known],
  );
}
