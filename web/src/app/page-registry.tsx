import { lazy, type ComponentType } from 'react';
import type { PageData, RouteKind } from '../api/types';
import { HomePage } from '../features/home';
import type { PageProps } from '../lib/page-types';

type AnyPage = ComponentType<PageProps<PageData>>;

// Home is in the entry chunk; every other page loads on demand.
const page = <K extends string>(load: () => Promise<Record<K, unknown>>, name: K): AnyPage =>
  lazy(async () => ({ default: (await load())[name] as AnyPage }));

export const PAGES: Record<RouteKind, AnyPage> = {
  home: HomePage as AnyPage,
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
  popout: page(() => import('../features/player/popout'), 'PopoutPage'),
  'not-found': page(() => import('../features/not-found'), 'NotFoundPage'),
};
