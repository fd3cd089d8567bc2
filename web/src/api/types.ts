// The JSON shapes the Ether server sends. The C++ page loaders (server/src/pages) produce exactly
// these fields; instants are ISO 8601 UTC strings ("2026-11-21T10:00:00Z"), dates are Amsterdam
// calendar dates ("2026-11-21"), durations are whole seconds.

/** Every route kind of spec §2 that the server can answer. */
export type RouteKind =
  | 'home'
  | 'sitemap'
  | 'live'
  | 'gedraaid'
  | 'gids'
  | 'programmas'
  | 'programma'
  | 'programma-fragmenten'
  | 'programma-nieuws'
  | 'presentatoren'
  | 'presentator'
  | 'nieuws'
  | 'artikel'
  | 'fragmenten'
  | 'fragment'
  | 'uitzendingen'
  | 'uitzending'
  | 'uitzendinguur'
  | 'podcasts'
  | 'podcast'
  | 'podcast-aflevering'
  | 'thema'
  | 'overzicht'
  | 'zoeken'
  | 'videos'
  | 'nummer'
  | 'popout'
  | 'not-found';

/** What /api/page?path=... answers, and what the HTML shell embeds as #ether-page. */
export interface PageEnvelope<D = PageData> {
  status: number; // 200, or 404 for an unknown path, slug or id
  route: RouteKind;
  title: string; // the document title, Dutch, already suffixed with the site name
  description: string;
  canonical: string; // absolute URL
  params: Record<string, string>; // the route's effective path and query parameters, defaults filled in
  data: D;
}

/** Site configuration, embedded in the shell as #ether-site and served at /api/site. */
export interface SiteConfig {
  name: string; // "Ether"
  baseUrl: string; // "http://localhost:8080", no trailing slash
  siteCode: string;
  defaultChannel: string; // the parent channel slug, "radio2"
  channels: ChannelSummary[]; // every channel, parents first in picker order, children after their parent
  errorReporting?: ErrorReportingConfig | null; // null or absent: error reporting is off
  /** The path before /api/latestNews (spec §7, ETHER_STATIC_PREFIX): '' or e.g. '/static'. */
  staticPrefix?: string;
}

/** Error reporting of spec §9 (ETHER_SENTRY_DSN, ETHER_SENTRY_TRACES_SAMPLE_RATE). */
export interface ErrorReportingConfig {
  dsn: string;
  tracesSampleRate: number; // 0..1, default 0
  environment: 'production';
  release?: string;
}

export interface ChannelRef {
  slug: string;
  name: string;
}

export interface ChannelSummary extends ChannelRef {
  parentSlug: string | null;
  description: string;
  color: string; // accent colour, "#e4002b"
  logoUrl: string;
  hasProgramming: boolean;
  playerMode: 'music' | 'talk';
  classical: boolean;
  hasVisualRadio: boolean;
}

export interface BroadcasterRef {
  slug: string;
  name: string;
  logoUrl: string;
}

export interface PresenterRef {
  slug: string;
  name: string;
}

export interface PresenterCard extends PresenterRef {
  imageUrl: string;
  role: string; // "Presentator", "Dj", "Nieuwslezer"
}

export interface ProgrammeRef {
  slug: string;
  name: string;
}

export interface ProgrammeCard extends ProgrammeRef {
  channel: ChannelRef;
  summary: string; // one sentence
  imageUrl: string;
  presenters: PresenterRef[];
  schedule: string; // Dutch, e.g. "Maandag t/m vrijdag 06:00–09:00"
}

export interface Broadcast {
  id: number;
  slug: string;
  title: string;
  channel: ChannelRef;
  programme: ProgrammeRef | null;
  presenters: PresenterRef[];
  broadcasters: BroadcasterRef[];
  from: string; // instant
  until: string; // instant
  imageUrl: string;
  audioUrl: string | null; // a recording, when one exists
}

/** One track play; naming rules of spec §3 are applied by the client (features/tracks). */
export interface TrackPlay {
  id: number;
  from: string; // instant
  until: string; // instant
  title: string; // the song title
  artist: string;
  /** The name spec §3 gives the track (complete work or title, '#{position}:  ' before it), by the server. */
  name: string;
  /** The artist spec §3 shows: on a classical channel the composer where there is one, by the server. */
  displayArtist: string;
  songSlug: string;
  songId: number;
  coverUrl: string | null;
  chartPosition: number | null;
  composer: string | null; // classical data
  completeWork: string | null;
  ensemble: string | null;
  url: string; // the song's page, /nummers/{songId}/{songSlug} (spec §3 Track: the track route)
}

