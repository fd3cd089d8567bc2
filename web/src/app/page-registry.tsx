import { lazy, type ComponentType } from 'react';
import type { PageData, RouteKind } from '../api/types';
import { HomePage } from '../features/home';
import type { PageProps } from '../lib/page-types';

type AnyPage = ComponentType<PageProps<PageData>>;

/** A page loaded on demand; `load` fetches its chunk, `loaded` is the component once it has. */
interface LazyPage {
  component: AnyPage;
  load(): Promise<AnyPage>;
  loaded: AnyPage | null;
}

// Home is in the entry chunk; every other page loads on demand.
const page = <K extends string>(importer: () => Promise<Record<K, unknown>>, name: K): LazyPage => {
  const entry: LazyPage = {
    component: lazy(async () => ({ default: await entry.load() })),
    loaded: null,
    load: async () => (entry.loaded = (await importer())[name] as AnyPage),
  };
  return entry;
};

const eager = (component: AnyPage): LazyPage => ({
  component,
  loaded: component,
  load: () => Promise.resolve(component),
});

const REGISTRY: Record<RouteKind, LazyPage> = {
  home: eager(HomePage as AnyPage),
  sitemap: page(() => import('../features/sitemap'), 'SitemapPage'),
  live: page(() => import('../features/live'), 'LivePage'),
  gedraaid: page(() => import('../features/played-tracks'), 'PlayedTracksPage'),
  gids: page(() => import('../features/guide'), 'GuidePage'),
  programmas: page(() => import('../features/programmes'), 'ProgrammesPage'),
  programma: page(() => import('../features/programmes'), 'ProgrammePage'),
  'programma-fragmenten': page(() => import('../features/programmes'), 'ProgrammeFragmentsPage'),
  'programma-nieuws': page(() => import('../features/programmes'), 'ProgrammeNewsPage'),
  presentatoren: page(() => import('../features/presenters'), 'PresentersPage'),
  presentator: page(() => import('../features/presenters'), 'PresenterPage'),
  nieuws: page(() => import('../features/news'), 'NewsPage'),
  artikel: page(() => import('../features/news'), 'ArticlePage'),
  fragmenten: page(() => import('../features/fragments'), 'FragmentsPage'),
  fragment: page(() => import('../features/fragments'), 'FragmentPage'),
  uitzendingen: page(() => import('../features/broadcasts'), 'BroadcastsPage'),
  uitzending: page(() => import('../features/broadcasts'), 'BroadcastPage'),
  uitzendinguur: page(() => import('../features/broadcasts'), 'BroadcastHourPage'),
  podcasts: page(() => import('../features/podcasts'), 'PodcastsPage'),
  podcast: page(() => import('../features/podcasts'), 'PodcastPage'),
  'podcast-aflevering': page(() => import('../features/podcasts'), 'EpisodePage'),
  thema: page(() => import('../features/content-pages'), 'ContentPage'),
  overzicht: page(() => import('../features/content-pages'), 'ContentPage'),
  zoeken: page(() => import('../features/search'), 'SearchPage'),
  videos: page(() => import('../features/videos'), 'VideosPage'),
  nummer: page(() => import('../features/tracks'), 'TrackPage'),
  popout: page(() => import('../features/player/expanded-player'), 'PopoutPage'),
  'not-found': page(() => import('../features/not-found'), 'NotFoundPage'),
};

/**
 * The component of a route's page: the loaded component itself once its chunk is in (so that it
 * renders at once, without a Suspense fallback), a lazy one before.
 */
export function pageComponent(route: RouteKind): AnyPage {
  const entry = REGISTRY[route] ?? REGISTRY['not-found'];
  return entry.loaded ?? entry.component;
}

/**
 * Loads a route's page chunk. The first page is loaded before the first render: its content then
 * appears in one commit, without the loading state and the shift of the footer it would cause.
 */
export function preloadPage(route: RouteKind): Promise<unknown> {
  return (REGISTRY[route] ?? REGISTRY['not-found']).load();
}
