// The article blocks as the store keeps them (server/src/pages/queries/catalog.cpp
// resolve_article_blocks; server/src/seed/demo_seed.cpp article_body), and their conversion to and
// from the editor's document (Tiptap/ProseMirror JSON). A paragraph keeps its plain `text` (what
// the page shows) and, when it has bold, italic or links, the same as `html` with only <strong>,
// <em> and <a href>; so does each item of a bulleted or numbered list. Blocks of a type the editor
// does not know pass through unchanged.

import type { JSONContent } from '@tiptap/react';
import { isSafeUrl } from '../../../lib/safe-url';

export { isSafeUrl };

export type ArticleBlock =
  | { type: 'paragraph'; text: string; html?: string }
  | { type: 'heading'; text: string }
  | { type: 'image'; url: string; alt: string; caption: string; credit?: string; media?: number }
  | { type: 'quote'; text: string; cite: string }
  | { type: 'list'; ordered: boolean; items: ListItem[] }
  | { type: 'fragment'; fragment: string }
  | { type: 'video'; video: string }
  | { type: 'social'; network: string; url: string; text: string };

/** An item of a list: inline text like a paragraph's, with `html` when it has marks. */
export interface ListItem {
  text: string;
  html?: string;
}

/** A block the editor does not know (kept as it was). */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

export type StoredBlock = ArticleBlock | OtherBlock;

/** The node names of the editor's own blocks. */
export const NODE = {
  image: 'imageBlock',
  quote: 'quoteBlock',
  fragment: 'fragmentBlock',
  video: 'videoBlock',
  social: 'socialBlock',
  other: 'otherBlock',
} as const;

export const SOCIAL_NETWORKS = ['instagram', 'x', 'facebook', 'youtube', 'tiktok', 'bluesky'] as const;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The fields of each block the editor has a node for; it edits these and keeps any others. */
const EDITED: Record<string, readonly string[]> = {
  paragraph: ['text', 'html'],
  heading: ['text'],
  image: ['url', 'alt', 'caption', 'credit', 'media'],
  quote: ['text', 'cite'],
  list: ['ordered', 'items'],
  fragment: ['fragment'],
  video: ['video'],
  social: ['network', 'url', 'text'],
};

/** The fields of a block its node does not edit, as JSON for the node's `kept` attribute. */
function keptOf(block: StoredBlock): string | null {
  const edited = EDITED[block.type] ?? [];
  const kept = Object.entries(block).filter(([key]) => key !== 'type' && !edited.includes(key));
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/** `block` with the fields of a node's `kept` attribute put back. */
function withKept(block: StoredBlock, kept: unknown): StoredBlock {
  if (typeof kept !== 'string') return block;
  try {
    const fields = JSON.parse(kept) as unknown;
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return block;
    const edited = EDITED[block.type] ?? [];
    const extra = Object.entries(fields).filter(([key]) => key !== 'type' && !edited.includes(key));
    return { ...block, ...Object.fromEntries(extra) };
  } catch {
    return block;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Mark = NonNullable<JSONContent['marks']>[number];

/** The inline content of a paragraph's html: text with bold, italic and link marks, nothing else. */
export function inlineFromHtml(html: string): JSONContent[] {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out: JSONContent[] = [];
  const walk = (node: Node, marks: Mark[]) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (text) out.push(marks.length ? { type: 'text', text, marks } : { type: 'text', text });
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (['script', 'style', 'iframe', 'object', 'template'].includes(tag)) return;
    let next = marks;
    if (tag === 'strong' || tag === 'b') next = [...marks, { type: 'bold' }];
    if (tag === 'em' || tag === 'i') next = [...marks, { type: 'italic' }];
    if (tag === 'a') {
      const href = element.getAttribute('href') ?? '';
      if (isSafeUrl(href)) next = [...marks, { type: 'link', attrs: { href } }];
    }
    element.childNodes.forEach((child) => walk(child, next));
  };
  document.body.childNodes.forEach((child) => walk(child, []));
  // White space with a line break at the edges is the source's layout, not content; a space typed at
  // the start or end of a paragraph is content (splitting "gemeente Den Haag" after "gemeente"
  // keeps the space, and joining again must give it back).
  const first = out[0];
  if (first?.text) first.text = first.text.replace(/^\s*\n\s*/, '');
  const last = out[out.length - 1];
  if (last?.text) last.text = last.text.replace(/\s*\n\s*$/, '');
  for (const node of out) node.text = (node.text ?? '').replace(/\s+/g, ' ');
  return out.filter((node) => node.text);
}

function textOf(node: JSONContent): string {
  return (node.content ?? []).map((child) => child.text ?? '').join('');
}

/** The html of a paragraph's inline content, or undefined when it has no marks. */
function htmlOf(node: JSONContent): string | undefined {
  const children = node.content ?? [];
  if (!children.some((child) => child.marks?.length)) return undefined;
  return children
    .map((child) => {
      let html = escapeHtml(child.text ?? '');
      const marks = child.marks ?? [];
      if (marks.some((mark) => mark.type === 'italic')) html = `<em>${html}</em>`;
      if (marks.some((mark) => mark.type === 'bold')) html = `<strong>${html}</strong>`;
      const link = marks.find((mark) => mark.type === 'link');
      const href = str(link?.attrs?.['href']);
      if (link && isSafeUrl(href)) html = `<a href="${escapeHtml(href)}">${html}</a>`;
      return html;
    })
    .join('');
}

/** The inline content of a paragraph or list item stored as `text` and, with marks, `html`. */
function inlineOf(fields: Record<string, unknown>): JSONContent[] {
  const html = str(fields['html']);
  const inline = html ? inlineFromHtml(html) : [];
  const text = str(fields['text']);
  if (!inline.length && text) inline.push({ type: 'text', text });
  return inline;
}

/** A paragraph or list item as stored: its plain `text`, and `html` when it has marks. */
function textAndHtml(node: JSONContent): ListItem {
  const text = textOf(node);
  const html = htmlOf(node);
  return html ? { text, html } : { text };
}

/** The paragraphs inside `node`, in document order, however deep. */
function paragraphsIn(node: JSONContent): JSONContent[] {
  return (node.content ?? []).flatMap((child) =>
    child.type === 'paragraph' ? [child] : paragraphsIn(child),
  );
}

/** The items of a stored list (each an object with text and maybe html); anything else is skipped. */
function itemsOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item),
  );
}