export interface NewsCategory {
  slug: string; // live, onderzoek, podcast, sport, verdieping
  name: string;
  color: string;
}

export interface ArticleCard {
  id: number;
  slug: string;
  category: NewsCategory;
  title: string;
  intro: string;
  imageUrl: string;
  publishedAt: string;
  liveUntil: string | null; // instant: the end of a live story's coverage while it runs; null otherwise
  tags: string[];
}

export type ContentBlock =
  | { type: 'paragraph'; text: string; html?: string } // html: inline markup sanitised by the server
  | { type: 'heading'; text: string }
  | { type: 'image'; url: string; alt: string; caption: string; credit: string } // credit: the photographer or source
  | { type: 'quote'; text: string; cite: string }
  | { type: 'list'; ordered: boolean; items: { text: string; html?: string }[] } // each item's html as a paragraph's
  | { type: 'fragment'; fragment: Fragment }
  | { type: 'video'; video: Video }
  | { type: 'social'; network: string; url: string; text: string };

export interface Article extends ArticleCard {
  author: string;
  programme: ProgrammeRef | null;
  blocks: ContentBlock[];
}

export interface Fragment {
  id: number;
  slug: string;
  title: string;
  description: string;
  programme: ProgrammeRef | null;
  publishedAt: string;
  durationSeconds: number;
  imageUrl: string;
  audioUrl: string;
  tags: string[];
}

export interface PodcastFeed {
  slug: string;
  title: string;
  description: string;
  author: string;
  imageUrl: string;
  episodeCount: number;
}

export interface PodcastEpisode {
  id: number;
  slug: string;
  feedSlug: string;
  title: string;
  description: string;
  publishedAt: string;
  durationSeconds: number;
  audioUrl: string;
  imageUrl: string;
}

export interface Video {
  id: number;
  slug: string;
  title: string;
  description: string;
  publishedAt: string;
  durationSeconds: number;
  videoUrl: string;
  posterUrl: string;
}

/** spec §3 Link/counter item. */
export interface LinkItem {
  label: string;
  title: string;
  slug: string;
  url: string;
  urlType: 'external' | 'internal';
  hasNoLink: boolean;
}

export type PageBlock =
  | { type: 'hero'; title: string; text: string; imageUrl: string; url: string | null }
  | { type: 'text'; title: string; text: string }
  | { type: 'tiles'; title: string; items: { title: string; text: string; url: string; imageUrl: string }[] }
  | { type: 'fragments'; title: string; items: Fragment[] }
  | { type: 'articles'; title: string; items: ArticleCard[] }
  | { type: 'podcasts'; title: string; items: PodcastFeed[] }
  | { type: 'radio'; title: string; channel: ChannelRef; items: LinkItem[] };

export interface Paging {
  page: number; // 1-based
  pageCount: number; // at least 1
  total: number;
}

/** The dates a list is kept for (played tracks: 14 days back; guide: 14 back, 7 ahead). */
export interface KeptWindow {
  first: string; // Amsterdam date, "2026-11-07"
  last: string;
  contains: boolean; // whether the page's date lies inside; outside, the list is empty
}

export interface OnAir {
  channel: ChannelSummary;
  broadcast: Broadcast | null;
  track: TrackPlay | null; // the track on air, if any
}

// ---- per-route data ----

export interface HomeData {
  onAir: OnAir; // the default channel
  channels: OnAir[]; // every channel of the family
  news: ArticleCard[];
  fragments: Fragment[];
  podcasts: PodcastFeed[];
  guide: Broadcast[]; // today's broadcasts on the default channel
}

export interface SitemapData {
  group: string | null;
  groups: { slug: string; title: string; links: { title: string; url: string }[] }[];
}

export interface LiveData {
  onAir: OnAir;
  streamUrl: string | null; // the live video (HLS) URL, null when the channel has no visual radio
  videoTokenUrl: string | null; // the play API of the live video (token-signed streamUrl), null without visual radio
}

export interface PlayedTracksData {
  channel: ChannelSummary;
  date: string; // Amsterdam date
  time: string; // hour-slot id, "0_24" or "{h}_{h+1}"
  window: KeptWindow;
  tracks: TrackPlay[]; // newest first
  /** The broadcast hours the page's tracks fall in whose recording is on disk, newest first. */
  recordedHours: RecordedBroadcastHour[];
  /** The spans of live rewind's window in the page's day or hour slot that a recorded hour holds. */
  rewindSpans: RecordedSpan[];
  paging: Paging;
}

