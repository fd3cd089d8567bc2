// The form side of an editable type: its zod schema (the same rules as the server, with spec §5's
// slug messages) and the conversion between stored values and form values.
import { z } from 'zod';
import { ISRC_MESSAGE, normaliseIsrc } from '../../../lib/isrc';
import { validateSlug } from '../../../lib/slugify';
import type { ContentField, ContentType, FieldValue } from '../../api/content-client';
import type { StoredBlock } from '../../components/block-editor/blocks';

/**
 * A field's value in the form: text, a flag, a blocks field's blocks exactly as stored, or the
 * checked keys of a relation (as the checkboxes' texts).
 */
export type FormValues = Record<string, string | boolean | StoredBlock[] | string[]>;

export const REQUIRED_MESSAGE = 'Vul dit veld in.';

export const CHOOSE_AUDIO_MESSAGE = 'Kies een audiobestand uit de mediabibliotheek.';

/** The server's message (content_validation.hpp kAltTextRequired) for an image without alt text. */
export const ALT_TEXT_REQUIRED_MESSAGE =
  'Beschrijf in een alt-tekst wat er op de afbeelding te zien is, voor wie haar niet kan zien.';

/** True for a field the server fills from the chosen audio: the form shows it, never sends it. */
export const isDerived = (field: ContentField) => Boolean(field.derived);

/** True when the stored item plays audio already (chosen before, or a seeded demo file). */
export function hasAudio(type: ContentType, values: Record<string, FieldValue> | undefined): boolean {
  const path = type.fields.find((field) => field.derived === 'path');
  const stored = path ? values?.[path.name] : undefined;
  return typeof stored === 'string' && stored !== '';
}

function fieldSchema(field: ContentField, storedAudio: boolean): z.ZodType {
  if (isDerived(field)) return z.unknown();
  if (field.kind === 'audio') {
    // Nothing chosen keeps the audio the item plays; an item without audio must choose.
    return z.string().superRefine((value, context) => {
      if (value === '' && field.required && !storedAudio)
        context.addIssue({ code: 'custom', message: CHOOSE_AUDIO_MESSAGE });
    });
  }
  if (field.kind === 'flag') return z.boolean();
  if (field.kind === 'relation') return z.array(z.string());
  if (field.kind === 'blocks') {
    // The blocks pass as they are (z.unknown keeps each one whole, keys and all).
    return z.array(z.unknown()).superRefine((blocks, context) => {
      if (field.required && blocks.length === 0)
        context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
    });
  }
  if (field.kind === 'slug') {
    return z.string().superRefine((value, context) => {
      const message = validateSlug(value);
      if (message) context.addIssue({ code: 'custom', message });
      else if (value.length > 64)
        context.addIssue({ code: 'custom', message: 'Een URL is hoogstens 64 tekens lang.' });
    });
  }
  return z.string().superRefine((raw, context) => {
    const value = field.kind === 'longText' ? raw : raw.trim();
    if (value === '') {
      if (field.required) context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return;
    }
    if (field.kind === 'tags') {
      const tags = value.split(',').map((tag) => tag.trim());
      if (tags.length > 20 || tags.some((tag) => tag.length > field.maxLength))
        context.addIssue({
          code: 'custom',
          message: `Gebruik hoogstens 20 tags van elk hoogstens ${field.maxLength} tekens.`,
        });
    } else if (value.length > field.maxLength) {
      context.addIssue({ code: 'custom', message: `Gebruik hoogstens ${field.maxLength} tekens.` });
    } else if (field.kind === 'integer' && !/^\d+$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'Vul een heel getal van 0 of meer in.' });
    } else if (field.kind === 'isrc' && normaliseIsrc(value) === null) {
      context.addIssue({ code: 'custom', message: ISRC_MESSAGE });
    } else if (field.kind === 'color' && !/^#[0-9a-fA-F]{6}$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'Kies een kleur als #rrggbb.' });
    } else if (
      (field.kind === 'url' || field.kind === 'image') &&
      !/^(\/(?!\/)|#|https?:\/\/|mailto:)\S*$/i.test(value)
    ) {
      context.addIssue({ code: 'custom', message: 'Vul een link in die begint met https:// of /.' });
    } else if (field.kind === 'instant' && Number.isNaN(new Date(value).getTime())) {
      context.addIssue({ code: 'custom', message: 'Vul een geldige datum en tijd in.' });
    }
  });
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The zod schema of a type's form; `values`: the stored item's (none for a new one). */
export function contentSchema(type: ContentType, values?: Record<string, FieldValue>) {
  const storedAudio = hasAudio(type, values);
  return z
    .object(Object.fromEntries(type.fields.map((field) => [field.name, fieldSchema(field, storedAudio)])))
    .superRefine((form, context) => {
      // A content image needs its alt text, as the server says; an image stored without one
      // before may stay as it is until it is described.
      for (const field of type.fields) {
        if (field.kind !== 'image' || !field.altField) continue;
        const image = textOf(form[field.name]);
        if (!image || textOf(form[field.altField])) continue;
        const undescribedBefore =
          values !== undefined && textOf(values[field.name]) === image && !textOf(values[field.altField]);
        if (!undescribedBefore)
          context.addIssue({ code: 'custom', path: [field.altField], message: ALT_TEXT_REQUIRED_MESSAGE });
      }
    });
}

