// A field, and the fields and blocks the version diff and merge tests compare: a title, an intro and a body.
import type { ContentField } from '../../api/content-client';

/** A field of the type under test. */
export const field = (name: string, label: string, kind: ContentField['kind']) =>
  ({ name, label, kind, required: false }) as unknown as ContentField;

export const versionFields = [
  field('title', 'Titel', 'text'),
  field('intro', 'Intro', 'longText'),
  field('body', 'Tekst', 'blocks'),
];

/** A paragraph block with `text`. */
export const paragraph = (text: string) => ({ type: 'paragraph', text });
