// Route building of spec §2: one builder per route of the Routes table. Query parameters are left
// out when empty or equal to their default, the rest are sorted alphabetically ignoring case, and
// an optional #hash may follow. Dates passed to builders are Amsterdam calendar dates
// ('yyyy-MM-dd'); route dates are written as dd-MM-yyyy.

import { isoToRouteDate } from './format-date';

export type QueryValue = string | number | null | undefined;

/** What the defaults depend on: today's Amsterdam date and the site's own channel. */
export interface RouteDefaults {
  today: string;
  defaultChannel: string;
}

const DEFAULT_PAGE = '1';
const DEFAULT_TIME = '0_24';

const seg = (value: string | number): string => encodeURIComponent(String(value));

/** Builds '{path}?{query}#{hash}' with the §2 query rules; `defaults` holds each key's default. */
export function buildUrl(
  path: string,
  query: Record<string, QueryValue> = {},
  defaults: Record<string, string> = {},
  hash?: string,
): string {
  const entries = Object.entries(query)
    .filter((entry): entry is [string, string | number] => {
      const value = entry[1];
      if (value === null || value === undefined) return false;
      const text = String(value);
      return text !== '' && text !== defaults[entry[0]];
    })
    .sort(([a], [b]) => {
      const la = a.toLowerCase();
      const lb = b.toLowerCase();
      return la < lb ? -1 : la > lb ? 1 : 0;
    })
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  const search = entries.length ? `?${entries.join('&')}` : '';
  return `${path}${search}${withHashPart(hash)}`;
}

function withHashPart(hash?: string): string {
  if (!hash) return '';
  const bare = hash.startsWith('#') ? hash.slice(1) : hash;
  return bare ? `#${bare}` : '';
}

/** Appends an optional #hash to a built URL. */
export function withHash(url: string, hash?: string): string {
  return `${url}${withHashPart(hash)}`;
}

const orNull = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? 'null' : seg(value);

