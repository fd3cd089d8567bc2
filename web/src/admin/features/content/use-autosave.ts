import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { autosaveApi, type Autosave, type ContentType } from '../../api/content-client';
import { autosaveTiming, changedBase, restoredValues, sameValues } from './autosave';
import type { FormValues } from './content-schema';

interface AutosaveOptions {
  type: ContentType;
  /** The item's key, or NEW_ITEM_KEY for a new item's form. */
  itemKey: string;
  /** The version the form's edits start from (0 for a new item) and its values, asked at each send. */
  base: () => { version: number; values: Record<string, unknown> };
  form: Pick<UseFormReturn<FormValues>, 'watch' | 'getValues' | 'reset'>;
  /** Whether the form differs from the stored item: an untouched form is not autosaved. */
  dirty: boolean;
}

/**
 * A content form's autosave (server/src/admin/autosaves.hpp): a few seconds after the editor
 * changes something, the form's values are kept on the server apart from the item; a kept version
 * that differs from the form is offered when the form opens (after a crash or a closed tab). It
 * keeps the version it was typed on and what the changed fields held in it: `restore` gives the
 * restored autosave back, for the form to merge it when a newer version was saved since. `settle` stops a pending autosave and waits for one on its way, before a normal save clears it.
 */
export function useAutosave({ type, itemKey, base, form, dirty }: AutosaveOptions) {
  const { watch, getValues, reset } = form;
  const [savedAt, setSavedAt] = useState<string>();
  const [offer, setOffer] = useState<Autosave>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sending = useRef<Promise<unknown>>(Promise.resolve());
  const isDirty = useRef(dirty);
  isDirty.current = dirty;
  const baseOf = useRef(base);
  baseOf.current = base;

  useEffect(() => {
    let current = true;
    autosaveApi
      .get(type.name, itemKey)
      .then(({ autosave }) => {
        if (!current || !autosave) return;
        // What the form shows already (the save went through after all) needs no offer.
        if (sameValues(type, autosave.values, getValues()))
          void autosaveApi.remove(type.name, itemKey).catch(() => undefined);
        else setOffer(autosave);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [type, itemKey, getValues]);

  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      // A reset (a save, a restore) names no field and is no change of the editor's.
      if (name === undefined || timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (!isDirty.current) return;
        const values = getValues();
        const { version, values: was } = baseOf.current();
        const put = autosaveApi
          .put(type.name, itemKey, values, version, changedBase(type, was, values))
          .then((answer) => setSavedAt(answer.savedAt))
          .catch(() => undefined);
        sending.current = put;
      }, autosaveTiming.delayMs);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [watch, getValues, type, itemKey]);

  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    await sending.current;
    setSavedAt(undefined);
  }, []);

  const restore = useCallback((): Autosave | undefined => {
    if (!offer) return undefined;
    // The stored item stays the form's default: the restored values count as unsaved changes.
    reset(restoredValues(type, offer.values, getValues()), { keepDefaultValues: true });
    setOffer(undefined);
    return offer;
  }, [offer, reset, getValues, type]);

  const discard = useCallback(() => {
    setOffer(undefined);
    void autosaveApi.remove(type.name, itemKey).catch(() => undefined);
  }, [type.name, itemKey]);

  return { savedAt, offer, restore, discard, settle };
}
