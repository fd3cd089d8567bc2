import type { UseFormRegisterReturn } from 'react-hook-form';
import { LabelledField } from './labelled-field';

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
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
  inputMode,
}: TextFieldProps) {
  return (
    <LabelledField id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          {...aria}
          {...registration}
        />
      )}
    </LabelledField>
  );
}
