import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './server-errors';

/**
 * The submit of an admin form that the server may refuse: runs `action` on valid values and puts
 * a refusal's field errors on `fields` (see applyServerErrors), or returns it as `formError`.
 * `attempt` does the same for the form's other calls (a Remove button beside Save).
 */
export function useServerSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError'>,
  fields: readonly Path<T>[],
  action: (values: T) => Promise<void>,
) {
  const [formError, setFormError] = useState<string>();
  const { handleSubmit, setError } = form;
  const attempt = async (call: () => Promise<void>) => {
    setFormError(undefined);
    try {
      await call();
    } catch (error) {
      setFormError(applyServerErrors(error, fields, setError));
    }
  };
  const submit = handleSubmit((values) => attempt(() => action(values)));
  return { formError, submit, attempt };
}
