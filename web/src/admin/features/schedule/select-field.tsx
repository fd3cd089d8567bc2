import type { UseFormRegisterReturn } from 'react-hook-form';

interface SelectFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  options: { value: string; label: string }[];
  error?: string | undefined;
  hint?: string;
  /** The first, empty choice ("Kies ..."), when nothing is chosen yet. */
  placeholder?: string;
}

/** A labelled select whose error (and hint) is tied to it with aria-describedby, as TextField. */
export function SelectField({
  id,
  label,
  registration,
  options,
  error,
  hint,
  placeholder,
}: SelectFieldProps) {
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
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}
