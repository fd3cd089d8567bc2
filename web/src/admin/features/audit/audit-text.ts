// How the audit log shows a field's value before and after a change: text an editor can read,
// never '[object Object]'. An article's body (its blocks) reads as its text, block by block.

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
  const name = BLOCK_NAMES[type];
  const detail = words('text', 'caption', 'alt', 'cite', 'url', 'fragment', 'video').join(' – ');
  if (name) return detail ? `[${name}: ${detail}]` : `[${name}]`;
  return JSON.stringify(block);
}

/** A value of the audit log as text: '–' for none, lists joined, blocks as their text, objects as JSON. */
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
  return String(value);
}
