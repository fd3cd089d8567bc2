import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './server-errors';

/**
 * The submit of an admin form that the server may refuse: runs `action` on valid values and puts
 * a refusal's field errors on `fields` (see applyServerErrors), or returns it as `formError`.
 */
export function useServerSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError'>,
  fields: readonly Path<T>[],
  action: (values: T) => Promise<void>,
) {
  const [formError, setFormError] = useState<string>();
  const { handleSubmit, setError } = form;
  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await action(values);
    } catch (error) {
      setFormError(applyServerErrors(error, fields, setError));
    }
  });
  return { formError, submit };
}