export const routes = {
  home: (): string => '/',
  sitemap: (group?: string | null): string => (group ? `/sitemap/${seg(group)}` : '/sitemap'),
  /** Kijk live; the channel is left out when it is the site's default (spec §2 defaults). */
  live: (channel?: string | null, defaults?: RouteDefaults): string =>
    channel && channel !== defaults?.defaultChannel
      ? `/live?channel=${encodeURIComponent(channel)}`
      : '/live',

  gedraaid: (
    params: { date?: string | null; channel?: string | null; page?: number | null; time?: string | null },
    defaults: RouteDefaults,
  ): string => {
    const date = params.date && params.date !== defaults.today ? `/${isoToRouteDate(params.date)}` : '';
    return buildUrl(
      `/gedraaid${date}`,
      { channel: params.channel, page: params.page, time: params.time },
      { channel: defaults.defaultChannel, page: DEFAULT_PAGE, time: DEFAULT_TIME },
    );
  },

  gids: (
    date: {
      year?: number | string | null;
      month?: number | string | null;
      day?: number | string | null;
    } | null,
    channel: string | null | undefined,
    defaults: Pick<RouteDefaults, 'defaultChannel'>,
  ): string => {
    const { year, month, day } = date ?? {};
    const full = year && month && day;
    const path = full
      ? `/gids/${String(year)}/${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`
      : '/gids';
    return buildUrl(path, { channel }, { channel: defaults.defaultChannel });
  },

  programmas: (): string => '/programmas',
  programma: (slug: string): string => `/programmas/${seg(slug)}`,
  programmaFragmenten: (
    slug: string,
    params: { date?: string | null; page?: number | null; tag?: string | null },
    defaults: Pick<RouteDefaults, 'today'>,
  ): string =>
    buildUrl(
      `/programmas/${seg(slug)}/fragmenten`,
      { date: params.date ? isoToRouteDate(params.date) : null, page: params.page, tag: params.tag },
      { date: isoToRouteDate(defaults.today), page: DEFAULT_PAGE },
    ),
  programmaNieuws: (slug: string, params: { category?: string | null; page?: number | null } = {}): string =>
    buildUrl(
      `/programmas/${seg(slug)}/nieuws`,
      { category: params.category, page: params.page },
      { page: DEFAULT_PAGE },
    ),

  presentatoren: (slug?: string | null): string => (slug ? `/presentatoren/${seg(slug)}` : '/presentatoren'),

  nieuws: (category?: string | null, params: { page?: number | null; tag?: string | null } = {}): string =>
    buildUrl(
      category ? `/nieuws/${seg(category)}` : '/nieuws',
      { page: params.page, tag: params.tag },
      { page: DEFAULT_PAGE },
    ),
  artikel: (category: string, id: number | string, slug: string, options: { app?: boolean } = {}): string =>
    `${options.app ? '/app' : ''}/nieuws/${seg(category)}/${seg(id)}/${seg(slug)}`,

  fragmenten: (
    params: { date?: string | null; page?: number | null; program?: string | null; tag?: string | null },
    defaults: Pick<RouteDefaults, 'today'>,
  ): string => {
    if (params.program) {
      return buildUrl(`/programmas/${seg(params.program.replace(/ /g, '-'))}/fragmenten`, {
        tag: params.tag,
      });
    }
    return buildUrl(
      '/fragmenten',
      { date: params.date ? isoToRouteDate(params.date) : null, page: params.page, tag: params.tag },
      { date: isoToRouteDate(defaults.today), page: DEFAULT_PAGE },
    );
  },
  fragment: (
    programmeSlug: string | null | undefined,
    id: number | string | null | undefined,
    date: string | null | undefined,
    slug: string | null | undefined,
  ): string => `/fragmenten/${orNull(programmeSlug)}/${orNull(id)}/${orNull(date)}-${orNull(slug)}`,

  uitzendingen: (params: { programme?: string | null; page?: number | null } = {}): string =>
    buildUrl('/uitzendingen', { programme: params.programme, page: params.page }, { page: DEFAULT_PAGE }),
  uitzending: (
    programmeSlug: string | null | undefined,
    id: number | string | null | undefined,
    date: string | null | undefined,
    slug: string | null | undefined,
  ): string => `/uitzendingen/${orNull(programmeSlug)}/${orNull(id)}/${orNull(date)}-${orNull(slug)}`,

  podcasts: (): string => '/podcasts',
  podcast: (feed: string): string => `/podcasts/${seg(feed)}`,
  podcastAflevering: (feed: string, id: number | string, slug: string): string =>
    `/podcasts/${seg(feed)}/${seg(id)}/${seg(slug)}`,
  /** The feed's RSS document for podcast apps; a plain link, not an in-app route. */
  podcastFeed: (feed: string): string => `/podcasts/${seg(feed)}/feed.xml`,

  thema: (slug: string, options: { app?: boolean } = {}): string =>
    `${options.app ? '/app' : ''}/thema/${seg(slug)}`,
  overzicht: (slug: string): string => `/overzicht/${seg(slug)}`,
  overzichtPreview: (pageId: number | string, query: Record<string, QueryValue> = {}): string =>
    buildUrl(`/overzicht/preview/${seg(pageId)}`, query),

  zoeken: (term: string): string => `/zoeken/${seg(term)}`,
  videos: (): string => '/videos',
  /**
   * A song's page (spec §3 Track: the url of radioTracksItem {id, slug} through the track route),
   * '#' when the id or the slug is missing. The server's routes::track writes the same path.
   */
  nummer: (id: number | string | null | undefined, slug: string | null | undefined): string =>
    id === null || id === undefined || id === '' || !slug ? '#' : `/nummers/${seg(id)}/${seg(slug)}`,
};

/** Internal paths and the site's own absolute base URL are in-app; everything else opens in a new tab. */
export function isInAppLink(url: string, baseUrl: string): boolean {
  if (url.startsWith('//')) return false;
  if (url.startsWith('/') || url.startsWith('?') || url.startsWith('#')) return true;
  const base = baseUrl.replace(/\/+$/, '');
  if (!base) return false;
  if (url === base) return true;
  return [`${base}/`, `${base}?`, `${base}#`].some((prefix) => url.startsWith(prefix));
}

/** The in-app path of an in-app URL: an absolute own-base URL reduced to its path, search and hash. */
export function toAppPath(url: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (base && url.startsWith(base)) {
    const rest = url.slice(base.length);
    if (rest === '') return '/';
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return url;
}

/** Whether a path is an in-app (/app/...) view without header and footer. */
export function isAppVariant(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/** The pop-out player window's path (spec §2 'Open in venster'): the player alone, no page frame. */
export function isPopout(pathname: string): boolean {
  return pathname.startsWith('/popout/');
}

/** The channel a pop-out window plays, from its path; null elsewhere. */
export function popoutChannel(pathname: string): string | null {
  const match = /^\/popout\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}
