import type { PageEnvelope } from '../../api/types';

function ensure<T extends HTMLElement>(doc: Document, selector: string, create: () => T): T {
  const found = doc.head.querySelector<T>(selector);
  if (found) return found;
  const el = create();
  doc.head.appendChild(el);
  return el;
}

/** Puts a page's title, meta description and canonical link into the document head. */
export function applyHead(
  envelope: Pick<PageEnvelope, 'title' | 'description' | 'canonical'>,
  doc: Document = document,
): void {
  doc.title = envelope.title;
  const description = ensure(doc, 'meta[name="description"]', () => {
    const meta = doc.createElement('meta');
    meta.name = 'description';
    return meta;
  });
  description.setAttribute('content', envelope.description);
  const canonical = ensure(doc, 'link[rel="canonical"]', () => {
    const link = doc.createElement('link');
    link.rel = 'canonical';
    return link;
  });
  canonical.setAttribute('href', envelope.canonical);
}
