import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: string;
}

/** A labelled input whose error (and hint) is tied to it with aria-describedby. */
export function TextField({
  id,
  label,
  registration,
  error,
  type = 'text',
  autoComplete,
  hint,
}: TextFieldProps) {
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
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}
