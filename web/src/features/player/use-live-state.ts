// The live data of a channel for any now-playing view, from the player's one live feed: the same
// documents, at the same moments, as the mini player (SSE and the 20 s poll of spec §4).

import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { OnAir } from '../../api/types';
import type { LiveFeed } from './live-feed';
import { liveNowFromLiveState, liveNowFromOnAir, type LiveNow } from './live-now';
import { buildLiveState, type LiveState } from './live-state';
import type { MiniplayerInfo } from './miniplayer-info';

/** The PlayerProvider's live feed. */
export const LiveFeedContext = createContext<LiveFeed | null>(null);

/**
 * The latest live state of `slug` (null until the first document, or outside a PlayerProvider).
 * `push`: also follow Server-Sent Events (for the one or two views that matter; a grid of channels
 * polls, so that it does not hold a connection per channel).
 */
export function useLiveState(slug: string, { push = true }: { push?: boolean } = {}): LiveState | null {
  const feed = useContext(LiveFeedContext);
  const [info, setInfo] = useState<MiniplayerInfo | null>(() => feed?.latest(slug) ?? null);
  useEffect(() => {
    if (!feed) return;
    setInfo(feed.latest(slug) ?? null);
    return feed.subscribe(slug, setInfo, { push });
  }, [feed, slug, push]);
  return useMemo(() => {
    if (!info) return null;
    try {
      return buildLiveState(info, slug, Date.now());
    } catch {
      return null; // a document without this channel: the view keeps what it has
    }
  }, [info, slug]);
}

/**
 * The id of the newest track play in the live data of `slug` (null before the first document, or
 * with none; none followed while `slug` is null): it changes when a new song is played, by the
 * feed's Server-Sent Events at once, else by its 20 s poll. A document without a change, such as a
 * poll's, leaves it as it is, so its user renders only for a new song.
 */
export function useNewestTrackPlayId(slug: string | null): number | null {
  const feed = useContext(LiveFeedContext);
  const [id, setId] = useState<number | null>(() => (slug ? newestPlayId(feed?.latest(slug)) : null));
  useEffect(() => {
    if (!feed || !slug) return;
    setId(newestPlayId(feed.latest(slug)));
    return feed.subscribe(slug, (info) => setId(newestPlayId(info)), { push: true });
  }, [feed, slug]);
  return slug ? id : null;
}

function newestPlayId(info: MiniplayerInfo | undefined): number | null {
  return info?.data.radioTrackPlays.data[0]?.id ?? null;
}

/**
 * What a channel's now-playing view shows: the page data's `onAir` until the live feed has a
 * document for the channel, then the feed's (with `live`, the state it came from).
 */
export function useLiveNow(
  onAir: OnAir,
  options: { push?: boolean } = {},
): { now: LiveNow; live: LiveState | null } {
  const live = useLiveState(onAir.channel.slug, options);
  const fromPage = useMemo(() => liveNowFromOnAir(onAir), [onAir]);
  const fromLive = useMemo(() => (live ? liveNowFromLiveState(live) : null), [live]);
  return { now: fromLive ?? fromPage, live };
}
