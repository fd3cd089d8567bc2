// The form side of an editable type: its zod schema (the same rules as the server, with spec §5's
// slug messages) and the conversion between stored values and form values.
import { z } from 'zod';
import { validateSlug } from '../../../lib/slugify';
import type { ContentField, ContentType, FieldValue } from '../../api/content-client';

export type FormValues = Record<string, string | boolean>;

export const REQUIRED_MESSAGE = 'Vul dit veld in.';

function fieldSchema(field: ContentField): z.ZodType {
  if (field.kind === 'flag') return z.boolean();
  if (field.kind === 'slug') {
    return z.string().superRefine((value, context) => {
      const message = validateSlug(value);
      if (message) context.addIssue({ code: 'custom', message });
      else if (value.length > 64)
        context.addIssue({ code: 'custom', message: 'Een URL is hoogstens 64 tekens lang.' });
    });
  }
  return z.string().superRefine((raw, context) => {
    const value = field.kind === 'longText' || field.kind === 'blocks' ? raw : raw.trim();
    if (value === '') {
      if (field.required) context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return;
    }
    if (field.kind !== 'blocks' && value.length > field.maxLength) {
      context.addIssue({ code: 'custom', message: `Gebruik hoogstens ${field.maxLength} tekens.` });
    } else if (field.kind === 'integer' && !/^\d+$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'Vul een heel getal van 0 of meer in.' });
    } else if (field.kind === 'color' && !/^#[0-9a-fA-F]{6}$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'Kies een kleur als #rrggbb.' });
    } else if (field.kind === 'url' && !/^(\/(?!\/)|#|https?:\/\/|mailto:)\S*$/i.test(value)) {
      context.addIssue({ code: 'custom', message: 'Vul een link in die begint met https:// of /.' });
    } else if (field.kind === 'instant' && Number.isNaN(new Date(value).getTime())) {
      context.addIssue({ code: 'custom', message: 'Vul een geldige datum en tijd in.' });
    }
  });
}

/** The zod schema of a type's form. */
export function contentSchema(type: ContentType) {
  return z.object(Object.fromEntries(type.fields.map((field) => [field.name, fieldSchema(field)])));
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

type Block = { type: string; text?: string } & Record<string, unknown>;

/** The paragraphs of stored blocks as text, one blank line between paragraphs. */
export function blocksToText(blocks: FieldValue): string {
  if (!Array.isArray(blocks)) return '';
  return (blocks as Block[])
    .filter((block) => block.type === 'paragraph' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n\n');
}

/** Text back to blocks: each paragraph a paragraph block; blocks of other kinds stay after them. */
export function textToBlocks(text: string, previous: FieldValue): Block[] {
  const paragraphs: Block[] = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ type: 'paragraph', text: part }));
  const kept = Array.isArray(previous)
    ? (previous as Block[]).filter((block) => block.type !== 'paragraph')
    : [];
  return [...paragraphs, ...kept];
}

/** The form values of stored values (empty for a new item). */
export function toFormValues(type: ContentType, values: Record<string, FieldValue> | undefined): FormValues {
  const form: FormValues = {};
  for (const field of type.fields) {
    const value = values?.[field.name];
    if (field.kind === 'flag')
      form[field.name] = value === undefined ? field.name === 'dismissable' : Boolean(value);
    else if (field.kind === 'blocks') form[field.name] = blocksToText(value ?? []);
    else if (field.kind === 'instant') form[field.name] = toLocalInput(value as string | null);
    else form[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return form;
}

/** The values to send for form values; `previous` keeps the blocks this form does not edit. */
export function fromFormValues(
  type: ContentType,
  form: FormValues,
  previous: Record<string, FieldValue> | undefined,
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const field of type.fields) {
    if (field.immutable && previous) continue;
    const raw = form[field.name];
    if (field.kind === 'flag') {
      out[field.name] = Boolean(raw);
      continue;
    }
    const text = typeof raw === 'string' ? (field.kind === 'longText' ? raw : raw.trim()) : '';
    if (field.kind === 'blocks') out[field.name] = textToBlocks(text, previous?.[field.name] ?? []);
    else if (field.kind === 'integer') out[field.name] = text === '' ? null : Number(text);
    else if (field.kind === 'instant') out[field.name] = fromLocalInput(text);
    else if (field.kind === 'reference' && field.referenceKey === 'id')
      out[field.name] = text === '' ? null : Number(text);
    else if ((field.kind === 'reference' || field.kind === 'choice') && text === '') out[field.name] = null;
    else out[field.name] = text;
  }
  return out;
}