/** A span [fromMs, untilMs) of live rewind's window that a recorded hour holds (ms since the epoch). */
export interface RecordedSpan {
  fromMs: number;
  untilMs: number;
}

/** A broadcast hour that was recorded: where a moment of it is heard again. */
export interface RecordedBroadcastHour {
  broadcast: Broadcast;
  hour: BroadcastHour;
  hours: (BroadcastHour & { ended: boolean })[]; // every hour of the broadcast, oldest first
  recording: BroadcastRecording; // of the hour
}

export interface GuideData {
  channel: ChannelSummary;
  date: string;
  days: string[]; // the Amsterdam dates a listener can pick, oldest first
  window: KeptWindow;
  broadcasts: Broadcast[];
}

export interface ProgrammesData {
  programmes: ProgrammeCard[];
}

export interface ProgrammeData {
  /** imageAlt: the editor's description of the image ('' for one stored without). */
  programme: ProgrammeCard & { description: string; broadcasters: BroadcasterRef[]; imageAlt?: string };
  presenters: PresenterCard[];
  fragments: Fragment[];
  news: ArticleCard[];
  broadcasts: Broadcast[]; // past broadcasts, newest first
  upcoming: Broadcast[];
}

export interface ProgrammeFragmentsData {
  programme: ProgrammeRef;
  date: string | null;
  tag: string | null;
  tags: string[];
  topTags: string[]; // the 12 tags most fragments carry, most used first
  fragments: Fragment[];
  paging: Paging;
  /** The days around `date` (no next day from today on), and the latest earlier day with fragments under the same filters (issue 51). */
  previousDate: string | null;
  nextDate: string | null;
  earlierDate: string | null;
}

export interface ProgrammeNewsData {
  programme: ProgrammeRef;
  category: string | null;
  categories: NewsCategory[];
  articles: ArticleCard[];
  paging: Paging;
}

export interface PresentersData {
  presenters: PresenterCard[];
}

export interface PresenterData {
  /** imageAlt: the editor's description of the portrait ('' for one stored without). */
  presenter: PresenterCard & { bio: string; imageAlt?: string };
  programmes: ProgrammeCard[];
  fragments: Fragment[];
}

export interface NewsData {
  category: NewsCategory | null;
  categories: NewsCategory[];
  tag: string | null;
  articles: ArticleCard[];
  paging: Paging;
}

export interface ArticleData {
  article: Article;
  related: ArticleCard[];
}

export interface FragmentsData {
  date: string | null;
  tag: string | null;
  program: string | null;
  tags: string[];
  topTags: string[]; // the 12 tags most fragments carry, most used first
  fragments: Fragment[];
  paging: Paging;
  /** The days around `date` (no next day from today on), and the latest earlier day with fragments under the same filters (issue 51). */
  previousDate: string | null;
  nextDate: string | null;
  earlierDate: string | null;
}

export interface FragmentData {
  fragment: Fragment;
  queue: Fragment[]; // the fragments that follow it
}

/** A clock hour of a broadcast: missed broadcasts are listed, paged and played per hour. */
export interface BroadcastHour {
  from: string; // instant; the broadcast's start in its first hour
  until: string; // instant; the broadcast's end in its last hour
  label: string; // spec §9's slot label: 'Zaterdag 21 november 2026 18 - 19 uur'
  url: string; // /uitzendingen/{programme}/{id}/{yyyy-MM-dd}-{slug}/{HH}-uur ({HH}-uur-2: the autumn's repeated hour)
}

/** An hour of a broadcast in the Gemist list: the broadcast with the hour. */
export interface RecordedHour extends Broadcast {
  hour: BroadcastHour;
}

export interface BroadcastsData {
  programme: string | null;
  programmes: ProgrammeRef[];
  broadcasts: RecordedHour[]; // ended hours that have a recording, newest first (one page)
  paging: Paging;
}

/**
 * A part of a recording that no hour file holds (a missing or broken hour): the recording plays
 * silence there, which the player skips.
 */
export interface RecordingGap {
  from: string; // the instant it begins
  until: string;
  offsetSeconds: number; // its place in the recording
  untilSeconds: number;
}

/** The server's recording of a broadcast (played through GET /api/play/broadcast/{id}). */
export interface BroadcastRecording {
  available: boolean;
  durationSeconds: number | null; // null when not available
  gaps: RecordingGap[]; // oldest first; empty when every hour was recorded
}

