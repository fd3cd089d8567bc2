import type { ReactNode } from 'react';

/** What a control inside a LabelledField spreads on itself to be tied to its hint and error. */
export interface FieldAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Renders the control with id `id`, given the aria attributes that tie the hint and error to it. */
  children: (aria: FieldAria) => ReactNode;
}

/** A label, an optional hint, a control and its error, tied together with aria-describedby. */
export function LabelledField({ id, label, error, hint, children }: LabelledFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}
