// Page data fixtures following web/src/api/types.ts exactly; used by the unit tests and the
// local e2e fixture server.

import type {
  Article,
  ArticleCard,
  ArticleData,
  Broadcast,
  BroadcastData,
  BroadcastHour,
  BroadcastHourData,
  BroadcastsData,
  ChannelSummary,
  ContentPageData,
  Fragment,
  FragmentData,
  FragmentsData,
  GuideData,
  HomeData,
  LiveData,
  NewsCategory,
  NewsData,
  NotFoundData,
  OnAir,
  PageEnvelope,
  PlayedTracksData,
  PodcastData,
  PodcastEpisode,
  PodcastEpisodeData,
  PodcastFeed,
  PodcastsData,
  PresenterCard,
  PresenterData,
  PresentersData,
  ProgrammeCard,
  ProgrammeData,
  ProgrammeFragmentsData,
  ProgrammeNewsData,
  ProgrammesData,
  RouteKind,
  SearchData,
  SiteConfig,
  SitemapData,
  TrackPageData,
  TrackPlay,
  Video,
  VideosData,
} from '../api/types';

const BASE = 'http://127.0.0.1:18080';

function channel(
  slug: string,
  name: string,
  color: string,
  extra: Partial<ChannelSummary> = {},
): ChannelSummary {
  return {
    slug,
    name,
    parentSlug: null,
    description: `${name}: muziek en meer.`,
    color,
    logoUrl: `/media/images/channels/${slug}.webp`,
    hasProgramming: true,
    playerMode: 'music',
    classical: false,
    hasVisualRadio: false,
    ...extra,
  };
}

export const radio2 = channel('radio2', 'Ether Radio 2', '#e4002b');
export const soulenjazz = channel('soulenjazz', 'Soul & Jazz', '#7a3e9d', { parentSlug: 'radio2' });
export const radio1 = channel('radio1', 'Ether Radio 1', '#0a5fa8', {
  playerMode: 'talk',
  hasVisualRadio: true,
});
export const radio4 = channel('radio4', 'Ether Radio 4', '#8a5a00', { classical: true });

export const site: SiteConfig = {
  name: 'Ether',
  baseUrl: BASE,
  siteCode: 'ether',
  defaultChannel: 'radio2',
  channels: [radio2, soulenjazz, radio1, radio4],
};

const categories: NewsCategory[] = [
  { slug: 'live', name: 'Live', color: '#e4002b' },
  { slug: 'onderzoek', name: 'Onderzoek', color: '#005a9c' },
  { slug: 'podcast', name: 'Podcast', color: '#6b2c91' },
  { slug: 'sport', name: 'Sport', color: '#00703c' },
  { slug: 'verdieping', name: 'Verdieping', color: '#b34700' },
];
export const sport = categories[3] as NewsCategory;
export const newsCategories = categories;

export const presenter: PresenterCard = {
  slug: 'anna-de-wit',
  name: 'Anna de Wit',
  imageUrl: '/media/images/presenters/anna-de-wit.webp',
  role: 'Presentator',
};

export const programme: ProgrammeCard = {
  slug: 'de-ochtendploeg',
  name: 'De Ochtendploeg',
  channel: { slug: 'radio2', name: 'Ether Radio 2' },
  summary: 'Wakker worden met muziek en nieuws.',
  imageUrl: '/media/images/programmes/de-ochtendploeg.webp',
  presenters: [{ slug: presenter.slug, name: presenter.name }],
  schedule: 'Maandag t/m vrijdag 06:00–09:00',
};

export const broadcast: Broadcast = {
  id: 501,
  slug: 'de-ochtendploeg',
  title: 'De Ochtendploeg',
  channel: { slug: 'radio2', name: 'Ether Radio 2' },
  programme: { slug: programme.slug, name: programme.name },
  presenters: [{ slug: presenter.slug, name: presenter.name }],
  broadcasters: [{ slug: 'avro', name: 'AVRO', logoUrl: '/media/images/broadcasters/avro.webp' }],
  from: '2026-11-21T05:00:00Z',
  until: '2026-11-21T08:00:00Z',
  imageUrl: '/media/images/programmes/de-ochtendploeg.webp',
  audioUrl: '/media/broadcasts/501.mp3',
};

