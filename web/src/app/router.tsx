import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { fetchPage, PageMovedError } from '../api/page-client';
import type { PageEnvelope } from '../api/types';
import { Loading } from '../components/states';
import { reportError } from '../lib/error-reporting';
import { canonicalPath } from '../lib/path-rules';
import { Shell } from '../features/layout';
import { PageLoadError, PageView } from './page-view';

/**
 * Loads the envelope of the requested location through /api/page. A failed load is reported to
 * error reporting (spec §7 "Failed fetches"; an abort is not) and thrown on to the route's error
 * element, which tells the listener in Dutch.
 */
export async function pageLoader({ request }: LoaderFunctionArgs): Promise<PageEnvelope> {
  const url = new URL(request.url);
  // One URL per page (spec §2), as the server answers a request for another form with a 301.
  const canonical = canonicalPath(url.pathname);
  if (canonical !== url.pathname) throw redirect(`${canonical}${url.search}${url.hash}`);
  const path = `${url.pathname}${url.search}`;
  try {
    return await fetchPage(path, request.signal);
  } catch (error) {
    // An old link: the app goes to the page's current address, as a full load's 301 does.
    if (error instanceof PageMovedError) throw redirect(error.to);
    // A navigation that replaced this one cancelled it: that is no failure.
    if (!request.signal.aborted) reportError(error, { path });
    throw error;
  }
}

/** The route tree: one shell, one catch-all page route; the server decides what each path is. */
export const routeTree = [
  {
    id: 'shell',
    element: <Shell />,
    children: [
      {
        id: 'page',
        path: '*',
        loader: pageLoader,
        element: <PageView />,
        errorElement: <PageLoadError />,
        hydrateFallbackElement: <Loading label="Pagina laden…" />,
      },
    ],
  },
];

/** The browser router, hydrated with the envelope the shell embedded (no fetch on first load). */
export function createAppRouter(initial: PageEnvelope | null) {
  return createBrowserRouter(
    routeTree,
    initial ? { hydrationData: { loaderData: { page: initial } } } : undefined,
  );
}
