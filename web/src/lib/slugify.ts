// Slugify and URL-slug validation of spec §5.

// Letters that carry no combining mark to strip under NFD, yet are a Latin letter with a stroke or
// a ligature: folded as the server's text folding does (pages/text_fold.cpp), so that both sides
// give one slug for one title.
const LETTER_FOLDS: Record<string, string> = {
  æ: 'ae',
  ß: 'ss',
  ĳ: 'ij',
  œ: 'oe',
  ð: 'd',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  ŀ: 'l',
  ł: 'l',
  ŧ: 't',
  ſ: 's',
  ŉ: 'n',
  ŋ: 'n',
};
// The spaces of step 3: ASCII white space, as on the server.
const SPACE = /[\t\n\v\f\r ]/g;
const EDGE_SPACES = /^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g;

/**
 * Spec §5's five steps and nothing more: strip diacritics, lowercase and trim, spaces to '-', remove
 * all other characters, collapse repeated hyphens. Edge hyphens stay ('-abc-'), as on the server;
 * server/tests/fixtures/slugify-cases.json is the table both sides are tested on.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[æßĳœðøđħıĸŀłŧſŉŋ]/g, (letter) => LETTER_FOLDS[letter] ?? '')
    .replace(EDGE_SPACES, '')
    .replace(SPACE, '-')
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