export const laterBroadcast: Broadcast = {
  ...broadcast,
  id: 502,
  slug: 'koffiepauze',
  title: 'Koffiepauze',
  programme: { slug: 'koffiepauze', name: 'Koffiepauze' },
  from: '2026-11-21T08:00:00Z',
  until: '2026-11-21T11:00:00Z',
  audioUrl: null,
};

export const track: TrackPlay = {
  id: 9001,
  from: '2026-11-21T07:04:00Z',
  until: '2026-11-21T07:08:00Z',
  title: 'Zomeravond',
  artist: 'De Golven',
  name: 'Zomeravond',
  displayArtist: 'De Golven',
  songSlug: 'zomeravond',
  songId: 12,
  coverUrl: '/media/images/covers/zomeravond.webp',
  chartPosition: null,
  composer: null,
  completeWork: null,
  ensemble: null,
  url: '/nummers/12/zomeravond',
};

export const olderTrack: TrackPlay = {
  ...track,
  id: 9000,
  from: '2026-11-21T07:00:00Z',
  until: '2026-11-21T07:04:00Z',
  title: 'Regen in de stad',
  artist: 'Lotte Kroon',
  name: 'Regen in de stad',
  displayArtist: 'Lotte Kroon',
  songSlug: 'regen-in-de-stad',
  songId: 13,
  coverUrl: null,
  url: '/nummers/13/regen-in-de-stad',
};

export const fragment: Fragment = {
  id: 301,
  slug: 'live-in-de-studio',
  title: 'Live in de studio: De Golven',
  description: 'De Golven spelen hun nieuwe single live.',
  programme: { slug: programme.slug, name: programme.name },
  publishedAt: '2026-11-20T08:30:00Z',
  durationSeconds: 185,
  imageUrl: '/media/images/fragments/live-in-de-studio.webp',
  audioUrl: '/media/fragments/live-in-de-studio.mp3',
  tags: ['Live', 'Muziek'],
};

export const video: Video = {
  id: 41,
  slug: 'achter-de-schermen',
  title: 'Achter de schermen',
  description: 'Een kijkje in de studio.',
  publishedAt: '2026-11-19T10:00:00Z',
  durationSeconds: 95,
  videoUrl: '/media/videos/achter-de-schermen.mp4',
  posterUrl: '/media/images/videos/achter-de-schermen.webp',
};

export const articleCard: ArticleCard = {
  id: 1201,
  slug: 'oranje-wint-in-de-slotminuut',
  category: sport,
  title: 'Oranje wint in de slotminuut',
  intro: 'Een late treffer beslist de wedstrijd.',
  imageUrl: '/media/images/articles/oranje.webp',
  publishedAt: '2026-11-21T09:00:00Z',
  liveUntil: null,
  tags: ['Voetbal'],
};

export const article: Article = {
  ...articleCard,
  author: 'Redactie Ether',
  programme: { slug: programme.slug, name: programme.name },
  blocks: [
    { type: 'paragraph', text: 'Het was lang spannend in het stadion.' },
    { type: 'heading', text: 'De slotfase' },
    {
      type: 'image',
      url: '/media/images/articles/stadion.webp',
      alt: 'Het stadion',
      caption: 'Vol stadion',
      credit: 'Anna de Vries',
    },
    { type: 'quote', text: 'Dit vergeten we nooit.', cite: 'De aanvoerder' },
    { type: 'fragment', fragment },
    { type: 'video', video },
    { type: 'social', network: 'instagram', url: 'https://www.instagram.com/p/abc/', text: 'Feest!' },
  ],
};

export const podcastFeed: PodcastFeed = {
  slug: 'sportpraat',
  title: 'Sportpraat',
  description: 'Elke week de sport besproken.',
  author: 'Ether Sport',
  imageUrl: '/media/images/podcasts/sportpraat.webp',
  episodeCount: 2,
};

