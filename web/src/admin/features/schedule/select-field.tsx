import type { UseFormRegisterReturn } from 'react-hook-form';
import { LabelledField } from '../../components/labelled-field';

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

/** A labelled select whose error (and hint) is tied to it, in a LabelledField as TextField. */
export function SelectField({
  id,
  label,
  registration,
  options,
  error,
  hint,
  placeholder,
}: SelectFieldProps) {
  return (
    <LabelledField id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <select id={id} {...aria} {...registration}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
