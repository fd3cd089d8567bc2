import { Fragment, useMemo, type ReactNode } from 'react';
import { isSafeUrl } from '../lib/safe-url';
import { AppLink } from './app-link';

// Elements whose content is code or foreign markup, never text (as the server's whitelist).
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
]);

function toNodes(nodes: NodeListOf<ChildNode>): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, key) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    if (tag === 'br') {
      out.push(<br key={key} />);
      return;
    }
    const children = toNodes(element.childNodes);
    if (tag === 'strong' || tag === 'b') {
      out.push(<strong key={key}>{children}</strong>);
    } else if (tag === 'em' || tag === 'i') {
      out.push(<em key={key}>{children}</em>);
    } else if (tag === 'a' && isSafeUrl(element.getAttribute('href') ?? '')) {
      out.push(
        <AppLink key={key} to={element.getAttribute('href') ?? ''}>
          {children}
        </AppLink>,
      );
    } else {
      out.push(<Fragment key={key}>{children}</Fragment>);
    }
  });
  return out;
}

/**
 * A paragraph's inline markup (bold, italic, links, line breaks) as React elements. The server
 * sends it already sanitised by its whitelist (server/src/pages/content_safety.hpp
 * sanitize_inline_html), which is what the page relies on; this never uses innerHTML and builds
 * only the same few elements again (links through AppLink, so site links stay in the app and the
 * player keeps playing), so anything else that slipped through is at most text. DOMParser's
 * document is inert: it runs no scripts and loads nothing.
 */
export function InlineHtml({ html }: { html: string }) {
  const content = useMemo(
    () => toNodes(new DOMParser().parseFromString(html, 'text/html').body.childNodes),
    [html],
  );
  return <>{content}</>;
}