export const episode: PodcastEpisode = {
  id: 77,
  slug: 'de-finale',
  feedSlug: 'sportpraat',
  title: 'De finale',
  description: 'Alles over de finale.',
  publishedAt: '2026-11-18T06:00:00Z',
  durationSeconds: 1510,
  audioUrl: '/media/podcasts/de-finale.mp3',
  imageUrl: '/media/images/podcasts/sportpraat.webp',
};

const onAir: OnAir = { channel: radio2, broadcast, track };

export const homeData: HomeData = {
  onAir,
  channels: [
    onAir,
    { channel: soulenjazz, broadcast: null, track: olderTrack },
    {
      channel: radio1,
      broadcast: { ...laterBroadcast, channel: { slug: 'radio1', name: 'Ether Radio 1' } },
      track: null,
    },
    { channel: radio4, broadcast: null, track: null },
  ],
  news: [articleCard],
  fragments: [fragment],
  podcasts: [podcastFeed],
  guide: [broadcast, laterBroadcast],
};

function envelope<D>(route: RouteKind, path: string, title: string, data: D, status = 200): PageEnvelope<D> {
  return {
    status,
    route,
    title: `${title} | Ether`,
    description: `${title} op Ether.`,
    canonical: `${BASE}${path}`,
    params: {},
    data,
  };
}

const paging = { page: 1, pageCount: 2, total: 21 };

export const homeEnvelope = envelope('home', '/', 'Ether', homeData);
export const notFoundEnvelope = envelope<NotFoundData>(
  'not-found',
  '/bestaat-niet',
  'Pagina niet gevonden',
  { path: '/bestaat-niet' },
  404,
);

export const sitemapData: SitemapData = {
  group: null,
  groups: [
    {
      slug: 'radio',
      title: 'Radio',
      links: [
        { title: 'Gids', url: '/gids' },
        { title: 'Gedraaid', url: '/gedraaid' },
      ],
    },
    { slug: 'nieuws', title: 'Nieuws', links: [{ title: 'Sport', url: '/nieuws/sport' }] },
  ],
};

export const liveData: LiveData = {
  onAir: { channel: radio1, broadcast, track: null },
  streamUrl: null,
  videoTokenUrl: null,
};

export const playedTracksData: PlayedTracksData = {
  channel: radio2,
  date: '2026-11-21',
  time: '0_24',
  window: { first: '2026-11-07', last: '2026-11-21', contains: true },
  tracks: [track, olderTrack],
  recordedHours: [],
  rewindSpans: [],
  paging,
};

export const guideData: GuideData = {
  channel: radio2,
  date: '2026-11-21',
  days: ['2026-11-20', '2026-11-21', '2026-11-22'],
  window: { first: '2026-11-07', last: '2026-11-28', contains: true },
  broadcasts: [broadcast, laterBroadcast],
};

export const programmesData: ProgrammesData = { programmes: [programme] };

export const programmeData: ProgrammeData = {
  programme: {
    ...programme,
    description: 'Elke doordeweekse ochtend.',
    broadcasters: broadcast.broadcasters,
  },
  presenters: [presenter],
  fragments: [fragment],
  news: [articleCard],
  broadcasts: [broadcast],
  upcoming: [laterBroadcast],
};

export const programmeFragmentsData: ProgrammeFragmentsData = {
  programme: { slug: programme.slug, name: programme.name },
  date: null,
  tag: null,
  tags: ['Live', 'Muziek'],
  topTags: ['Muziek', 'Live'],
  fragments: [fragment],
  paging: { page: 1, pageCount: 1, total: 1 },
  previousDate: null,
  nextDate: null,
  earlierDate: null,
};

export const programmeNewsData: ProgrammeNewsData = {
  programme: { slug: programme.slug, name: programme.name },
  category: null,
  categories,
  articles: [articleCard],
  paging: { page: 1, pageCount: 1, total: 1 },
};

export const presentersData: PresentersData = { presenters: [presenter] };

export const presenterData: PresenterData = {
  presenter: { ...presenter, bio: 'Anna presenteert al tien jaar.' },
  programmes: [programme],
  fragments: [fragment],
};

