import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PageEnvelope, SiteConfig } from '../api/types';
import { routeTree } from '../app/router';
import { SiteProvider } from '../lib/site-context';
import { PlayerProvider } from '../features/player';
import { site as fixtureSite } from './fixtures';

/**
 * Renders the whole app at `path` with `envelope` as the embedded first page. `useTransitions:
 * false` makes the router's updates urgent (React commits a Suspense fallback at once), the way a
 * transition that React replays in place ends up too.
 */
export function renderApp(
  envelope: PageEnvelope,
  path = '/',
  site: SiteConfig = fixtureSite,
  { useTransitions }: { useTransitions?: boolean } = {},
) {
  const router = createMemoryRouter(routeTree, {
    initialEntries: [path],
    hydrationData: { loaderData: { page: envelope } },
  });
  const result = render(
    <SiteProvider site={site}>
      <PlayerProvider site={site}>
        <RouterProvider router={router} useTransitions={useTransitions} />
      </PlayerProvider>
    </SiteProvider>,
  );
  return { ...result, router };
}

/** A fetch mock answering /api/page with the given envelopes by path (404 not-found otherwise). */
export function pageFetch(envelopes: Record<string, PageEnvelope>, notFound: PageEnvelope) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.searchParams.get('path') ?? '';
    const envelope = envelopes[path];
    return new Response(JSON.stringify(envelope ?? notFound), {
      status: envelope ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
