import { vi } from 'vitest';

/** A fetch answer with `body` as JSON. */
export function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/**
 * Stubs the global fetch: answers calls by method and path ("POST /api/..."), 404 otherwise,
 * and keeps them. Tests undo it with `vi.unstubAllGlobals()`.
 */
export function server(routes: Record<string, () => Promise<Response>>) {
  const fetch = vi.fn((path: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    return route ? route() : json({ error: { code: 'not_found', message: 'Niet gevonden.' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