export const newsData: NewsData = { category: null, categories, tag: null, articles: [articleCard], paging };

export const articleData: ArticleData = {
  article,
  related: [{ ...articleCard, id: 1202, title: 'Trainer blijft' }],
};

export const fragmentsData: FragmentsData = {
  date: null,
  tag: null,
  program: null,
  tags: ['Live', 'Muziek'],
  topTags: ['Muziek', 'Live'],
  fragments: [fragment],
  paging: { page: 1, pageCount: 1, total: 1 },
  previousDate: null,
  nextDate: null,
  earlierDate: null,
};

export const fragmentData: FragmentData = { fragment, queue: [{ ...fragment, id: 302, title: 'Het weer' }] };

const broadcastPath = '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg';
// The three clock hours of the broadcast (06:00 to 09:00 in Amsterdam).
export const broadcastHours: (BroadcastHour & { ended: boolean })[] = [6, 7, 8].map((h) => ({
  from: `2026-11-21T0${h - 1}:00:00Z`,
  until: `2026-11-21T0${h}:00:00Z`,
  label: `Zaterdag 21 november 2026 0${h} - 0${h + 1} uur`,
  url: `${broadcastPath}/0${h}-uur`,
  ended: true,
}));

export const broadcastsData: BroadcastsData = {
  programme: null,
  programmes: [{ slug: programme.slug, name: programme.name }],
  broadcasts: [...broadcastHours]
    .reverse()
    .map((h) => ({ ...broadcast, hour: { from: h.from, until: h.until, label: h.label, url: h.url } })),
  paging: { page: 1, pageCount: 1, total: 3 },
};

export const broadcastData: BroadcastData = {
  broadcast,
  hours: broadcastHours,
  recording: { available: true, durationSeconds: 10800, gaps: [] },
  tracks: [
    {
      ...olderTrack,
      offsetSeconds: Math.round((Date.parse(olderTrack.from) - Date.parse(broadcast.from)) / 1000),
    },
    { ...track, offsetSeconds: Math.round((Date.parse(track.from) - Date.parse(broadcast.from)) / 1000) },
  ],
};

const lastHour: BroadcastHour = {
  from: '2026-11-21T07:00:00Z',
  until: '2026-11-21T08:00:00Z',
  label: 'Zaterdag 21 november 2026 08 - 09 uur',
  url: `${broadcastPath}/08-uur`,
};
// The hour 08 - 09 uur, with the tracks that started in it.
export const broadcastHourData: BroadcastHourData = {
  broadcast,
  hour: lastHour,
  hours: broadcastHours,
  recording: { available: true, durationSeconds: 3600, gaps: [] },
  tracks: broadcastData.tracks
    .filter((t) => t.from >= lastHour.from && t.from < lastHour.until)
    .map((t) => ({
      ...t,
      offsetSeconds: Math.round((Date.parse(t.from) - Date.parse(lastHour.from)) / 1000),
    })),
};

// Zomeravond's page: played in the hour 08 - 09 uur of De Ochtendploeg (recorded), and the night
// before on Soul & Jazz, outside any broadcast.
export const trackPageData: TrackPageData = {
  track: {
    id: track.songId,
    slug: track.songSlug,
    url: track.url,
    title: track.title,
    artist: track.artist,
    composer: null,
    completeWork: null,
    ensemble: null,
    coverUrl: track.coverUrl,
  },
  playCount: 7,
  plays: [
    {
      id: track.id,
      from: track.from,
      until: track.until,
      chartPosition: null,
      channel: { slug: 'radio2', name: 'Ether Radio 2' },
      playedTracksUrl: '/gedraaid',
      broadcast,
      hour: lastHour,
      hours: broadcastHours,
      offsetSeconds: 240,
      recording: { available: true, durationSeconds: 3600, gaps: [] },
    },
    {
      id: 8000,
      from: '2026-11-20T22:10:00Z',
      until: '2026-11-20T22:14:00Z',
      chartPosition: null,
      channel: { slug: 'soulenjazz', name: 'Soul & Jazz' },
      playedTracksUrl: '/gedraaid/20-11-2026?channel=soulenjazz',
      broadcast: null,
      hour: null,
      hours: [],
      offsetSeconds: 0,
      recording: { available: false, durationSeconds: null, gaps: [] },
    },
  ],
};

