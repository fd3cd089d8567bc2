import { useEffect, useState } from 'react';
import { contentApi, type ContentType, type ReferenceOption } from '../../api/content-client';

/**
 * The options of every reference and relation field of `type`, by field name, asked from the
 * server once the form is drawn; a field's options are missing until they arrive (or when asking failed).
 */
export function useReferenceOptions(type: ContentType): Record<string, ReferenceOption[]> {
  const [options, setOptions] = useState<Record<string, ReferenceOption[]>>({});
  useEffect(() => {
    let current = true;
    for (const field of type.fields) {
      if (field.kind !== 'reference' && field.kind !== 'relation') continue;
      contentApi
        .options(field.reference)
        .then((answer) => current && setOptions((all) => ({ ...all, [field.name]: answer.options })))
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [type]);
  return options;
}
