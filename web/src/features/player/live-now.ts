// What a now-playing view shows (the live page beside the video, the home page's on-air box): the
// show on air (name, presenters, time) and the song, first from the page data, then from the live
// info as it changes. Pure.

import type { OnAir } from '../../api/types';
import { formatTimeRange } from '../../lib/format-date';
import { displayTrack, type TrackDisplay } from '../../lib/track-display';
import type { LiveState } from './live-state';

export interface LiveNow {
  show: { name: string; presenters: string | null; time: string; url: string | null } | null;
  track: TrackDisplay | null;
}

/** From the page data (the server's view when the page was made). */
export function liveNowFromOnAir(onAir: OnAir): LiveNow {
  const { broadcast, track } = onAir;
  const shown = track ? displayTrack(track) : null;
  return {
    show: broadcast
      ? {
          name: broadcast.title,
          presenters: broadcast.presenters.length
            ? broadcast.presenters.map((p) => p.name).join(' & ')
            : null,
          time: formatTimeRange(broadcast.from, broadcast.until),
          url: broadcast.programme ? `/programmas/${broadcast.programme.slug}` : null,
        }
      : null,
    track: shown,
  };
}

/** From the live info (spec §3 live state). */
export function liveNowFromLiveState(live: LiveState): LiveNow {
  const { show, track } = live;
  return {
    show: show
      ? {
          name: show.name,
          presenters: show.presenters ?? null,
          time: show.fromToTime,
          url: show.url,
        }
      : null,
    track: track
      ? {
          id: track.id ?? 0,
          name: track.name,
          artist: track.artist,
          imageUrl: track.imageUrl,
          time: track.time,
          ensemble: track.ensemble ?? null,
          url: track.url,
        }
      : null,
  };
}
