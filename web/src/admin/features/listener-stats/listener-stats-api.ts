// The admin's calls for the listener figures (server/src/admin/listeners_api.hpp and the reports beside it).
import { adminFetch } from '../../api/admin-client';

export interface ListenersNow {
  at: string;
  listeners: number;
  formats: Record<string, number>;
  channels: { slug: string; name: string; listeners: number; formats: Record<string, number> }[];
  peakToday: { listeners: number; at: string | null };
}

export interface Figures {
  starts: number;
  averageActive: number;
  aqh: number;
  cume: number;
  cumeIsDailySum: boolean;
  listeningHours: number;
  medianSessionSeconds: number;
}

export interface HistoryBucket {
  from: string;
  until: string;
  channels: Record<string, Figures>;
  total: Figures;
}

export interface ListenersHistory {
  by: BucketSize;
  from: string;
  until: string;
  minSessionSeconds: number;
  channels: { slug: string; name: string }[];
  buckets: HistoryBucket[];
}

export type BucketSize = 'hour' | 'day' | 'week' | 'month';

export interface HistoryQuery {
  by: BucketSize;
  from: string; // YYYY-MM-DD (UTC)
  until: string; // YYYY-MM-DD (UTC), included
  channel: string; // '' for every channel
}

/** The query string of a history request (also the CSV's). */
export function historyParams(query: HistoryQuery, format?: 'csv'): string {
  const params = new URLSearchParams({ by: query.by, from: query.from, until: query.until });
  if (query.channel) params.set('channel', query.channel);
  if (format) params.set('format', format);
  return params.toString();
}

/** A broadcast's audience (server: GET /api/admin/listeners/programmes/{id}). */
export interface BroadcastAudience {
  id: number;
  channel: string;
  title: string;
  startsAt: string;
  endsAt: string;
  onAir: boolean;
  /** The average number listening over the broadcast (up to now while it is on air). */
  average: number;
  peak: number;
  peakAt: string | null;
}

export interface ProgrammeAudience {
  programme: number;
  days: number;
  minSessionSeconds: number;
  /** Newest first. */
  broadcasts: BroadcastAudience[];
}

/** One song's month (server/src/listeners/song_audience.hpp). */
export interface SongAudience {
  id: number;
  artist: string;
  title: string;
  plays: number;
  minutesPlayed: number;
  /** Sessions that began while the song played, and as many as the hours' usual rate expects. */
  tuneIns: number;
  expectedTuneIns: number;
  /** Sessions that ended while the song played, and the expectation. */
  tuneOuts: number;
  expectedTuneOuts: number;
  /** tuneIns - tuneOuts, and the same of the expectations. */
  net: number;
  expectedNet: number;
  /** net - expectedNet: below zero the song lost more listeners than usual at those hours. */
  difference: number;
}

/** The audience per song of a channel's month (server: GET /api/admin/listeners/songs). */
export interface SongsReport {
  channel: string;
  month: string;
  from: string;
  until: string;
  minSessionSeconds: number;
  /** Per Amsterdam hour of the day: the month's minutes at that hour and its tune-ins and -outs. */
  curve: { hour: number; minutes: number; tuneIns: number; tuneOuts: number }[];
  /** The song that lost the most listeners first. */
  songs: SongAudience[];
}

/** A podcast's downloads by UTC day, counted as IAB 2.1 counts them (server: GET /api/admin/podcasts/{id}/downloads). */
export interface PodcastDownloads {
  feed: number;
  days: number;
  /** The first and the last day counted (YYYY-MM-DD, UTC). */
  from: string;
  until: string;
  total: number;
  /** Every episode of the podcast with its downloads over the days. */
  episodes: { id: number; title: string; slug: string; downloads: number }[];
  /** The days that had downloads, newest first, with each episode that had any. */
  byDay: { date: string; downloads: number; episodes: { id: number; downloads: number }[] }[];
}

function songsParams(channel: string, month: string, format?: 'csv'): string {
  const params = new URLSearchParams({ channel, month });
  if (format) params.set('format', format);
  return params.toString();
}

export const listenerStatsApi = {
  now: () => adminFetch<ListenersNow>('GET', '/api/admin/listeners/now'),
  history: (query: HistoryQuery) =>
    adminFetch<ListenersHistory>('GET', `/api/admin/listeners/history?${historyParams(query)}`),
  csvUrl: (query: HistoryQuery) => `/api/admin/listeners/history?${historyParams(query, 'csv')}`,
  /** The audience of each of a programme's broadcasts of the last four weeks. */
  programme: (id: string) =>
    adminFetch<ProgrammeAudience>('GET', `/api/admin/listeners/programmes/${encodeURIComponent(id)}`),
  /** The monthly royalty report of a channel (server/src/admin/royalty_report_api.hpp); month: YYYY-MM. */
  royaltyCsvUrl: (channel: string, month: string) =>
    `/api/admin/reports/royalty?${new URLSearchParams({ channel, month }).toString()}`,
  /** The audience per song of a channel's month (server/src/admin/song_audience_api.hpp); month: YYYY-MM. */
  songs: (channel: string, month: string) =>
    adminFetch<SongsReport>('GET', `/api/admin/listeners/songs?${songsParams(channel, month)}`),
  /** A podcast's downloads per day of the last four weeks. */
  podcastDownloads: (feedId: string) =>
    adminFetch<PodcastDownloads>('GET', `/api/admin/podcasts/${encodeURIComponent(feedId)}/downloads`),
  /** The same days as CSV: a line per day and episode (server/src/listeners/download_csv.hpp). */
  podcastDownloadsCsvUrl: (feedId: string) =>
    `/api/admin/podcasts/${encodeURIComponent(feedId)}/downloads?format=csv`,
  songsCsvUrl: (channel: string, month: string) =>
    `/api/admin/listeners/songs?${songsParams(channel, month, 'csv')}`,
};
