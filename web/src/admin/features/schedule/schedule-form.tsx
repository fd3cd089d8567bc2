import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';
import type { ScheduleProgramme } from './schedule-api';
import { SelectField } from './select-field';

/**
 * The save of a schedule form (a slot or a change): `save` creates, or updates `editing`; a new
 * entry empties the form, a refusal lands on its fields or above the form. Opening the form on
 * an entry ('Bewerken') focuses `firstField`, so keyboard users continue there.
 */
export function useScheduleSave<T extends FieldValues, Saved>({
  form,
  fields,
  firstField,
  editing,
  save,
  onSaved,
}: {
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'reset' | 'setFocus'>;
  fields: readonly Path<T>[];
  firstField: Path<T>;
  editing: object | undefined;
  save: (values: T) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
}) {
  const { reset, setFocus } = form;

  useEffect(() => {
    if (editing) setFocus(firstField);
  }, [editing, firstField, setFocus]);

  return useServerSubmit(form, fields, async (values) => {
    const saved = await save(values);
    if (!editing) reset();
    onSaved(saved);
  });
}

/** The frame of a schedule form: heading, the form's own error, the fields, save and cancel. */
export function ScheduleForm({
  prefix,
  heading,
  submitLabel,
  formError,
  submitting,
  onSubmit,
  onCancel,
  children,
}: {
  prefix: string;
  heading: string;
  submitLabel: string;
  formError: string | undefined;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>{heading}</h2>
      <FormAlert message={formError} />
      {children}
      <button type="submit" disabled={submitting}>
        {submitLabel}
      </button>{' '}
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Annuleren
        </button>
      )}
    </form>
  );
}

/** The programme to choose in a schedule form. */
export function ProgrammeField({
  prefix,
  placeholder,
  programmes,
  registration,
  error,
}: {
  prefix: string;
  placeholder: string;
  programmes: ScheduleProgramme[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <SelectField
      id={`${prefix}-programme`}
      label="Programma"
      placeholder={placeholder}
      options={programmes.map((p) => ({ value: String(p.id), label: p.name }))}
      registration={registration}
      error={error}
    />
  );
}

/** The start and end time of a slot or special broadcast. */
export function TimeFields({
  prefix,
  startHint,
  start,
  end,
}: {
  prefix: string;
  startHint: string;
  start: { registration: UseFormRegisterReturn; error: string | undefined };
  end: { registration: UseFormRegisterReturn; error: string | undefined };
}) {
  return (
    <>
      <TextField
        id={`${prefix}-start`}
        label="Begintijd"
        hint={startHint}
        registration={start.registration}
        error={start.error}
      />
      <TextField
        id={`${prefix}-end`}
        label="Eindtijd"
        hint="uu:mm; 24:00 is middernacht."
        registration={end.registration}
        error={end.error}
      />
    </>
  );
}
