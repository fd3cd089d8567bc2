import { useEffect, useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useServerSubmit } from '../../components/use-server-submit';
import { isConflict, type ScheduleProgramme } from './schedule-api';
import { SelectField } from './select-field';

/**
 * The save of a schedule form (a slot or a change): `save` creates, or updates `editing`; a new
 * entry empties the form, a refusal lands on its fields or above the form. Opening the form on
 * an entry ('Bewerken') focuses `firstField`, so keyboard users continue there. `conflict` says
 * that the last save was refused because someone else changed the entry first (409): what was
 * typed stays in the form, and `reload` runs `onReload` (the week again), after which the message
 * goes.
 */
export function useScheduleSave<T extends FieldValues, Saved>({
  form,
  fields,
  firstField,
  editing,
  save,
  onSaved,
  onReload,
}: {
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'reset' | 'setFocus'>;
  fields: readonly Path<T>[];
  firstField: Path<T>;
  editing: object | undefined;
  save: (values: T) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onReload: () => Promise<void>;
}) {
  const { reset, setFocus } = form;
  const [conflict, setConflict] = useState(false);
  // Once, on opening: a reloaded entry (a new version) must not pull the focus back.
  const open = Boolean(editing);
  useEffect(() => {
    if (open) setFocus(firstField);
  }, [open, firstField, setFocus]);

  const { formError, submit, attempt } = useServerSubmit(form, fields, async (values) => {
    setConflict(false);
    try {
      const saved = await save(values);
      if (!editing) reset();
      onSaved(saved);
    } catch (failure) {
      setConflict(isConflict(failure));
      throw failure;
    }
  });
  const reload = () =>
    attempt(async () => {
      await onReload();
      setConflict(false);
    });
  return { formError, submit, conflict, reload };
}

/** The offer beside a conflict's message: reload the week, with the other editor's change. */
export function ReloadButton({ onReload }: { onReload: () => void }) {
  return (
    <p>
      <button type="button" onClick={onReload}>
        Programmering opnieuw laden
      </button>
    </p>
  );
}

/**
 * The frame of a schedule form: heading, the form's own error, the fields, save and cancel. On a
 * `conflict` the focus goes to the heading (the message follows it) and the form offers `onReload`.
 */
export function ScheduleForm({
  prefix,
  heading,
  submitLabel,
  formError,
  submitting,
  conflict,
  onReload,
  onSubmit,
  onCancel,
  children,
}: {
  prefix: string;
  heading: string;
  submitLabel: string;
  formError: string | undefined;
  submitting: boolean;
  conflict: boolean;
  onReload: () => Promise<void>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (conflict) headingRef.current?.focus();
  }, [conflict]);
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <FormAlert message={formError} />
      {conflict && <ReloadButton onReload={() => void onReload().then(() => headingRef.current?.focus())} />}
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
