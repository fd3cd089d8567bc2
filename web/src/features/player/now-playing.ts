// What the mini player's text shows (spec §2, §4 "Now-playing display"): in live mode it alternates
// between the show and the song, each for a time that grows with its text; on demand it shows the
// playable. Pure, so the alternation is testable without timers.

import { rotationDurationMs, type ShowBroadcaster } from './live-state';
import type { PlayerState } from './player-state';

export interface NowPlayingItem {
  kind: 'show' | 'song' | 'playable' | 'channel';
  title: string;
  subtitle: string;
  /** The show's broadcasters, shown as icons after the subtitle (spec §2). */
  broadcasters: ShowBroadcaster[];
  durationMs: number;
}

/** The items the display cycles through, in order; a single item does not alternate. */
export function nowPlayingItems(state: PlayerState): NowPlayingItem[] {
  const classical = state.isLiveUsingClassicalData;
  if (!state.isLiveMode && state.playable) {
    const { name, subtitle = '' } = state.playable;
    return [{ kind: 'playable', title: name, subtitle, broadcasters: [], durationMs: 0 }];
  }
  const items: NowPlayingItem[] = [];
  const show = state.show;
  // §9's fallback judges the live data, not each item: the song item never has broadcasters of
  // its own, yet on a classical channel whose show has broadcasters it gets 8000 ms too.
  const timing = { classical, hasBroadcasters: (show?.broadcasters.length ?? 0) > 0 };
  if (show) {
    const subtitle = state.isRadioshowTimeVisibleForLiveRadio
      ? show.fromToTime
      : (show.presenters ?? show.fromToTime);
    const broadcasters = show.broadcasters;
    items.push({
      kind: 'show',
      title: show.name,
      subtitle,
      broadcasters,
      durationMs: rotationDurationMs(`${show.name} ${subtitle}`, timing),
    });
  }
  const track = state.track;
  if (track && !state.isSongHiddenForLiveRadio) {
    const subtitle = track.ensemble ? `${track.artist} · ${track.ensemble}` : track.artist;
    items.push({
      kind: 'song',
      title: track.name,
      subtitle,
      broadcasters: [],
      durationMs: rotationDurationMs(`${track.name} ${subtitle}`, timing),
    });
  }
  if (items.length === 0 && state.channel?.name) {
    items.push({
      kind: 'channel',
      title: state.channel.name,
      subtitle: 'Live',
      broadcasters: [],
      durationMs: 0,
    });
  }
  return items;
}

/**
 * What the polite live region says about what plays: nothing until the listener has started
 * playback (`started`), then the song (or the show, or the on-demand item), and again whenever
 * that changes. Empty at first, so that the first sentence is an announced change.
 */
export function playingAnnouncement(state: PlayerState, started: boolean): string {
  if (!started) return '';
  if (!state.isLiveMode) return state.playable ? `Nu te horen: ${state.playable.name}` : '';
  const channel = state.channel?.name;
  if (state.track && !state.isSongHiddenForLiveRadio) {
    return `Nu te horen: ${state.track.name} van ${state.track.artist}`;
  }
  if (state.show) return `Nu te horen: ${state.show.name}${channel ? ` op ${channel}` : ''}`;
  return channel ? `Nu te horen: ${channel}` : '';
}
