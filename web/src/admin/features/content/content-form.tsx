import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Controller, useForm, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { formatDuration } from '../../../lib/format-date';
import { suggestSlug } from '../../../lib/slugify';
import { AdminApiError } from '../../api/admin-client';
import {
  contentApi,
  NEW_ITEM_KEY,
  type ContentField,
  type ContentItem,
  type ContentType,
  type FieldValue,
  type ReferenceOption,
} from '../../api/content-client';
import { AudioPicker } from '../../components/audio-picker';
import { videoChoice } from '../../components/video-choice';
import { VideoPicker } from '../../components/video-picker';
import { BlockEditor } from '../../components/block-editor/block-editor';
import { CheckboxGroupField } from '../../components/checkbox-group-field';
import type { StoredBlock } from '../../components/block-editor/blocks';
import { FormAlert } from '../../components/form-alert';
import { ImagePicker } from '../../components/image-picker';
import { applyServerErrors } from '../../components/server-errors';
import { autosaveBase, autosaveStatus, typedOnOlderVersion } from './autosave';
import { AutosaveOffer } from './autosave-offer';
import { ConflictPanel } from './conflict-panel';
import { isSettingsField } from './field-placement';
import { MergeChoices } from './merge-choices';
import {
  contentSchema,
  fromFormValues,
  hasAudio,
  isDerived,
  toFormValues,
  type FormValues,
} from './content-schema';
import { useAutosave } from './use-autosave';
import type { Values } from './version-diff';
import { resolveMerge, threeWayMerge, type Choice, type Merge } from './version-merge';

