// Live rewind's one call: the window of a channel (GET /api/player/{channel}/timeshift).

import { fetchJson } from '../../lib/http';
import { parseRewindWindow, type RewindWindow } from './live-rewind';

/** Live rewind's window of `channel` (GET /api/player/{channel}/timeshift); null without one. */
export async function fetchRewindWindow(
  channel: string,
  now: number,
  signal?: AbortSignal,
): Promise<RewindWindow | null> {
  const body = await fetchJson<unknown>(`/api/player/${encodeURIComponent(channel)}/timeshift`, {
    cache: 'no-cache',
    ...(signal ? { signal } : {}),
  });
  return parseRewindWindow(body, window.location.origin, now);
}
