// How the audit log shows a field's value before and after a change: text an editor can read,
// never '[object Object]'. An article's body (its blocks) reads as its text, block by block; a
// yes or no and an instant read as the admin says them elsewhere.
import { formatInstant } from '../../api/admin-client';

// An instant as the server writes it (UTC, ISO 8601): '2026-11-27T19:00:00Z'.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

const BLOCK_NAMES: Record<string, string> = {
  image: 'Afbeelding',
  quote: 'Citaat',
  fragment: 'Fragment',
  video: 'Video',
  social: 'Social post',
};

// The readable text of one block: its text, or what it shows (a caption, a link, an id).
function blockText(block: Record<string, unknown>): string {
  const words = (...names: string[]) =>
    names
      .map((name) => block[name])
      .filter(
        (value): value is string | number =>
          (typeof value === 'string' && value.trim() !== '') || typeof value === 'number',
      )
      .map(String);
  const type = typeof block.type === 'string' ? block.type : '';
  if (type === 'paragraph' || type === 'heading') return words('text').join('');
  if (type === 'list') {
    // Its items' words, named by its kind (issue 54: a list came out as JSON).
    const items = (Array.isArray(block.items) ? (block.items as unknown[]) : [])
      .map((item) => (item && typeof item === 'object' ? (item as { text?: unknown }).text : undefined))
      .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
    return `[${block.ordered ? 'Genummerde lijst' : 'Opsomming'}: ${items.join(' · ')}]`;
  }
  const name = BLOCK_NAMES[type];
  const detail = words('text', 'caption', 'alt', 'cite', 'url', 'fragment', 'video').join(' – ');
  if (name) return detail ? `[${name}: ${detail}]` : `[${name}]`;
  return JSON.stringify(block);
}

/**
 * A value of the audit log as text: '–' for none, lists joined, blocks as their text, 'ja' or 'nee',
 * an instant in Dutch time, other objects as JSON.
 */
export function auditText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) {
    if (!value.length) return '(geen)';
    return value
      .map((entry) =>
        entry && typeof entry === 'object' && !Array.isArray(entry)
          ? blockText(entry as Record<string, unknown>)
          : auditText(entry),
      )
      .join(value.every((entry) => entry && typeof entry === 'object') ? ' ¶ ' : ', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (typeof value === 'string' && INSTANT.test(value)) {
    const at = new Date(value);
    // With its seconds when it has any: a countdown's end may change by those alone.
    if (!Number.isNaN(at.getTime())) return formatInstant(value, { seconds: at.getUTCSeconds() !== 0 });
  }
  return String(value);
}