/** "2026-11-21T12:00" (local time of the browser, for datetime-local) of an ISO instant. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a datetime-local value, or null when empty. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form values of stored values (empty for a new item). */
export function toFormValues(type: ContentType, values: Record<string, FieldValue> | undefined): FormValues {
  const form: FormValues = {};
  for (const field of type.fields) {
    const value = values?.[field.name];
    if (field.kind === 'flag')
      form[field.name] = value === undefined ? field.name === 'dismissable' : Boolean(value);
    else if (field.kind === 'blocks') form[field.name] = Array.isArray(value) ? (value as StoredBlock[]) : [];
    else if (field.kind === 'instant') form[field.name] = toLocalInput(value as string | null);
    else if (field.kind === 'relation') form[field.name] = Array.isArray(value) ? value.map(String) : [];
    else if (field.kind === 'tags')
      form[field.name] = Array.isArray(value) ? value.map(String).join(', ') : '';
    else form[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return form;
}

/** The values to send for form values; `previous` (the stored item) leaves out immutable fields. */
export function fromFormValues(
  type: ContentType,
  form: FormValues,
  previous: Record<string, FieldValue> | undefined,
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const field of type.fields) {
    if ((field.immutable && previous) || isDerived(field)) continue;
    const raw = form[field.name];
    if (field.kind === 'flag') {
      out[field.name] = Boolean(raw);
      continue;
    }
    if (field.kind === 'blocks') {
      out[field.name] = Array.isArray(raw) ? raw : [];
      continue;
    }
    if (field.kind === 'relation') {
      // A single checkbox may come back as its value or as false rather than as an array.
      const keys = (Array.isArray(raw) ? raw : typeof raw === 'string' && raw !== '' ? [raw] : []).map(
        String,
      );
      out[field.name] = field.referenceKey === 'id' ? keys.map(Number) : keys;
      continue;
    }
    const text = typeof raw === 'string' ? (field.kind === 'longText' ? raw : raw.trim()) : '';
    if (field.kind === 'tags') {
      out[field.name] = text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      continue;
    }
    if (field.kind === 'integer' || field.kind === 'audio')
      out[field.name] = text === '' ? null : Number(text);
    else if (field.kind === 'instant') {
      // The field shows minutes: an instant the editor left as it was keeps its seconds (a
      // countdown's end), which reading the field back would drop.
      const before = previous?.[field.name];
      out[field.name] =
        typeof before === 'string' && text === toLocalInput(before) ? before : fromLocalInput(text);
    } else if (field.kind === 'reference' && field.referenceKey === 'id')
      out[field.name] = text === '' ? null : Number(text);
    else if ((field.kind === 'reference' || field.kind === 'choice') && text === '') out[field.name] = null;
    else out[field.name] = text;
  }
  return out;
}
