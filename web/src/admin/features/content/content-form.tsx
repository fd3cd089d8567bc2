import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Controller, useForm } from 'react-hook-form';
import { suggestSlug } from '../../../lib/slugify';
import type { ContentField, ContentItem, ContentType, FieldValue } from '../../api/content-client';
import { AudioPicker } from '../../components/audio-picker';
import { videoChoice } from '../../components/video-choice';
import { VideoPicker } from '../../components/video-picker';
import { CheckboxGroupField } from '../../components/checkbox-group-field';
import { FormAlert } from '../../components/form-alert';
import { ImagePicker } from '../../components/image-picker';
import { autosaveStatus } from './autosave';
import { AutosaveOffer } from './autosave-offer';
import { ConflictPanel } from './conflict-panel';
import { BlocksField, Field, optionKey } from './content-field';
import { contentSchema, hasAudio, isDerived, toFormValues, type FormValues } from './content-schema';
import { isSettingsField } from './field-placement';
import { derivedText, fieldHint } from './field-text';
import { MergeChoices } from './merge-choices';
import { editedVersion, useContentSave, type SaveFirst } from './use-content-save';
import { useReferenceOptions } from './use-reference-options';
import type { Values } from './version-diff';

export type { SaveFirst } from './use-content-save';

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
  /**
   * The user may change this item on the site only through a draft (a redacteur, issue 54): the
   * form saves a draft, never the live version.
   */
  draftOnly?: boolean | undefined;
}

/**
 * The form of any editable type, drawn from its description: labelled fields with inline errors
 * (the first one takes the focus), the slug suggested from the title while it was not typed by
 * hand, and a save that carries the item's version: when someone else saved first, the form keeps
 * what was typed and shows what is stored now. An item on the site can be saved as a draft instead
 * ('Opslaan als concept'); an item with a draft shows the draft, and saving keeps the draft.
 */
export function ContentForm({
  type,
  item,
  onSaved,
  onDirtyChange,
  draft,
  side,
  saveFirst,
  draftOnly = false,
}: ContentFormProps) {
  const schema = useMemo(() => contentSchema(type, item?.values), [type, item]);
  const mergeHeading = useRef<HTMLHeadingElement>(null);
  const editable = useMemo(() => type.fields.filter((field) => !isDerived(field)), [type]);
  const options = useReferenceOptions(type);
  const slugTouched = useRef(Boolean(item));
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: toFormValues(type, editedVersion(item).values),
    shouldFocusError: true,
  });
  const {
    control,
    register,
    setValue,
    watch,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const title = watch(type.titleField);
  useEffect(() => {
    if (!type.slugField || slugTouched.current || typeof title !== 'string') return;
    setValue(type.slugField, suggestSlug(title));
  }, [title, type.slugField, setValue]);

  const {
    autosave,
    base,
    formError,
    saved,
    conflict,
    merging,
    restoreAutosave,
    saveValid,
    saveAsDraft,
    overwrite,
    saveBeforePublishing,
    mergeIn,
    choose,
  } = useContentSave({ type, item, editable, form, dirty: isDirty, onSaved, draft });

  // The focus goes to the merge's result, where the conflict panel it replaces had it.
  const mergeShown = merging?.merge;
  useEffect(() => {
    if (mergeShown) mergeHeading.current?.focus();
  }, [mergeShown]);

  // The button is never disabled while saving: a disabled button would drop the focus to <body>.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (isSubmitting) {
      event.preventDefault();
      return;
    }
    void (draftOnly ? saveAsDraft : saveValid)(event);
  };
  // A draft is kept only of an item on the site; one that has a draft is always saved as one.
  const hasDraft = Boolean(item?.draft);
  const offersDraft = Boolean(item && type.publication !== 'none' && item.published && !hasDraft);
  const submitLabel = !item
    ? 'Aanmaken'
    : hasDraft
      ? 'Concept opslaan'
      : draftOnly
        ? 'Opslaan als concept'
        : 'Opslaan';
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
    const hint = fieldHint(field, Boolean(item));
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
            base={base.values}
            theirs={toFormValues(type, conflict.values)}
            mine={() => getValues() as Values}
            onMerge={mergeIn}
            onOverwrite={() => void overwrite()}
          />
        )}
        {merging && (
          <section className="admin-conflict" aria-labelledby="merge-heading">
            <h3 id="merge-heading" ref={mergeHeading} tabIndex={-1}>
              Samengevoegd met versie {base.version}
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
        {/* Kept at the bottom of the screen while the form is on it: on a phone the button was
            5,500 px down a long article (issue 54). */}
        <div className="admin-save-bar">
          <button type="submit" aria-disabled={isSubmitting || undefined}>
            {submitLabel}
          </button>
          {offersDraft && !draftOnly && (
            <button
              type="button"
              aria-disabled={isSubmitting || undefined}
              onClick={() => {
                if (!isSubmitting) void saveAsDraft();
              }}
            >
              Opslaan als concept
            </button>
          )}
          <p role="status" aria-live="polite" className="admin-status">
            {saved}
          </p>
          {autosave.savedAt && <p className="admin-hint">{autosaveStatus(autosave.savedAt)}</p>}
        </div>
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
