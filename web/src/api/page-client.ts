// Reading the page data: the shell embeds the first page's envelope and the site configuration as
// JSON scripts; client-side navigation fetches /api/page?path=...

import { errorForStatus, request } from '../lib/http';
import type { PageEnvelope, SiteConfig } from './types';

export { HttpError, NetworkError, NotFoundError } from '../lib/http';

function readJsonScript<T>(id: string, doc: Document): T | null {
  const el = doc.getElementById(id);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch (error) {
    console.error(`Kon #${id} niet lezen`, error);
    return null;
  }
}

/** The site configuration the shell embedded as #ether-site. */
export function readEmbeddedSite(doc: Document = document): SiteConfig | null {
  return readJsonScript<SiteConfig>('ether-site', doc);
}

/** The first page's envelope the shell embedded as #ether-page. */
export function readEmbeddedPage(doc: Document = document): PageEnvelope | null {
  return readJsonScript<PageEnvelope>('ether-page', doc);
}

function isEnvelope(value: unknown): value is PageEnvelope {
  return typeof value === 'object' && value !== null && 'route' in value && 'data' in value;
}

/** The page API URL for a path with search ('/gids?channel=radio1'). */
export function pageApiUrl(pathWithSearch: string): string {
  return `/api/page?path=${encodeURIComponent(pathWithSearch)}`;
}

/** The page lives at another address now: an old link (an earlier slug) was followed in the app. */
export class PageMovedError extends Error {
  constructor(readonly to: string) {
    super(`De pagina staat nu op ${to}`);
    this.name = 'PageMovedError';
  }
}

function movedTo(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('movedTo' in value)) return null;
  const to = (value as { movedTo: unknown }).movedTo;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}

/**
 * Fetches a page envelope. A 404 answer with a not-found envelope, and a 403 one (a refused
 * preview), are returned, not thrown. A page that moved (the server's `movedTo`, as a full load
 * answers 301) throws PageMovedError.
 */
export async function fetchPage(pathWithSearch: string, signal?: AbortSignal): Promise<PageEnvelope> {
  const url = pageApiUrl(pathWithSearch);
  const response = await request(url, signal ? { signal } : {});
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const moved = response.ok ? movedTo(body) : null;
  if (moved) throw new PageMovedError(moved);
  const pageAnswer = response.ok || response.status === 404 || response.status === 403;
  if (pageAnswer && isEnvelope(body)) return body;
  throw errorForStatus(url, response);
}