export const podcastsData: PodcastsData = { feeds: [podcastFeed] };
export const podcastData: PodcastData = { feed: podcastFeed, episodes: [episode] };
export const podcastEpisodeData: PodcastEpisodeData = {
  feed: podcastFeed,
  episode,
  episodes: [episode],
};

export const contentPageData: ContentPageData = {
  slug: 'zomer',
  title: 'Zomer op Ether',
  description: 'Alles over de zomer.',
  blocks: [
    {
      type: 'hero',
      title: 'De zomer',
      text: 'Muziek voor lange dagen.',
      imageUrl: '/media/images/pages/zomer.webp',
      url: '/programmas',
    },
    { type: 'text', title: 'Over deze zomer', text: 'Elke dag iets nieuws.' },
    {
      type: 'tiles',
      title: 'Ontdek',
      items: [
        {
          title: 'Gids',
          text: 'Wat is er op de radio',
          url: '/gids',
          imageUrl: '/media/images/pages/gids.webp',
        },
      ],
    },
    { type: 'fragments', title: 'Fragmenten', items: [fragment] },
    { type: 'articles', title: 'Nieuws', items: [articleCard] },
    { type: 'podcasts', title: 'Podcasts', items: [podcastFeed] },
    {
      type: 'radio',
      title: 'Luister ook',
      channel: { slug: 'radio2', name: 'Ether Radio 2' },
      items: [
        {
          label: '1',
          title: 'Top 40',
          slug: 'top-40',
          url: 'https://example.org/top40',
          urlType: 'external',
          hasNoLink: false,
        },
        { label: '2', title: 'Gids', slug: 'gids', url: '/gids', urlType: 'internal', hasNoLink: false },
        {
          label: '3',
          title: 'Binnenkort',
          slug: 'binnenkort',
          url: '',
          urlType: 'internal',
          hasNoLink: true,
        },
      ],
    },
  ],
};

export const searchData: SearchData = {
  term: 'golven',
  groups: [
    {
      type: 'track',
      label: 'Muziek',
      total: 1,
      page: 1,
      pageCount: 1,
      hits: [
        {
          type: 'track',
          title: 'Zomeravond',
          text: 'De Golven',
          url: '/gedraaid',
          imageUrl: '/media/images/covers/zomeravond.webp',
        },
      ],
    },
    {
      type: 'fragment',
      label: 'Fragmenten',
      total: 1,
      page: 1,
      pageCount: 1,
      hits: [
        {
          type: 'fragment',
          title: fragment.title,
          text: fragment.description,
          url: '/fragmenten/de-ochtendploeg/301/2026-11-20-live-in-de-studio',
          imageUrl: fragment.imageUrl,
        },
      ],
    },
  ],
};

export const videosData: VideosData = { videos: [video] };

