// Builds the live state of spec §3 (channel, show, track, tracks, upcoming show, visual radio)
// from the mini-player info response. Pure: the clock is a parameter.

import { routes } from '../../lib/routes';
import { spansWholeDay, WHOLE_DAY } from '../../lib/format-date';
import type {
  InfoBroadcast,
  InfoChannel,
  InfoTrackPlay,
  MiniplayerInfo,
  PhotoAsset,
} from './miniplayer-info';

export const UNKNOWN_PROGRAMME_IMAGE = '/images/unknown_programme.webp';
export const UNKNOWN_TRACK_IMAGE = '/images/unknown_track.webp';
/** A track counts as current until its until time plus this (spec §9). */
export const TRACK_GRACE_MS = 60_000;

/** A broadcaster of a show: shown as its logo icon, or its name when it has no logo (spec §2). */
export interface ShowBroadcaster {
  name: string;
  slug: string;
  logoUrl?: string;
}

export interface Show {
  broadcasters: ShowBroadcaster[];
  from: string;
  until: string;
  fromToTime: string;
  imageUrls: PhotoAsset;
  name: string;
  presenters?: string;
  presentersRaw: { slug: string; name: string }[];
  slug: string;
  url: string | null;
  /** The radio broadcast's id, which 'Terug naar het begin' plays from its start (Ether's addition). */
  broadcastId?: number;
}

export interface Track {
  chartEditionPositions: { position: number }[];
  coverUrl: string | null;
  imageUrl: string;
  from: string;
  until: string;
  time: string;
  id: number | null;
  isAvailable: boolean;
  slug: string | null;
  radioTracksItem: { id: number | null; slug: string | null };
  url: string;
  artist: string;
  isSong: true;
  name: string;
  ensemble?: string;
}

export interface LiveState {
  channel: { id: string; name: string };
  isVisualRadioAvailable: boolean;
  show?: Show;
  track?: Track;
  tracks: Track[];
  upcomingShow?: Show;
}

const placeholderImages: PhotoAsset = {
  url360: UNKNOWN_PROGRAMME_IMAGE,
  url600: UNKNOWN_PROGRAMME_IMAGE,
  url1200: UNKNOWN_PROGRAMME_IMAGE,
};

/** 'HH:mm' of an API time 'yyyy-MM-dd HH:mm:ss' (already Amsterdam wall-clock time). */
export function apiTimeToHourMinute(apiTime: string): string {
  const match = /^\d{4}-\d{2}-\d{2} (\d{2}):(\d{2})/.exec(apiTime);
  return match ? `${match[1]}:${match[2]}` : apiTime;
}

/**
 * A show's from–to time as the rest of the site writes it: '06:00–09:00', an en dash without
 * spaces; a slot that ends at midnight ends at '00:00'; one of 24 hours or more reads 'hele dag'.
 */
export function fromToTime(from: string, until: string): string {
  if (spansWholeDay(apiTimeToInstant(from), apiTimeToInstant(until))) return WHOLE_DAY;
  return `${apiTimeToHourMinute(from)}–${apiTimeToHourMinute(until)}`;
}

