// The player's calls of spec §7: the mini-player info, the channel's token URL, the play API behind
// a token URL and the latest news bulletin. Failures are the HttpError and NetworkError of §8.

import { fetchJson } from '../../lib/http';
import { bulletinLabel } from './bulletin-label';
import { isMiniplayerInfo, type MiniplayerInfo } from './miniplayer-info';
import type { Playable, PlayerConfig } from './player-state';

/** spec §3 Play API response; `streamUrl` and `format` are Ether's additions. */
export interface PlayApiResponse {
  mid: string;
  playerToken: string;
  environmentDomain?: string;
  streamUrl?: string;
  format?: 'mp3' | 'hls';
}

// spec §7: a non-ok response raises an error carrying the status text.
function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return fetchJson<T>(url, signal ? { signal, cache: 'no-cache' } : { cache: 'no-cache' });
}

/** The info document of `channel`; with `atMs`, as it stood at that moment (live rewind). */
export async function fetchMiniplayerInfo(
  channel: string,
  signal?: AbortSignal,
  atMs?: number,
): Promise<MiniplayerInfo> {
  const at = atMs === undefined ? '' : `&at=${Math.floor(atMs / 1000)}`;
  const body = await getJson<unknown>(
    `/api/miniplayer/info?channel=${encodeURIComponent(channel)}${at}`,
    signal,
  );
  if (!isMiniplayerInfo(body)) throw new Error('De live data hebben een onbekende vorm');
  return body;
}

export async function fetchChannelTokenUrl(channel: string, signal?: AbortSignal): Promise<string> {
  const body = await getJson<{ tokenUrl: string }>(`/api/player/${encodeURIComponent(channel)}`, signal);
  return body.tokenUrl;
}

export function fetchPlayApi(tokenUrl: string, signal?: AbortSignal): Promise<PlayApiResponse> {
  return getJson<PlayApiResponse>(tokenUrl, signal);
}

/**
 * The latest news bulletin as a playable (spec §3), from /api/latestNews behind the configured
 * static path prefix (spec §7; the site's staticPrefix, '' when there is none).
 */
export async function fetchLatestNews(staticPrefix = '', signal?: AbortSignal): Promise<Playable> {
  const body = await getJson<{
    player: PlayerConfig;
    imageUrl?: string;
    name?: string;
    publishedAt?: string;
  }>(`${staticPrefix.replace(/\/+$/, '')}/api/latestNews`, signal);
  const playable: Playable = {
    id: 'latest_news_from_player',
    name: 'Laatste journaal',
    type: 'fragment',
    subtitle: body.publishedAt ? bulletinLabel(body.publishedAt) : 'Nieuws',
    isLatestNews: true,
    queue: [],
    player: body.player,
  };
  if (body.imageUrl) playable.imageUrl = body.imageUrl;
  return playable;
}

export function parameter(config: PlayerConfig, name: string): string | undefined {
  return config.parameters.find((p) => p.name === name)?.value;
}

/**
 * spec §4: whether the 'expires' query value (unix seconds) of the latest news' progressive URL is
 * still in the future. Instants are absolute, so comparing with the clock is comparing with
 * Amsterdam time.
 */
export function isProgressiveUrlValid(url: string | undefined, nowMs: number): boolean {
  if (!url) return false;
  const expires = Number(new URL(url, 'http://localhost').searchParams.get('expires'));
  return Number.isFinite(expires) && expires * 1000 > nowMs;
}

/** What the engine loads for one play API answer: the URL, and for a progressive file its prid. */
export interface StreamLocation {
  url: string;
  metadata?: { prid: string };
}

/**
 * spec §7 "Stream loading": the stream loads from `environmentDomain`, or from `defaultDomain` (the
 * page's own origin) when the answer has none. A 'progressive' parameter of the player config is
 * used instead of the player token, with the metadata prid = mid. Absolute URLs (a station's own
 * Icecast) stay as they are.
 */
export function streamLocationFor(
  play: PlayApiResponse,
  config?: PlayerConfig,
  defaultDomain: string = window.location.origin,
): StreamLocation {
  const domain = play.environmentDomain || defaultDomain;
  const progressive = config ? parameter(config, 'progressive') : undefined;
  if (progressive) return { url: new URL(progressive, domain).href, metadata: { prid: play.mid } };
  if (play.streamUrl) return { url: new URL(play.streamUrl, domain).href };
  const path = `/live/${encodeURIComponent(play.mid)}.mp3?token=${encodeURIComponent(play.playerToken)}`;
  return { url: new URL(path, domain).href };
}
