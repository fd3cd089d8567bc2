// Live rewind's moves (issue 49), loaded the first time a listener leaves the live edge: the
// channel's window, playing a moment of it from the hour playlist that holds it, the next hour when
// one ends, the programme from its start, and the show and song at the listening position. The
// provider keeps what must answer at once (where the listener is, whether they are behind live).

import type { AudioEngine } from './audio-engine';
import {
  clampToWindow,
  isAtLiveEdge,
  nextRewindSource,
  programmeAt,
  rewindSourceAt,
  type RewindSource,
  type RewindWindow,
} from './live-rewind';
import { fetchRewindWindow } from './live-rewind-api';
import { apiTimeToInstant, buildLiveState, tracksHeldTo } from './live-state';
import { fetchMiniplayerInfo } from './player-api';
import type { PlayerAction, PlayerState } from './player-state';

/** A window fetched this long ago is fetched again before a seek (its hours and programmes move). */
const WINDOW_FRESH_MS = 60_000;
/** Behind live, the show and song are looked up again at least this often (a song may start). */
const POSITION_INFO_MS = 30_000;

/** What the session needs of the provider. */
export interface RewindHost {
  engine(): AudioEngine | null;
  dispatch(action: PlayerAction): void;
  state(): PlayerState;
  /** The loaded channel. */
  channel(): string;
  /** Changes when the bar is hidden: a start under way then does not play. */
  hiddenCount(): number;
  title(): string;
  playLiveStream(): Promise<void>;
  reportQuietly(error: unknown): void;
}

/** Where a live listener is behind the edge, and the window they are in. */
export interface RewindPlace {
  window: RewindWindow | null;
  /** The instant last heard behind live (ms), kept while the engine holds no source. */
  instant: number | null;
  source: RewindSource | null;
}

export class RewindSession {
  private readonly host: RewindHost;

  constructor(
    host: RewindHost,
    private readonly place: RewindPlace,
  ) {
    this.host = host;
  }

  /** The loaded channel's window, fetched again once a minute old; null without one. */
  async window(): Promise<RewindWindow | null> {
    const cached = this.place.window;
    const now = Date.now();
    if (cached && cached.channel === this.host.channel() && now - cached.fetchedAt < WINDOW_FRESH_MS)
      return cached;
    try {
      this.place.window = await fetchRewindWindow(this.host.channel(), now);
    } catch (error) {
      // A channel that records nothing (yet) has no window: the player stays at the live edge.
      this.host.reportQuietly(error);
      this.place.window = null;
    }
    return this.place.window;
  }

  /**
   * Plays the loaded channel from `instant` out of the hour playlist that holds it; the live
   * stream itself when the instant is at the edge or the channel has no window.
   */
  async playAt(instant: number): Promise<void> {
    const { host, place } = this;
    const engine = host.engine();
    if (!engine) return;
    const hidden = host.hiddenCount();
    host.dispatch({ type: 'setLoadingPlayer', value: true });
    const window = await this.window();
    if (hidden !== host.hiddenCount() || !host.state().isLiveMode) {
      host.dispatch({ type: 'setLoadingPlayer', value: false });
      return;
    }
    const now = Date.now();
    const target = window ? clampToWindow(window, instant, now) : now;
    const source = window && !isAtLiveEdge(window, target, now) ? rewindSourceAt(window, target) : null;
    engine.unload();
    place.source = source;
    place.instant = source ? target : null;
    host.dispatch({ type: 'setPlayerState', state: { isBehindLive: source !== null } });
    if (!source) {
      await host.playLiveStream();
      return;
    }
    await engine.load(
      {
        url: source.url,
        title: host.title(),
        startInstant: source.fromMs + source.startAt * 1000,
        fromMs: source.fromMs,
      },
      true,
    );
  }

  /** An hour's playlist ended: the next hour from its first second (or live after the last). */
  async playNextHour(): Promise<void> {
    const { window, source } = this.place;
    const next = window && source ? nextRewindSource(window, source.fromMs) : null;
    await this.playAt(next ? next.fromMs : (source?.untilMs ?? Date.now()));
  }

  /**
   * The programme on air at `at` from its first second; false when the channel has no window (the
   * caller then plays the broadcast on demand).
   */
  async playProgrammeFrom(at: number): Promise<boolean> {
    const window = await this.window();
    if (!window) return false;
    const programme = programmeAt(window, Math.min(at, Date.now()));
    const show = this.host.state().show;
    const from = programme?.startsAtMs ?? (show ? apiTimeToInstant(show.from) : Number.NaN);
    if (Number.isFinite(from)) await this.playAt(from);
    return true;
  }

  /**
   * Keeps the show and the song shown those on air at the listening position of `channel`: the
   * info document of that moment, fetched again once the position passes the song's or the show's
   * end (or half a minute, for a song that starts meanwhile) and whenever the listener seeks.
   * Returns the function that stops it.
   */
  followPosition(channel: string, listening: () => number | null): () => void {
    const { host } = this;
    let fetchedFor = Number.NaN;
    let validUntil = Number.NaN;
    let inFlight = false;
    const controller = new AbortController();
    const look = async () => {
      const instant = listening();
      if (instant === null || inFlight || (instant >= fetchedFor && instant < validUntil)) return;
      // Until the document of the new place arrives, the songs already known are held to it: after
      // a seek back, the later song must not stay shown. Going forward nothing known is later, and
      // the song shown stays until the document names the next one, instead of a blank between.
      const state = host.state();
      if (state.isBehindLive && host.channel() === channel && state.tracks) {
        const held = tracksHeldTo(state.tracks, instant);
        if (held.tracks.length < state.tracks.length && held.track !== state.track) {
          host.dispatch({
            type: 'listenToLive',
            whileBehindLive: true,
            live: {
              show: state.show,
              ...held,
              upcomingShow: state.upcomingShow,
              isVisualRadioAvailable: state.isVisualRadioAvailable,
            },
          });
        }
      }
      inFlight = true;
      try {
        const info = await fetchMiniplayerInfo(channel, controller.signal, instant);
        const live = buildLiveState(info, channel, instant);
        fetchedFor = instant;
        const ends = [live.track?.until, live.show?.until].map((t) => (t ? apiTimeToInstant(t) : Number.NaN));
        validUntil = Math.min(
          instant + POSITION_INFO_MS,
          ...ends.filter((t) => Number.isFinite(t) && t > instant),
        );
        if (host.state().isBehindLive && host.channel() === channel)
          host.dispatch({ type: 'listenToLive', live, whileBehindLive: true });
      } catch (error) {
        host.reportQuietly(error);
      } finally {
        inFlight = false;
      }
    };
    void look();
    // A quarter second: a seek is seen about as soon as the bar shows its new place; between
    // fetches a look only compares two numbers.
    const timer = setInterval(() => void look(), 250);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }
}
