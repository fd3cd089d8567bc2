import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { AdminApiError } from '../api/admin-client';

/**
 * Puts a refused call's field errors on the form's fields (focusing the first one) and returns
 * the message for the form as a whole when no field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | undefined {
  if (!(error instanceof AdminApiError)) return 'Er ging iets mis. Probeer het opnieuw.';
  let focused = false;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }
  return focused ? undefined : error.message;
}