const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function amsterdamOffsetMs(instant: number): number {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant (ms) of an API time 'yyyy-MM-dd HH:mm:ss' in Europe/Amsterdam; NaN when malformed. */
export function apiTimeToInstant(apiTime: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(apiTime);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offset at the wall time read as UTC is off by at most the DST step; a second pass settles it.
  let instant = wall - amsterdamOffsetMs(wall);
  instant = wall - amsterdamOffsetMs(instant);
  return instant;
}

function firstPhotoAsset(assets: PhotoAsset[] | undefined): PhotoAsset | undefined {
  return assets && assets.length > 0 ? assets[0] : undefined;
}

export function buildShow(broadcast: InfoBroadcast, channel: InfoChannel | undefined): Show {
  const programme = broadcast.radioProgrammes;
  const presentersRaw = broadcast.radioPresenters;
  const uniqueNames = [...new Set(presentersRaw.map((p) => p.name))];
  const show: Show = {
    broadcasters: (broadcast.coreBroadcasters ?? []).map((b) => ({
      name: b.name,
      slug: b.alias,
      ...(b.logoUrl ? { logoUrl: b.logoUrl } : {}),
    })),
    from: broadcast.from,
    until: broadcast.until,
    fromToTime: fromToTime(broadcast.from, broadcast.until),
    imageUrls:
      firstPhotoAsset(broadcast.radioPhotoAssets) ??
      firstPhotoAsset(programme?.radioPhotoAssets) ??
      placeholderImages,
    name: broadcast.name,
    presentersRaw,
    slug: broadcast.slug,
    url: channel?.hasProgramming && programme?.slug ? `/programmas/${programme.slug}` : null,
  };
  if (programme && uniqueNames.length > 0) show.presenters = uniqueNames.join(' & ');
  if (typeof broadcast.id === 'number') show.broadcastId = broadcast.id;
  return show;
}

/** A track play as a Track (spec §3 naming rules), or undefined for a play without a song. */
export function buildTrack(play: InfoTrackPlay, classical: boolean): Track | undefined {
  if (!play.song) return undefined;
  const classicalData = play.classicalData;
  const position = play.cmsChartEditionPositions[0]?.position;
  let name = classicalData?.completeWork || play.radioTracks?.name || play.song;
  if (position !== undefined) name = `#${position}:  ${name}`;
  const artist = classical && classicalData?.composer ? classicalData.composer : play.artist;
  const id = play.radioTracks?.id ?? null;
  const slug = play.radioTracks?.slug ?? null;
  const track: Track = {
    chartEditionPositions: play.cmsChartEditionPositions,
    coverUrl: play.coverUrl,
    imageUrl: play.coverUrl || UNKNOWN_TRACK_IMAGE,
    from: play.from,
    until: play.until,
    time: apiTimeToHourMinute(play.from),
    id,
    isAvailable: play.isAvailable,
    slug,
    radioTracksItem: { id, slug },
    url: routes.nummer(id, slug),
    artist,
    isSong: true,
    name,
  };
  if (classical && classicalData?.ensemble) track.ensemble = classicalData.ensemble;
  return track;
}

/** Whether a track is still current at `now`: before its until plus one minute. */
export function isTrackCurrent(track: Track, now: number): boolean {
  const until = apiTimeToInstant(track.until);
  return Number.isFinite(until) && now < until + TRACK_GRACE_MS;
}

/** The live state for the channel `slug` of an info response; throws when the channel is missing. */
export function buildLiveState(info: MiniplayerInfo, slug: string, now: number): LiveState {
  const channel = info.data.coreChannels.data.find((c) => c.slug === slug) ?? info.data.coreChannels.data[0];
  if (!channel) throw new Error(`Geen zender '${slug}' in de live data`);
  const classical = channel.classical;
  const tracks = info.data.radioTrackPlays.data
    .map((play) => buildTrack(play, classical))
    .filter((t): t is Track => t !== undefined);
  const first = tracks[0];
  const broadcast = info.data.radioBroadcasts.data[0];
  const upcoming = info.data.upcomingBroadcasts.data[0];
  const state: LiveState = {
    channel: { id: channel.slug, name: channel.name },
    isVisualRadioAvailable: Boolean(channel.liveVideo?.tokenUrl),
    tracks,
  };
  if (broadcast) state.show = buildShow(broadcast, channel);
  if (first && isTrackCurrent(first, now)) state.track = first;
  if (upcoming) state.upcomingShow = buildShow(upcoming, channel);
  return state;
}

/** How long one show-or-song cycle of the now-playing display lasts (spec §4, §9). */
export function rotationDurationMs(
  text: string,
  options: { classical: boolean; hasBroadcasters: boolean },
): number {
  const fallback = options.classical && !options.hasBroadcasters ? 6000 : 8000;
  const length = text.trim().length;
  if (length === 0) return fallback;
  // Long text scrolls: give a reader about 80 ms per character, never less than the fallback.
  return Math.min(20_000, Math.max(fallback, 3000 + 80 * length));
}

/**
 * The songs known of a channel held to `heard` (ms): none that starts after that moment, and as the
 * song running then the newest of the rest while it is current and not over.
 */
export function tracksHeldTo(tracks: readonly Track[], heard: number): { track?: Track; tracks: Track[] } {
  const held = tracks.filter((t) => !(apiTimeToInstant(t.from) > heard));
  const first = held[0];
  return first && isTrackCurrent(first, heard) && heard < apiTimeToInstant(first.until)
    ? { track: first, tracks: held }
    : { tracks: held };
}

/**
 * The live state as the listener hears it at `heard` (ms): a song that started after that moment
 * is not shown yet (the browser's buffer keeps the listener a little behind the stream's edge), the
 * song before it is while it runs. `showNewAfterMs`: how long until the held-back song is heard.
 */
export function liveStateAsHeard(
  live: LiveState,
  heard: number,
): { live: LiveState; showNewAfterMs: number | null } {
  const fromOf = (track: Track) => apiTimeToInstant(track.from);
  const upcoming = live.tracks.filter((t) => fromOf(t) > heard);
  if (upcoming.length === 0) return { live, showNewAfterMs: null };
  const { track, tracks } = tracksHeldTo(live.tracks, heard);
  const held: LiveState = { ...live, tracks };
  delete held.track;
  if (track) held.track = track;
  const next = Math.min(...upcoming.map(fromOf));
  return { live: held, showNewAfterMs: Math.max(0, next - heard) };
}