/** The editor's document of stored blocks. */
export function blocksToDoc(blocks: readonly StoredBlock[]): JSONContent {
  const content: JSONContent[] = blocks.map((block): JSONContent => {
    const b = block as Record<string, unknown>;
    switch (block.type) {
      case 'paragraph': {
        const inline = inlineOf(b);
        const attrs = { kept: keptOf(block) };
        return inline.length ? { type: 'paragraph', attrs, content: inline } : { type: 'paragraph', attrs };
      }
      case 'heading': {
        const text = str(b['text']);
        const attrs = { level: 2, kept: keptOf(block) };
        return text
          ? { type: 'heading', attrs, content: [{ type: 'text', text }] }
          : { type: 'heading', attrs };
      }
      case 'image':
        return {
          type: NODE.image,
          attrs: {
            url: str(b['url']),
            alt: str(b['alt']),
            caption: str(b['caption']),
            credit: str(b['credit']),
            media: typeof b['media'] === 'number' ? b['media'] : null,
            kept: keptOf(block),
          },
        };
      case 'list': {
        const items = itemsOf(b['items']).map((item): JSONContent => {
          const inline = inlineOf(item);
          return {
            type: 'listItem',
            content: [inline.length ? { type: 'paragraph', content: inline } : { type: 'paragraph' }],
          };
        });
        return {
          type: b['ordered'] === true ? 'orderedList' : 'bulletList',
          attrs: { kept: keptOf(block) },
          content: items.length ? items : [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        };
      }
      case 'quote':
        return {
          type: NODE.quote,
          attrs: { text: str(b['text']), cite: str(b['cite']), kept: keptOf(block) },
        };
      case 'fragment':
        return { type: NODE.fragment, attrs: { fragment: str(b['fragment']), kept: keptOf(block) } };
      case 'video':
        return { type: NODE.video, attrs: { video: str(b['video']), kept: keptOf(block) } };
      case 'social':
        return {
          type: NODE.social,
          attrs: {
            network: str(b['network']),
            url: str(b['url']),
            text: str(b['text']),
            kept: keptOf(block),
          },
        };
      default:
        return { type: NODE.other, attrs: { block: JSON.stringify(block) } };
    }
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

/** The stored blocks of the editor's document; empty paragraphs and headings are left out. */
export function docToBlocks(doc: JSONContent): StoredBlock[] {
  const blocks: StoredBlock[] = [];
  for (const node of doc.content ?? []) {
    const a = node.attrs ?? {};
    switch (node.type) {
      case 'paragraph': {
        if (!textOf(node).trim()) break;
        blocks.push(withKept({ type: 'paragraph', ...textAndHtml(node) }, a['kept']));
        break;
      }
      case 'bulletList':
      case 'orderedList': {
        // Each paragraph in the list is an item (a list nested with Tab is flattened: lists are one
        // level deep); empty items are left out, and so is a list with none.
        const items = paragraphsIn(node)
          .map(textAndHtml)
          .filter((item) => item.text.trim());
        if (items.length) {
          blocks.push(withKept({ type: 'list', ordered: node.type === 'orderedList', items }, a['kept']));
        }
        break;
      }
      case 'heading': {
        const text = textOf(node);
        if (text.trim()) blocks.push(withKept({ type: 'heading', text }, a['kept']));
        break;
      }
      case NODE.image: {
        const image: ArticleBlock = {
          type: 'image',
          url: str(a['url']),
          alt: str(a['alt']),
          caption: str(a['caption']),
        };
        if (str(a['credit'])) image.credit = str(a['credit']);
        if (typeof a['media'] === 'number') image.media = a['media'];
        blocks.push(withKept(image, a['kept']));
        break;
      }
      case NODE.quote:
        blocks.push(withKept({ type: 'quote', text: str(a['text']), cite: str(a['cite']) }, a['kept']));
        break;
      case NODE.fragment:
        blocks.push(withKept({ type: 'fragment', fragment: str(a['fragment']) }, a['kept']));
        break;
      case NODE.video:
        blocks.push(withKept({ type: 'video', video: str(a['video']) }, a['kept']));
        break;
      case NODE.social:
        blocks.push(
          withKept(
            { type: 'social', network: str(a['network']), url: str(a['url']), text: str(a['text']) },
            a['kept'],
          ),
        );
        break;
      case NODE.other:
        try {
          blocks.push(JSON.parse(str(a['block'])) as OtherBlock);
        } catch {
          // An unreadable block cannot have come from the store; it is dropped.
        }
        break;
      default:
        break;
    }
  }
  return blocks;
}