/** A derived field's stored value as the form shows it: a duration, a size, a path. */
export function derivedText(field: ContentField, value: FieldValue | undefined): string {
  if (typeof value === 'number' && field.derived === 'durationMs') return formatDuration(value / 1000);
  if (typeof value === 'number' && field.derived === 'byteLength')
    return value >= 1024 * 1024
      ? `${(value / (1024 * 1024)).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`
      : `${Math.round(value / 1024).toLocaleString('nl-NL')} KB`;
  return value === null || value === undefined ? '' : String(value);
}

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
function BlocksField({ field, id, control, error }: BlocksFieldProps) {
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
function optionKey(field: ContentField, option: ReferenceOption): string {
  return String(field.referenceKey === 'slug' ? (option.slug ?? option.value) : option.value);
}

interface FieldProps {
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

function Field({ field, id, registration, error, hint, disabled, options, selectValue }: FieldProps) {
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

/** Beside the slug of a stored item: the server moves every earlier slug's page to the current one (issue 54). */
export const OLD_LINKS_HINT = 'Oude links blijven werken: ze verwijzen door naar het nieuwe adres.';

/**
 * What 'Publiceren' asks of the form first (issue 48): store what the form shows when it differs
 * from the stored item. `item` is the item as stored then (undefined when nothing had to be saved);
 * `saved: false` when the form could not be saved (an error or a conflict, shown in the form).
 */
export type SaveFirst = () => Promise<{ saved: true; item: ContentItem | undefined } | { saved: false }>;

interface ContentFormProps {
  type: ContentType;
  item?: ContentItem | undefined;
  onSaved: (item: ContentItem) => void;
  /** Told whether the form holds changes that are not saved (the page warns before leaving). */
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  /** An earlier version put into the form to review, unsaved ('Terugzetten als concept'); a new object each time. */
  draft?: { values: Record<string, FieldValue>; description: string } | undefined;
  /**
   * Where the settings (image, choices, references, switches) go on a wide screen, beside the
   * text; without it every field is in the form in the type's order.
   */
  side?: HTMLElement | null | undefined;
  /** Given the form's SaveFirst, for the publication beside it. */
  saveFirst?: { current: SaveFirst | undefined } | undefined;
}

/**
 * The form of any editable type, drawn from its description: labelled fields with inline errors
 * (the first one takes the focus), the slug suggested from the title while it was not typed by
 * hand, and a save that carries the item's version: when someone else saved first, the form keeps
 * what was typed and shows what is stored now.
 */
export function ContentForm({
  type,
  item,
  onSaved,
  onDirtyChange,
  draft,
  side,
  saveFirst,
}: ContentFormProps) {
  const schema = useMemo(() => contentSchema(type, item?.values), [type, item]);
  const [formError, setFormError] = useState<string>();
  const [conflict, setConflict] = useState<ContentItem>();
  // The version this form's edits start from, and its values: a save is made against it and a
  // conflict is merged against it. It follows every stored item the form is given, and a merge.
  const base = useRef<{ version: number | undefined; values: Values }>({
    version: item?.version,
    values: toFormValues(type, item?.values),
  });
  const [merging, setMerging] = useState<{ merge: Merge; choices: Record<string, Choice> }>();
  const mergeHeading = useRef<HTMLHeadingElement>(null);
  const editable = useMemo(() => type.fields.filter((field) => !isDerived(field)), [type]);
  const [saved, setSaved] = useState<string>();
  const [options, setOptions] = useState<Record<string, ReferenceOption[]>>({});
  const slugTouched = useRef(Boolean(item));
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    getValues,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: toFormValues(type, item?.values),
    shouldFocusError: true,
  });

  useEffect(() => {
    let current = true;
    for (const field of type.fields) {
      if (field.kind !== 'reference' && field.kind !== 'relation') continue;
      contentApi
        .options(field.reference)
        .then((answer) => current && setOptions((all) => ({ ...all, [field.name]: answer.options })))
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [type]);

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const autosave = useAutosave({
    type,
    itemKey: item?.id ?? NEW_ITEM_KEY,
    base: () => ({ version: base.current.version ?? 0, values: base.current.values }),
    form: { watch, getValues, reset },
    dirty: isDirty,
  });

  // An autosave typed on an older version than the one stored now: restored, it is a conflict
  // with that version like any other (issue 48), shown with the diff and the merge, never saved
  // over the newer one. The merge is against the version it was typed on.
  const restoreAutosave = () => {
    const restored = autosave.restore();
    if (!restored || !item || !typedOnOlderVersion(restored, base.current.version)) return;
    base.current = { version: restored.itemVersion, values: autosaveBase(type, restored) as Values };
    setSaved(undefined);
    setMerging(undefined);
    setConflict(item);
    setFormError(
      `Hersteld van versie ${restored.itemVersion}, maar intussen is versie ${item.version} opgeslagen. ` +
        'Hieronder staat wat er sindsdien veranderde: voeg samen, of sla toch jouw versie op.',
    );
  };

  const title = watch(type.titleField);
  useEffect(() => {
    if (!type.slugField || slugTouched.current || typeof title !== 'string') return;
    setValue(type.slugField, suggestSlug(title));
  }, [title, type.slugField, setValue]);

  const save = async (values: FormValues, version: number | undefined): Promise<ContentItem | undefined> => {
    setFormError(undefined);
    setSaved(undefined);
    // No autosave may land after the save, which clears it on the server.
    await autosave.settle();
    try {
      const payload = fromFormValues(type, values, item?.values);
      const answer =
        item && version !== undefined
          ? await contentApi.update(type.name, item.id, version, payload)
          : await contentApi.create(type.name, payload);
      setConflict(undefined);
      setMerging(undefined);
      base.current = { version: answer.item.version, values: toFormValues(type, answer.item.values) };
      // The form stays (and with it the focus): it now shows the saved item as stored.
      reset(toFormValues(type, answer.item.values));
      setSaved('Opgeslagen.');
      onSaved(answer.item);
      return answer.item;
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 409 && error.current) {
        setConflict(error.current as ContentItem);
        setMerging(undefined);
        setFormError(error.message);
        return undefined;
      }
      setFormError(
        applyServerErrors(
          error,
          type.fields.map((field) => field.name),
          setError,
        ),
      );
      return undefined;
    }
  };

  // A change made elsewhere on the page (publication, a restored revision, archiving) shows in the
  // form; what the editor typed and did not save yet stays.
  const shown = useRef(item);
  useEffect(() => {
    if (!item || shown.current === item) return;
    shown.current = item;
    base.current = { version: item.version, values: toFormValues(type, item.values) };
    reset(toFormValues(type, item.values), { keepDirtyValues: true });
  }, [item, type, reset]);

  // A version chosen to restore as a draft: into the form, unsaved, for the editor to review.
  useEffect(() => {
    if (!draft) return;
    const values = toFormValues(type, draft.values);
    for (const field of editable)
      if (!(field.immutable && item))
        setValue(field.name, values[field.name] as FormValues[string], { shouldDirty: true });
    setSaved(`${draft.description} staat in het formulier, nog niet opgeslagen: bekijk en druk op Opslaan.`);
  }, [draft, type, editable, item, setValue]);

  // The focus goes to the merge's result, where the conflict panel it replaces had it.
  const mergeShown = merging?.merge;
  useEffect(() => {
    if (mergeShown) mergeHeading.current?.focus();
  }, [mergeShown]);

  // The colleague's version merged with the form's against the base: what only one of them changed
  // is taken as it is, and for what both changed the form keeps mine until the editor chooses.
  const mergeIn = () => {
    if (!conflict) return;
    const theirs = toFormValues(type, conflict.values);
    const merge = threeWayMerge(editable, base.current.values, getValues() as Values, theirs);
    const values = resolveMerge(merge, {});
    for (const field of editable)
      setValue(field.name, values[field.name] as FormValues[string], { shouldDirty: true });
    base.current = { version: conflict.version, values: theirs };
    setConflict(undefined);
    setFormError(undefined);
    setMerging({ merge, choices: {} });
    setSaved(
      merge.conflicts.length
        ? `Samengevoegd, nog niet opgeslagen. Kies bij ${merge.conflicts.length === 1 ? 'één punt' : `${merge.conflicts.length} punten`} welke versie blijft en druk op Opslaan.`
        : 'Samengevoegd, nog niet opgeslagen: druk op Opslaan.',
    );
  };

  // A choice sets that field again from the merge (a body as a whole: edits made to it since the
  // merge give way to the choice).
  const choose = (id: string, choice: Choice) => {
    if (!merging) return;
    const choices = { ...merging.choices, [id]: choice };
    const chosen = merging.merge.conflicts.find((candidate) => candidate.id === id);
    if (chosen) {
      const values = resolveMerge(merging.merge, choices);
      setValue(chosen.field, values[chosen.field] as FormValues[string], { shouldDirty: true });
    }
    setMerging({ ...merging, choices });
  };

  const submitValid = handleSubmit((values) => save(values, base.current.version));
  // The button is never disabled while saving: a disabled button would drop the focus to <body>.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    void submitValid(event);
  };
  const overwrite = handleSubmit((values) => save(values, conflict?.version));

  // 'Publiceren' publishes what the form shows: unsaved changes are saved first, as a normal save
  // (checked, against the version they started from), and a save that fails stops the publication.
  const saveBeforePublishing: SaveFirst = async () => {
    if (!isDirty) return { saved: true, item: undefined };
    let stored: ContentItem | undefined;
    await handleSubmit(async (values) => {
      stored = await save(values, base.current.version);
    })();
    return stored ? { saved: true, item: stored } : { saved: false };
  };
  useEffect(() => {
    if (saveFirst) saveFirst.current = saveBeforePublishing;
  });

  const register_ = (field: ContentField) =>
    field.kind === 'slug'
      ? register(field.name, {
          onChange: () => {
            slugTouched.current = true;
          },
        })
      : register(field.name);

  // The alt text of an image is drawn with its image (ImagePicker), not as a field of its own.
  const altFields = new Set(type.fields.map((field) => field.altField).filter(Boolean));
  const headingId = `content-form-${type.name}`;
  const renderField = (field: ContentField): ReactNode => {
    const id = `field-${type.name}-${field.name}`;
    const hint =
      field.kind === 'slug'
        ? field.immutable && item
          ? 'Deze URL kan niet meer worden gewijzigd.'
          : item
            ? `Kleine letters, cijfers en liggende streepjes. ${OLD_LINKS_HINT}`
            : 'Kleine letters, cijfers en liggende streepjes; voorgesteld uit de titel.'
        : field.kind === 'tags'
          ? "Gescheiden door komma's, bijvoorbeeld: storm, verkeer."
          : undefined;
    const error = errors[field.name]?.message as string | undefined;
    if (isDerived(field)) {
      // Filled from the chosen audio when saved: shown for a stored item, never edited.
      const text = derivedText(field, item?.values[field.name]);
      return text ? (
        <p key={field.name} className="admin-derived">
          <span className="admin-field-label">{field.label}</span>: {text}
        </p>
      ) : null;
    }
    if (field.kind === 'audio') {
      const stored = item?.values[field.name];
      const path = type.fields.find((f) => f.derived === 'path');
      return (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          render={({ field: { value, onChange, onBlur, ref } }) => (
            <AudioPicker
              id={id}
              label={field.label}
              required={field.required}
              value={typeof value === 'string' ? value : ''}
              onChange={onChange}
              onBlur={onBlur}
              selectRef={ref}
              current={
                (stored === null || stored === undefined) && path && hasAudio(type, item?.values)
                  ? String(item?.values[path.name])
                  : undefined
              }
              error={error}
            />
          )}
        />
      );
    }
    if (altFields.has(field.name)) return null;
    if (field.mediaFile) {
      const path = watch(field.name);
      return (
        <div key={field.name} className="admin-media-file">
          <VideoPicker
            id={`${id}-library`}
            value={typeof path === 'string' ? path : ''}
            onChoose={(media) => {
              const choice = videoChoice(media);
              const options = { shouldDirty: true, shouldValidate: true };
              setValue(field.name, choice.path, options);
              if (type.fields.some((f) => f.name === 'durationMs'))
                setValue('durationMs', choice.durationMs, options);
              const poster = type.fields.find((f) => f.kind === 'image');
              if (poster) setValue(poster.name, choice.posterUrl, options);
            }}
          />
          <Field
            field={field}
            id={id}
            registration={register_(field)}
            error={error}
            hint="Of: het pad van een bestand in de mediamap, of een https-adres."
            disabled={false}
            options={options[field.name]}
          />
        </div>
      );
    }
    if (field.kind === 'image') {
      const altError = field.altField ? (errors[field.altField]?.message as string | undefined) : undefined;
      return (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          render={({ field: { value, onChange, onBlur, ref } }) => (
            <ImagePicker
              id={id}
              label={field.label}
              value={typeof value === 'string' ? value : ''}
              onChange={onChange}
              onBlur={onBlur}
              inputRef={ref}
              crops={field.crops ?? []}
              alt={field.altField ? { registration: register(field.altField), error: altError } : undefined}
              error={error}
            />
          )}
        />
      );
    }
    if (field.kind === 'blocks')
      return <BlocksField key={field.name} field={field} id={id} control={control} error={error} />;
    if (field.kind === 'relation') {
      const choices = (options[field.name] ?? []).map((option) => ({
        value: optionKey(field, option),
        label: option.label,
      }));
      return (
        <CheckboxGroupField
          key={field.name}
          id={id}
          legend={field.label}
          options={choices.map((choice) => choice.value)}
          labels={Object.fromEntries(choices.map((choice) => [choice.value, choice.label]))}
          registration={register(field.name)}
          error={error}
        />
      );
    }
    if (field.kind === 'choice' || field.kind === 'reference') {
      // A controlled select: its options may arrive after it is drawn (a reference's are
      // asked from the server), and an uncontrolled select would then show 'Kies…' or
      // '(geen)' for a stored value that was not among its options yet.
      return (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          render={({ field: { name, value, onChange, onBlur, ref } }) => (
            <Field
              field={field}
              id={id}
              registration={{
                name,
                ref,
                onChange: async (event: { target: { value: string } }) => onChange(event.target.value),
                onBlur: async () => onBlur(),
              }}
              selectValue={typeof value === 'string' ? value : ''}
              error={error}
              hint={hint}
              disabled={field.immutable && Boolean(item)}
              options={options[field.name]}
            />
          )}
        />
      );
    }
    return (
      <Field
        key={field.name}
        field={field}
        id={id}
        registration={register_(field)}
        error={error}
        hint={hint}
        disabled={field.immutable && Boolean(item)}
        options={options[field.name]}
      />
    );
  };
  // On a wide screen the settings stand beside the text, in a form of their own (a form cannot
  // reach into another column) that saves the same values as this one.
  const settings = side ? type.fields.filter(isSettingsField) : [];
  const mainFields = settings.length ? type.fields.filter((field) => !isSettingsField(field)) : type.fields;
  return (
    <>
      <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <h2 id={headingId}>{item ? 'Gegevens' : `Nieuw: ${type.labelSingular.toLowerCase()}`}</h2>
        <FormAlert message={formError} />
        {autosave.offer && (
          <AutosaveOffer
            autosave={autosave.offer}
            storedVersion={item?.version}
            onRestore={restoreAutosave}
            onDiscard={autosave.discard}
          />
        )}
        {conflict && (
          <ConflictPanel
            fields={editable}
            version={conflict.version}
            base={base.current.values}
            theirs={toFormValues(type, conflict.values)}
            mine={() => getValues() as Values}
            onMerge={mergeIn}
            onOverwrite={() => void overwrite()}
          />
        )}
        {merging && (
          <section className="admin-conflict" aria-labelledby="merge-heading">
            <h3 id="merge-heading" ref={mergeHeading} tabIndex={-1}>
              Samengevoegd met versie {base.current.version}
            </h3>
            {merging.merge.conflicts.length ? (
              <MergeChoices conflicts={merging.merge.conflicts} choices={merging.choices} onChoose={choose} />
            ) : (
              <p>Jullie wijzigingen overlappen niet; beide staan in het formulier.</p>
            )}
            <p>Er is nog niets opgeslagen: druk op Opslaan.</p>
          </section>
        )}
        {mainFields.map(renderField)}
        <p role="status" aria-live="polite" className="admin-status">
          {saved}
        </p>
        {autosave.savedAt && <p className="admin-hint">{autosaveStatus(autosave.savedAt)}</p>}
        <button type="submit" aria-disabled={isSubmitting || undefined}>
          {item ? 'Opslaan' : 'Aanmaken'}
        </button>
      </form>
      {side &&
        settings.length > 0 &&
        createPortal(
          <form
            className="admin-form admin-form-settings"
            onSubmit={submit}
            noValidate
            aria-labelledby={`${headingId}-settings`}
          >
            <h2 id={`${headingId}-settings`}>Instellingen</h2>
            {settings.map(renderField)}
          </form>,
          side,
        )}
    </>
  );
}
