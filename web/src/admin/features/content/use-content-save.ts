// The content form's saving, apart from its drawing: a save carries the version the form's edits
// start from; when someone else saved first, the form keeps what was typed and shows the conflict,
// which the editor merges (three-way, against that version) or overwrites. The autosave, a version
// restored as a draft and 'Publiceren' (which saves first) go through here too. An item on the site
// with a draft (issue 54) shows its draft: a save keeps the draft, the site unchanged.

import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { AdminApiError } from '../../api/admin-client';
import {
  contentApi,
  NEW_ITEM_KEY,
  type ContentField,
  type ContentItem,
  type ContentType,
  type FieldValue,
} from '../../api/content-client';
import { applyServerErrors } from '../../components/server-errors';
import { autosaveBase, typedOnOlderVersion } from './autosave';
import { fromFormValues, toFormValues, type FormValues } from './content-schema';
import { mergedMessage, restoredOnOlderMessage } from './field-text';
import { useAutosave } from './use-autosave';
import type { Values } from './version-diff';
import { resolveMerge, threeWayMerge, type Choice, type Merge } from './version-merge';

/**
 * What the form of `item` edits: its draft when it has one (made on the draft's base version),
 * otherwise the stored item.
 */
export function editedVersion(item: ContentItem | undefined): {
  version: number | undefined;
  values: Record<string, FieldValue> | undefined;
} {
  if (item?.draft) return { version: item.draft.baseVersion, values: item.draft.values };
  return { version: item?.version, values: item?.values };
}

/** What the form says after saving a draft: the site keeps the published version, or has none. */
export function draftSavedText(published: boolean): string {
  return published
    ? 'Concept opgeslagen. De site toont nog de gepubliceerde versie.'
    : 'Concept opgeslagen. Het item staat niet op de site.';
}

/**
 * What 'Publiceren' asks of the form first (issue 48): store what the form shows when it differs
 * from the stored item. `item` is the item as stored then (undefined when nothing had to be saved);
 * `saved: false` when the form could not be saved (an error or a conflict, shown in the form).
 */
export type SaveFirst = () => Promise<{ saved: true; item: ContentItem | undefined } | { saved: false }>;

interface ContentSaveOptions {
  type: ContentType;
  item: ContentItem | undefined;
  /** The fields the editor fills in (not those derived from the audio). */
  editable: readonly ContentField[];
  form: Pick<
    UseFormReturn<FormValues>,
    'watch' | 'getValues' | 'setValue' | 'reset' | 'setError' | 'handleSubmit'
  >;
  dirty: boolean;
  onSaved: (item: ContentItem) => void;
  /** An earlier version put into the form to review, unsaved; a new object each time. */
  draft: { values: Record<string, FieldValue>; description: string } | undefined;
}

export function useContentSave({ type, item, editable, form, dirty, onSaved, draft }: ContentSaveOptions) {
  const { getValues, setValue, reset, setError, handleSubmit } = form;
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [conflict, setConflict] = useState<ContentItem>();
  const [merging, setMerging] = useState<{ merge: Merge; choices: Record<string, Choice> }>();
  // The version this form's edits start from, and its values: a save is made against it and a
  // conflict is merged against it. It follows every stored item the form is given, and a merge.
  const base = useRef<{ version: number | undefined; values: Values }>({
    version: editedVersion(item).version,
    values: toFormValues(type, editedVersion(item).values),
  });

  const autosave = useAutosave({
    type,
    itemKey: item?.id ?? NEW_ITEM_KEY,
    base: () => ({ version: base.current.version ?? 0, values: base.current.values }),
    form,
    dirty,
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
    setFormError(restoredOnOlderMessage(restored.itemVersion, item.version));
  };

  // `asDraft`: kept as the draft of the item on the site; a form that shows a draft always saves one.
  const save = async (
    values: FormValues,
    version: number | undefined,
    asDraft = false,
  ): Promise<ContentItem | undefined> => {
    setFormError(undefined);
    setSaved(undefined);
    // No autosave may land after the save, which clears it on the server.
    await autosave.settle();
    try {
      const payload = fromFormValues(type, values, item?.values);
      const draftSave = Boolean(item && (asDraft || item.draft));
      const answer =
        item && version !== undefined
          ? draftSave
            ? await contentApi.saveDraft(type.name, item.id, version, payload)
            : await contentApi.update(type.name, item.id, version, payload)
          : await contentApi.create(type.name, payload);
      setConflict(undefined);
      setMerging(undefined);
      const edited = editedVersion(answer.item);
      base.current = { version: edited.version, values: toFormValues(type, edited.values) };
      // The form stays (and with it the focus): it now shows the saved item (or draft) as stored.
      reset(toFormValues(type, edited.values));
      setSaved(!draftSave ? 'Opgeslagen.' : draftSavedText(answer.item.published));
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
    const edited = editedVersion(item);
    base.current = { version: edited.version, values: toFormValues(type, edited.values) };
    reset(toFormValues(type, edited.values), { keepDirtyValues: true });
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
    setSaved(mergedMessage(merge.conflicts.length));
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

  const saveValid = handleSubmit((values) => save(values, base.current.version));
  const overwrite = handleSubmit((values) => save(values, conflict?.version));
  const saveAsDraft = handleSubmit((values) => save(values, base.current.version, true));

  // 'Publiceren' publishes what the form shows: unsaved changes are saved first, as a normal save
  // (checked, against the version they started from), and a save that fails stops the publication.
  const saveBeforePublishing: SaveFirst = async () => {
    if (!dirty) return { saved: true, item: undefined };
    let stored: ContentItem | undefined;
    await handleSubmit(async (values) => {
      stored = await save(values, base.current.version);
    })();
    return stored ? { saved: true, item: stored } : { saved: false };
  };

  return {
    autosave,
    /** The version the edits start from and its values, as of this render. */
    base: base.current,
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
  };
}
