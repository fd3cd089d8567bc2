import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { fetchPage } from '../api/page-client';
import type { PageEnvelope } from '../api/types';
import { Loading } from '../components/states';
import { Shell } from '../features/layout';
import { PageLoadError, PageView } from './page-view';

/** Loads the envelope of the requested location through /api/page. */
export async function pageLoader({ request }: LoaderFunctionArgs): Promise<PageEnvelope> {
  const url = new URL(request.url);
  return fetchPage(`${url.pathname}${url.search}`, request.signal);
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