/** An envelope per route kind, keyed by a representative path. */
export const envelopesByPath: Record<string, PageEnvelope> = {
  '/': homeEnvelope,
  '/sitemap': envelope('sitemap', '/sitemap', 'Sitemap', sitemapData),
  '/live': envelope('live', '/live', 'Kijk live', liveData),
  '/gedraaid': envelope('gedraaid', '/gedraaid', 'Gedraaid', playedTracksData),
  '/gids': envelope('gids', '/gids', 'Gids', guideData),
  '/programmas': envelope('programmas', '/programmas', "Programma's", programmesData),
  '/programmas/de-ochtendploeg': envelope(
    'programma',
    '/programmas/de-ochtendploeg',
    'De Ochtendploeg',
    programmeData,
  ),
  '/programmas/de-ochtendploeg/fragmenten': envelope(
    'programma-fragmenten',
    '/programmas/de-ochtendploeg/fragmenten',
    'Fragmenten van De Ochtendploeg',
    programmeFragmentsData,
  ),
  '/programmas/de-ochtendploeg/nieuws': envelope(
    'programma-nieuws',
    '/programmas/de-ochtendploeg/nieuws',
    'Nieuws van De Ochtendploeg',
    programmeNewsData,
  ),
  '/presentatoren': envelope('presentatoren', '/presentatoren', 'Presentatoren', presentersData),
  '/presentatoren/anna-de-wit': envelope(
    'presentator',
    '/presentatoren/anna-de-wit',
    'Anna de Wit',
    presenterData,
  ),
  '/nieuws': envelope('nieuws', '/nieuws', 'Nieuws', newsData),
  '/nieuws/sport/1201/oranje-wint-in-de-slotminuut': envelope(
    'artikel',
    '/nieuws/sport/1201/oranje-wint-in-de-slotminuut',
    article.title,
    articleData,
  ),
  '/fragmenten': envelope('fragmenten', '/fragmenten', 'Fragmenten', fragmentsData),
  '/fragmenten/de-ochtendploeg/301/2026-11-20-live-in-de-studio': envelope(
    'fragment',
    '/fragmenten/de-ochtendploeg/301/2026-11-20-live-in-de-studio',
    fragment.title,
    fragmentData,
  ),
  '/uitzendingen': envelope('uitzendingen', '/uitzendingen', 'Uitzendingen', broadcastsData),
  '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg': envelope(
    'uitzending',
    '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg',
    'De Ochtendploeg',
    broadcastData,
  ),
  '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/08-uur': envelope(
    'uitzendinguur',
    '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/08-uur',
    'De Ochtendploeg - Zaterdag 21 november 2026 08 - 09 uur',
    broadcastHourData,
  ),
  '/podcasts': envelope('podcasts', '/podcasts', 'Podcasts', podcastsData),
  '/podcasts/sportpraat': envelope('podcast', '/podcasts/sportpraat', 'Sportpraat', podcastData),
  '/podcasts/sportpraat/77/de-finale': envelope(
    'podcast-aflevering',
    '/podcasts/sportpraat/77/de-finale',
    'De finale',
    podcastEpisodeData,
  ),
  '/thema/zomer': envelope('thema', '/thema/zomer', 'Zomer op Ether', contentPageData),
  '/app/thema/zomer': envelope('thema', '/app/thema/zomer', 'Zomer op Ether', contentPageData),
  '/overzicht/zomer': envelope('overzicht', '/overzicht/zomer', 'Zomer op Ether', contentPageData),
  '/zoeken/golven': envelope('zoeken', '/zoeken/golven', 'Zoeken naar golven', searchData),
  '/videos': envelope('videos', '/videos', "Video's", videosData),
  '/nummers/12/zomeravond': envelope(
    'nummer',
    '/nummers/12/zomeravond',
    'Zomeravond van De Golven',
    trackPageData,
  ),
};

/** The fixture envelope of a path; throws when there is none. */
export function fixturePage(path: string): PageEnvelope {
  const envelope = envelopesByPath[path];
  if (!envelope) throw new Error(`No fixture for ${path}`);
  return envelope;
}

/**
 * Radio 2's live-rewind window (GET /api/player/radio2/timeshift) at the fixtures' time: from 08:02
 * Amsterdam to the edge at 10:00, recorded throughout. The track at 08:04 is in it, the one at 08:00 is not.
 */
export const timeshiftAnswer = {
  channel: 'radio2',
  fromMs: Date.parse('2026-11-21T07:02:00Z'),
  untilMs: Date.parse('2026-11-21T09:00:00Z'),
  hours: [
    {
      fromMs: Date.parse('2026-11-21T07:02:00Z'),
      untilMs: Date.parse('2026-11-21T08:00:00Z'),
      url: '/hls/radio2/t/hour/2026-11-21T07.m3u8',
    },
    {
      fromMs: Date.parse('2026-11-21T08:00:00Z'),
      untilMs: Date.parse('2026-11-21T09:00:00Z'),
      url: '/hls/radio2/t/hour/2026-11-21T08.m3u8',
    },
  ],
  programmes: [],
};
