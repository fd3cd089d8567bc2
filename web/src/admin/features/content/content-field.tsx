// The content form's fields, each drawn from its description: a labelled input, text area or select
// with its hint and inline error, and the block editor of a blocks field.

import type { ReactNode } from 'react';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import type { ContentField, ReferenceOption } from '../../api/content-client';
import { BlockEditor } from '../../components/block-editor/block-editor';
import type { StoredBlock } from '../../components/block-editor/blocks';
import type { FormValues } from './content-schema';

interface BlocksFieldProps {
  field: ContentField;
  id: string;
  control: Control<FormValues>;
  error: string | undefined;
}

/**
 * A blocks field: the block editor on the stored blocks, through the form. The blocks go back to
 * the server exactly as they came until the editor changes them.
 */
export function BlocksField({ field, id, control, error }: BlocksFieldProps) {
  const labelId = `${id}-label`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="admin-field admin-field-blocks">
      <span id={labelId} className="admin-field-label">
        {field.label}
        {field.required ? ' (verplicht)' : ''}
      </span>
      <Controller
        control={control}
        name={field.name}
        render={({ field: { value, onChange, ref } }) => (
          <div
            id={id}
            // The form's focus on an error goes to the editor's text.
            ref={(element) =>
              ref(
                element && {
                  focus: () => element.querySelector<HTMLElement>('[contenteditable]')?.focus(),
                },
              )
            }
          >
            <BlockEditor
              value={Array.isArray(value) ? (value as StoredBlock[]) : []}
              onChange={(blocks: StoredBlock[]) => onChange(blocks)}
              labelledBy={labelId}
              {...(errorId ? { describedBy: errorId } : {})}
            />
          </div>
        )}
      />
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a reference or relation field holds of an option, as the form's text. */
export function optionKey(field: ContentField, option: ReferenceOption): string {
  return String(field.referenceKey === 'slug' ? (option.slug ?? option.value) : option.value);
}

export interface FieldProps {
  field: ContentField;
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string | undefined;
  disabled: boolean;
  options: ReferenceOption[] | undefined;
  /** A select's value, given by the form (see SelectControl). */
  selectValue?: string;
}

/** One field of the form, labelled, with its hint and inline error. */
export function Field({ field, id, registration, error, hint, disabled, options, selectValue }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    disabled,
    ...registration,
  };
  let control: ReactNode;
  if (field.kind === 'flag') {
    return (
      <div className="admin-field admin-field-flag">
        <label className="admin-checkbox" htmlFor={id}>
          <input type="checkbox" {...common} />
          {field.label}
        </label>
        {error && (
          <p id={errorId} className="admin-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (field.kind === 'longText') control = <textarea rows={4} {...common} />;
  else if (field.kind === 'choice' || field.kind === 'reference') {
    const choices =
      field.kind === 'choice'
        ? field.choices
        : (options ?? []).map((option) => ({ value: optionKey(field, option), label: option.label }));
    control = (
      <select {...common} value={selectValue ?? ''}>
        <option value="">{field.required ? 'Kies…' : '(geen)'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else {
    const type =
      field.kind === 'instant'
        ? 'datetime-local'
        : field.kind === 'integer'
          ? 'text'
          : field.kind === 'url'
            ? 'url'
            : 'text';
    control = (
      <input
        type={type}
        inputMode={field.kind === 'integer' ? 'numeric' : undefined}
        autoCapitalize={field.kind === 'slug' ? 'none' : field.kind === 'isrc' ? 'characters' : undefined}
        spellCheck={
          field.kind === 'slug' || field.kind === 'url' || field.kind === 'isrc' ? false : undefined
        }
        {...common}
      />
    );
  }
  return (
    <div className="admin-field">
      <label htmlFor={id}>
        {field.label}
        {field.required || field.kind === 'slug' ? ' (verplicht)' : ''}
      </label>
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      {control}
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}
