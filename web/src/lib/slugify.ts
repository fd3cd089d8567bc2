// Slugify and URL-slug validation of spec §5.

/** Strip diacritics, lowercase and trim, spaces to '-', remove other characters, collapse hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

/** The §5 suggestion for a title: slugify, without edge hyphens, at most 64 characters. */
export function suggestSlug(title: string): string {
  return slugify(title)
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

export const SLUG_REQUIRED_MESSAGE = 'Vul een URL in';
export const SLUG_FORMAT_MESSAGE = 'De URL mag alleen kleine letters en liggende streepjes bevatten';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Validates a URL slug field; returns the Dutch error message, or null when valid. */
export function validateSlug(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return SLUG_REQUIRED_MESSAGE;
  return SLUG_PATTERN.test(value) ? null : SLUG_FORMAT_MESSAGE;
}