/** A track played during a broadcast, with its place in the recording. */
export interface BroadcastTrack extends TrackPlay {
  offsetSeconds: number; // from the broadcast's start
}

export interface BroadcastData {
  broadcast: Broadcast;
  hours: (BroadcastHour & { ended: boolean })[]; // every hour of the broadcast, oldest first
  recording: BroadcastRecording;
  tracks: BroadcastTrack[]; // played during the broadcast, oldest first
}

/** One hour of a broadcast (GET /api/play/broadcast/{id}/{unix seconds of the hour's start}). */
export interface BroadcastHourData {
  broadcast: Broadcast;
  hour: BroadcastHour;
  hours: (BroadcastHour & { ended: boolean })[]; // every hour of the broadcast, oldest first
  recording: BroadcastRecording; // of the hour
  tracks: BroadcastTrack[]; // starting in the hour, offsets from the hour's start
}

/** A song of /nummers/{songId}/{songSlug}. */
export interface TrackSong {
  id: number; // the song's id (spec §3 radioTracksItem.id)
  slug: string;
  url: string;
  title: string;
  artist: string;
  composer: string | null; // classical data
  completeWork: string | null;
  ensemble: string | null;
  coverUrl: string | null;
}

/** One play of a song: when, where, and the broadcast hour whose recording holds it. */
export interface TrackPagePlay {
  id: number;
  from: string; // instant
  until: string; // instant
  chartPosition: number | null;
  channel: ChannelRef;
  playedTracksUrl: string | null; // that day's Gedraaid list of the channel, null once it is no longer kept
  broadcast: Broadcast | null; // on air when the song started, if any
  hour: BroadcastHour | null; // the hour of the broadcast the song started in
  hours: (BroadcastHour & { ended: boolean })[]; // every hour of that broadcast, oldest first; empty without one
  offsetSeconds: number; // from the hour's start
  recording: BroadcastRecording; // of the hour
}

export interface TrackPageData {
  track: TrackSong;
  playCount: number; // every play so far
  plays: TrackPagePlay[]; // the newest ten, newest first
}

export interface PodcastsData {
  feeds: PodcastFeed[];
}

export interface PodcastData {
  feed: PodcastFeed;
  episodes: PodcastEpisode[]; // newest first
}

export interface PodcastEpisodeData {
  feed: PodcastFeed;
  episode: PodcastEpisode;
  episodes: PodcastEpisode[]; // the feed's published episodes, newest first (this one included)
}

export interface ContentPageData {
  slug: string;
  title: string;
  description: string;
  blocks: PageBlock[];
}

export interface SearchHit {
  type: 'programma' | 'presentator' | 'artikel' | 'fragment' | 'podcast' | 'aflevering' | 'track';
  title: string;
  text: string;
  url: string;
  imageUrl: string;
}

/** One group of /zoeken/{term}: its hits on `page` of `pageCount` (query `type` and `page` page one group). */
export interface SearchGroup extends Paging {
  type: SearchHit['type'];
  label: string;
  hits: SearchHit[];
}

export interface SearchData {
  term: string;
  groups: SearchGroup[];
}

/** One autocomplete suggestion of GET /api/search/{term}. */
export interface SearchSuggestion {
  type: SearchHit['type'];
  label: string;
  title: string;
  subtitle: string;
  url: string;
  imageUrl: string;
}

/** GET /api/search/{term}: at most 8 suggestions by type then rank; `total` counts every match. */
export interface SearchSuggestions {
  term: string;
  total: number;
  suggestions: SearchSuggestion[];
}

export interface VideosData {
  videos: Video[];
}

/** The pop-out player window of a channel (spec §2 'Open in venster'). */
export interface PopoutData {
  channel: ChannelSummary;
}

export interface NotFoundData {
  path: string;
  message?: string; // a preview refused with 403: why (expired or invalid link)
}

export type PageData =
  | HomeData
  | SitemapData
  | LiveData
  | PlayedTracksData
  | GuideData
  | ProgrammesData
  | ProgrammeData
  | ProgrammeFragmentsData
  | ProgrammeNewsData
  | PresentersData
  | PresenterData
  | NewsData
  | ArticleData
  | FragmentsData
  | FragmentData
  | BroadcastsData
  | BroadcastData
  | BroadcastHourData
  | PodcastsData
  | PodcastData
  | PodcastEpisodeData
  | ContentPageData
  | SearchData
  | VideosData
  | TrackPageData
  | PopoutData
  | NotFoundData;

/** The API error envelope, for every non-2xx JSON answer. */
export interface ApiError {
  error: { code: string; message: string };
}
