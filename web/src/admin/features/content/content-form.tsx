import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { slugify } from '../../../lib/slugify';
import { AdminApiError } from '../../api/admin-client';
import {
  contentApi,
  type ContentField,
  type ContentItem,
  type ContentType,
  type ReferenceOption,
} from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { contentSchema, fromFormValues, toFormValues, type FormValues } from './content-schema';

/** The §5 suggestion for a title: slugify, without edge hyphens, at most 64 characters. */
export function suggestSlug(title: string): string {
  return slugify(title)
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

/** What a blocks field gets, so that a richer editor can take the place of the paragraphs box. */
export interface BlocksEditorProps {
  id: string;
  label: string;
  describedBy: string | undefined;
  invalid: boolean;
  registration: UseFormRegisterReturn;
}

function ParagraphsEditor({ id, describedBy, invalid, registration }: BlocksEditorProps) {
  return (
    <textarea
      id={id}
      rows={10}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      {...registration}
    />
  );
}

interface FieldProps {
  field: ContentField;
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string | undefined;
  disabled: boolean;
  options: ReferenceOption[] | undefined;
  renderBlocks: (props: BlocksEditorProps) => ReactNode;
}

function Field({ field, id, registration, error, hint, disabled, options, renderBlocks }: FieldProps) {
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
  else if (field.kind === 'blocks')
    control = renderBlocks({ id, label: field.label, describedBy, invalid: Boolean(error), registration });
  else if (field.kind === 'choice' || field.kind === 'reference') {
    const choices =
      field.kind === 'choice'
        ? field.choices
        : (options ?? []).map((option) => ({
            value: String(field.referenceKey === 'slug' ? (option.slug ?? option.value) : option.value),
            label: option.label,
          }));
    control = (
      <select {...common}>
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
        autoCapitalize={field.kind === 'slug' ? 'none' : undefined}
        spellCheck={field.kind === 'slug' || field.kind === 'url' ? false : undefined}
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

interface ContentFormProps {
  type: ContentType;
  item?: ContentItem | undefined;
  onSaved: (item: ContentItem) => void;
  /** A richer block editor for blocks fields; by default a box of paragraphs. */
  renderBlocks?: (props: BlocksEditorProps) => ReactNode;
}

/**
 * The form of any editable type, drawn from its description: labelled fields with inline errors
 * (the first one takes the focus), the slug suggested from the title while it was not typed by
 * hand, and a save that carries the item's version: when someone else saved first, the form keeps
 * what was typed and shows what is stored now.
 */
export function ContentForm({ type, item, onSaved, renderBlocks = ParagraphsEditor }: ContentFormProps) {
  const schema = useMemo(() => contentSchema(type), [type]);
  const [formError, setFormError] = useState<string>();
  const [conflict, setConflict] = useState<ContentItem>();
  const [saved, setSaved] = useState<string>();
  const [options, setOptions] = useState<Record<string, ReferenceOption[]>>({});
  const slugTouched = useRef(Boolean(item));
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: toFormValues(type, item?.values),
    shouldFocusError: true,
  });

  useEffect(() => {
    let current = true;
    for (const field of type.fields) {
      if (field.kind !== 'reference') continue;
      contentApi
        .options(field.reference)
        .then((answer) => current && setOptions((all) => ({ ...all, [field.name]: answer.options })))
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [type]);

  const title = watch(type.titleField);
  useEffect(() => {
    if (!type.slugField || slugTouched.current || typeof title !== 'string') return;
    setValue(type.slugField, suggestSlug(title));
  }, [title, type.slugField, setValue]);

  const save = async (values: FormValues, version: number | undefined) => {
    setFormError(undefined);
    setSaved(undefined);
    try {
      const payload = fromFormValues(type, values, item?.values);
      const answer =
        item && version !== undefined
          ? await contentApi.update(type.name, item.id, version, payload)
          : await contentApi.create(type.name, payload);
      setConflict(undefined);
      setSaved('Opgeslagen.');
      onSaved(answer.item);
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as ContentItem);
        setFormError(error.message);
        return;
      }
      if (error instanceof AdminApiError) {
        let focused = false;
        for (const field of type.fields) {
          const message = error.fields[field.name];
          if (!message) continue;
          setError(field.name, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
        if (!focused) setFormError(error.message);
      } else {
        setFormError('Er ging iets mis. Probeer het opnieuw.');
      }
    }
  };

  const submit = handleSubmit((values) => save(values, item?.version));
  const overwrite = handleSubmit((values) => save(values, conflict?.version));

  const register_ = (field: ContentField) =>
    field.kind === 'slug'
      ? register(field.name, {
          onChange: () => {
            slugTouched.current = true;
          },
        })
      : register(field.name);

  const headingId = `content-form-${type.name}`;
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{item ? 'Gegevens' : `Nieuw: ${type.labelSingular.toLowerCase()}`}</h2>
      <FormAlert message={formError} />
      {conflict && (
        <div className="admin-conflict">
          <p>Nu opgeslagen (versie {conflict.version}):</p>
          <ul>
            {type.fields
              .filter(
                (field) =>
                  field.kind !== 'blocks' &&
                  JSON.stringify(conflict.values[field.name]) !== JSON.stringify(item?.values[field.name]),
              )
              .map((field) => (
                <li key={field.name}>
                  <strong>{field.label}</strong>: {String(conflict.values[field.name] ?? '–')}
                </li>
              ))}
          </ul>
          <button type="button" onClick={overwrite} disabled={isSubmitting}>
            Toch mijn versie opslaan
          </button>
        </div>
      )}
      {type.fields.map((field) => {
        const id = `field-${type.name}-${field.name}`;
        const hint =
          field.kind === 'slug'
            ? field.immutable && item
              ? 'Deze URL kan niet meer worden gewijzigd.'
              : 'Kleine letters, cijfers en liggende streepjes; voorgesteld uit de titel.'
            : field.kind === 'blocks'
              ? 'Laat een lege regel tussen alinea’s.'
              : undefined;
        return (
          <Field
            key={field.name}
            field={field}
            id={id}
            registration={register_(field)}
            error={errors[field.name]?.message as string | undefined}
            hint={hint}
            disabled={field.immutable && Boolean(item)}
            options={options[field.name]}
            renderBlocks={renderBlocks}
          />
        );
      })}
      <p role="status" className="admin-status">
        {saved}
      </p>
      <button type="submit" disabled={isSubmitting}>
        {item ? 'Opslaan' : 'Aanmaken'}
      </button>
    </form>
  );
}
