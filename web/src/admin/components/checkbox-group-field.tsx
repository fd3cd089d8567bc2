import type { UseFormRegisterReturn } from 'react-hook-form';

interface CheckboxGroupFieldProps {
  id: string;
  legend: string;
  /** The values to choose from, in the order shown. */
  options: readonly string[];
  /** Words for a value; a value without them is shown as itself. */
  labels?: Readonly<Record<string, string>>;
  /** One react-hook-form registration for the whole group: its value is the array of checked values. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** A fieldset of checkboxes for one array field, its error tied to it with aria-describedby. */
export function CheckboxGroupField({
  id,
  legend,
  options,
  labels,
  registration,
  error,
}: CheckboxGroupFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset id={id} className="admin-field" aria-describedby={errorId}>
      <legend>{legend}</legend>
      <div className="admin-checkboxes">
        {options.map((option) => (
          <label key={option} className="admin-checkbox">
            <input type="checkbox" value={option} aria-invalid={error ? true : undefined} {...registration} />
            {labels?.[option] ?? option}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
