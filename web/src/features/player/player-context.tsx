// The persistent player: one reducer state, one audio engine and the commands of spec §4, provided
// to the whole app so that playback survives client-side navigation. What it provides, and the hooks
// that read it, are in use-player.ts.

import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';

import { AUTOPLAY_ATTRIBUTE, otherMediaPlaying } from '../../components/media';
import { reportSilently } from '../../lib/error-reporting';
import { isFetchError } from '../../lib/http';
import type { SiteConfig } from '../../api/types';
import { AudioEngine } from './audio-engine';
import { rememberChannel } from './remembered-channel';
import { createLiveFeed } from './live-feed';
import { buildLiveState, liveStateAsHeard } from './live-state';
import type { MiniplayerInfo } from './miniplayer-info';
import { joinPlaybackHandoff, type PlaybackHandoff } from './playback-handoff';
import { pastGap } from './seek-math';
import type { RewindPlace, RewindSession } from './live-rewind-session';
import { LiveFeedContext } from './use-live-state';
import { PlayerContext, type PlayerCommands } from './use-player';
import {
  fetchChannelTokenUrl,
  fetchLatestNews,
  fetchMiniplayerInfo,
  fetchPlayApi,
  isProgressiveUrlValid,
  parameter,
  streamLocationFor,
} from './player-api';
import {
  clampPosition,
  engineVolume,
  initialPlayerState,
  isPlayerBusy,
  playerReducer,
  LIVE_EDGE_MS,
  AUDIO_ELEMENT_ID,
  shouldStartPlayingOnLive,
  smartTagUserIdFromCookie,
  type Playable,
  type PlayerMode,
} from './player-state';

/** spec §9: live info is polled every 20 seconds. */
export const LIVE_POLL_MS = 20_000;

/**
 * How long a pop-out taking over waits for the window that plays to say what (it answers in a few
 * milliseconds; the wait overlaps the channel's own fetches).
 */
export const TAKE_OVER_ASK_MS = 400;

function modeOf(site: SiteConfig, slug: string): PlayerMode {
  return site.channels.find((c) => c.slug === slug)?.playerMode ?? 'music';
}

function reportQuietly(error: unknown) {
  // Info errors are logged unless they are network or HTTP errors (spec §8).
  if (!isFetchError(error)) console.error(error);
}

/**
 * `initialChannel`: what the player loads first (the site's default channel, or a pop-out's).
 * `autoplay`: whether that first load plays (spec §4 "Loading a channel", step 3), where the browser
 * allows it; false where the player starts hidden (spec §2 special path rules), which must not play.
 * It yields to other media playing on the page or in another window of the site, except with
 * 'take-over': the pop-out, which the listener opened to play there instead.
 */
export function PlayerProvider({
  site,
  initialChannel = site.defaultChannel,
  autoplay = true,
  children,
}: {
  site: SiteConfig;
  initialChannel?: string;
  autoplay?: boolean | 'take-over';
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(playerReducer, modeOf(site, initialChannel), initialPlayerState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const engineRef = useRef<AudioEngine | null>(null);
  const handoffRef = useRef<PlaybackHandoff | null>(null);
  const infoRef = useRef<MiniplayerInfo | null>(null);
  /** The active channel whose live data onError reset away (spec §4), until they apply again. */
  const [resetChannel, setResetChannel] = useState<string | null>(null);
  /** The active channel: the one loaded last, whose live data the player shows. */
  const channelRef = useRef(initialChannel);
  /** Counts channel loads: only the latest one applies what it fetched. */
  const loadRef = useRef(0);
  /** Counts hidings of the bar: a start under way when it changes does not play (commands.hide). */
  const hiddenCountRef = useRef(0);
  const autoplayRef = useRef(autoplay);
  /** The timer that shows a song the listener has not heard yet once they do. */
  const heldBackRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * Live rewind: where behind live the listener is (kept in place, the session's too), the moment
   * to go on from after a stop at the edge (play then resumes there, issue 49), and the session,
   * whose code loads the first time it is needed.
   */
  const placeRef = useRef<RewindPlace>({ window: null, source: null, instant: null });
  const resumeAtRef = useRef<number | null>(null);
  const sessionRef = useRef<Promise<RewindSession> | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [feed] = useState(() =>
    createLiveFeed({
      fetchInfo: (slug) => fetchMiniplayerInfo(slug),
      pollMs: LIVE_POLL_MS,
      onError: reportQuietly,
    }),
  );

  /**
   * Applies the live data of `slug`; false when they could not be built (onError reset the state).
   * The data of a channel the player has left meanwhile (a poll that was under way) are ignored, so
   * the state, its reading included, is always the active channel's. `fromLoad`: a channel load's
   * document, which enters live; any other one updates live only while live plays.
   */
  const applyInfo = useCallback(
    (info: MiniplayerInfo, slug: string, fromLoad = false): boolean => {
      if (slug !== channelRef.current) return true;
      infoRef.current = info;
      try {
        const live = buildLiveState(info, slug, Date.now());
        dispatch({
          type: 'setPlayerState',
          state: {
            isLiveUsingClassicalData: info.data.coreChannels.data[0]?.classical ?? false,
            isChannelPickerPresent: true,
            // An external playout's ad break (spec §6): the action buttons dim and cannot be clicked.
            isAdBreak: info.data.coreChannels.data[0]?.isAdBreak === true,
          },
        });
        // Behind live the show and song are those at the listening position (the effect below). At
        // the edge a new song shows when it is heard, not when the stream sent it (issue 49).
        // A channel load goes live; any other document (the feed, a song held back until it is
        // heard) only updates live: an item the listener chose meanwhile plays on, and live comes
        // back after it (spec §4 isLiveRequestedAfterPlayable).
        if ((fromLoad || stateRef.current.isLiveMode) && !stateRef.current.isBehindLive) {
          const engine = engineRef.current;
          const heard = engine?.currentSource?.live ? engine.listeningInstant() : null;
          const shown = heard === null ? { live, showNewAfterMs: null } : liveStateAsHeard(live, heard);
          dispatch({
            type: 'listenToLive',
            live: shown.live,
            ...(fromLoad ? {} : { whileBehindLive: false }),
          });
          clearTimeout(heldBackRef.current);
          if (shown.showNewAfterMs !== null) {
            heldBackRef.current = setTimeout(() => {
              if (infoRef.current === info) applyInfoRef.current(info, slug);
            }, shown.showNewAfterMs + 100);
          }
        }
        setResetChannel(null);
        return true;
      } catch (error) {
        dispatch({ type: 'onError', error, mode: modeOf(site, channelRef.current) });
        setResetChannel(slug);
        return false;
      }
    },
    [site],
  );
  const applyInfoRef = useRef(applyInfo);
  applyInfoRef.current = applyInfo;

  /**
   * Plays the live stream of the loaded channel, from its audio token (spec §7: the tokenUrl of
   * /api/player/{slug}, kept as playerAudioToken). A load passes the token it just fetched, which
   * the state holds only from the next render; after an onError reset, which clears it, the token
   * is fetched again. `yieldNow`, asked once the play API has answered, just before the stream
   * starts, stops an autoplay that something else got ahead of meanwhile.
   */
  const playLiveStream = useCallback(
    async (yieldNow?: () => boolean, loadedToken?: string) => {
      const engine = engineRef.current;
      if (!engine) return;
      const hiddenCount = hiddenCountRef.current;
      try {
        const tokenUrl =
          loadedToken ??
          stateRef.current.playerAudioToken ??
          (await fetchChannelTokenUrl(channelRef.current));
        dispatch({ type: 'setPlayerAudioToken', value: tokenUrl });
        const play = await fetchPlayApi(tokenUrl);
        if (yieldNow?.() || hiddenCount !== hiddenCountRef.current) return;
        await engine.load(
          { ...streamLocationFor(play), title: stateRef.current.channel?.name ?? site.name, live: true },
          true,
        );
      } catch (error) {
        // spec §8: a token that cannot be fetched is reported; nothing plays.
        reportSilently(error);
        dispatch({
          type: 'setPlayerApiError',
          error: error instanceof Error ? error.message : String(error),
        });
        dispatch({ type: 'setLoadingPlayer', value: false });
      }
    },
    [site.name],
  );

  /** Live rewind's session, its code loaded on first use. */
  const rewindSession = useCallback(() => {
    sessionRef.current ??= import('./live-rewind-session').then(
      ({ RewindSession }) =>
        new RewindSession(
          {
            engine: () => engineRef.current,
            dispatch,
            state: () => stateRef.current,
            channel: () => channelRef.current,
            hiddenCount: () => hiddenCountRef.current,
            title: () => stateRef.current.channel?.name ?? site.name,
            playLiveStream: () => playLiveStream(),
            reportQuietly,
          },
          placeRef.current,
        ),
    );
    return sessionRef.current;
  }, [playLiveStream, site.name]);

  /** Live rewind: plays the loaded channel from `instant` (live itself near the edge). */
  const playRewind = useCallback(
    async (instant: number) => {
      resumeAtRef.current = null;
      await (await rewindSession()).playAt(instant);
    },
    [rewindSession],
  );

  const playOnDemand = useCallback(async (playable: Playable, startAt?: number) => {
    const engine = engineRef.current;
    if (!engine) return;
    const hiddenCount = hiddenCountRef.current;
    try {
      // spec §7: the play API's answer goes to the engine together with player.parameters: the
      // progressive file (with prid = mid) where there is one, the answer's stream otherwise.
      const play = await fetchPlayApi(playable.player.tokenUrl);
      if (hiddenCount !== hiddenCountRef.current) return;
      const poster = parameter(playable.player, 'poster');
      await engine.load(
        {
          ...streamLocationFor(play, playable.player),
          title: playable.name,
          ...(poster ? { poster } : {}),
          ...(startAt !== undefined ? { startAt } : {}),
        },
        true,
      );
    } catch (error) {
      // spec §8: a token (play API) that cannot be fetched is reported; nothing plays.
      reportSilently(error);
      dispatch({ type: 'setPlayerApiError', error: error instanceof Error ? error.message : String(error) });
      // Whatever togglePlaying set, nothing loads any more: the commands must not stay ignored.
      dispatch({ type: 'setLoadingPlayer', value: false });
    }
  }, []);

  /**
   * spec §4 "Loading a channel": 1. set loading (and the channel's reading); 2. fetch the info and
   * the token URL in parallel; 3. play, with autoplay; 4. on failure, unavailable; 5. clear loading.
   * 'unless-other-media': the first load, which the listener did not ask for, does not start over a
   * video they started meanwhile (the radio playing would pause it).
   * 'take-over': the pop-out's first load, which plays what another window of the site plays: an
   * on-demand item goes on here from where it is (issue 39 #11), live is this channel's stream. The
   * other window stops once this one sounds (the hand-off's 'started'), so there is no gap.
   */
  const loadChannel = useCallback(
    async (slug: string, autoplay: boolean | 'unless-other-media' | 'take-over') => {
      const load = ++loadRef.current;
      const latest = () => load === loadRef.current;
      const hiddenCount = hiddenCountRef.current;
      channelRef.current = slug;
      // A channel load plays the live edge: nothing of a rewind carries over.
      Object.assign(placeRef.current, { window: null, source: null, instant: null });
      resumeAtRef.current = null;
      dispatch({ type: 'setPlayerState', state: { isBehindLive: false } });
      dispatch({ type: 'setLoadingPlayer', value: true });
      dispatch({ type: 'setReading', mode: modeOf(site, slug) });
      const handoff = handoffRef.current;
      const asking =
        autoplay === 'take-over' && handoff?.anotherWindowPlaying() === true
          ? handoff.askPlaying(TAKE_OVER_ASK_MS)
          : Promise.resolve(null);
      try {
        const [info, tokenUrl, playing] = await Promise.all([
          fetchMiniplayerInfo(slug),
          fetchChannelTokenUrl(slug),
          asking,
        ]);
        if (!latest()) return;
        dispatch({ type: 'setPlayerAudioToken', value: tokenUrl });
        applyInfo(info, slug, true);
        feed.publish(slug, info);
        if (playing?.kind === 'on-demand') {
          // Where the other window is by now: it plays on until this one sounds.
          const startAt = clampPosition(playing.position + (Date.now() - playing.at) / 1000);
          dispatch({ type: 'setPlayable', playable: playing.playable, startAt });
          dispatch({ type: 'setPlayerState', state: { isLiveRequestedAfterPlayable: playing.liveAfter } });
          await playOnDemand(playing.playable, startAt);
          return;
        }
        const audio = engineRef.current?.element;
        // Autoplay yields to a video playing on this page and to another window of the site that
        // plays (a link opened in a new tab must not stop the listener's radio or fragment there):
        // asked now and again just before the stream starts, as a video started while the play API
        // answered would otherwise be paused by the radio.
        // A bar hidden meanwhile (the listener went to /live or an /app/ page) stops the start.
        const yieldToOther = () =>
          hiddenCount !== hiddenCountRef.current ||
          (autoplay === 'unless-other-media' &&
            ((audio !== undefined && otherMediaPlaying(audio)) ||
              handoffRef.current?.anotherWindowPlaying() === true));
        if (autoplay && !yieldToOther()) {
          // The first load, which nobody asked for, is marked while it starts: a video the listener
          // starts meanwhile stops it, not the other way round (components/media.ts). A load the
          // listener asked for ('Verder luisteren', a channel) is theirs, and stops a video.
          const unasked = autoplay === 'unless-other-media';
          if (unasked) audio?.setAttribute(AUTOPLAY_ATTRIBUTE, '');
          try {
            await playLiveStream(yieldToOther, tokenUrl);
          } finally {
            if (unasked) audio?.removeAttribute(AUTOPLAY_ATTRIBUTE);
          }
        }
      } catch (error) {
        if (!latest()) return;
        reportQuietly(error);
        dispatch({ type: 'setPlayerUnavailable' });
      } finally {
        if (latest()) dispatch({ type: 'setLoadingPlayer', value: false });
      }
    },
    [applyInfo, playLiveStream, playOnDemand, feed, site],
  );

  // One engine for the app's lifetime, bound to the #audio-player-id element.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const engine = new AudioEngine(audio);
    engineRef.current = engine;
    // Only one audio at a time across windows: another window of the site starting stops this one;
    // an on-demand item is paused where it is, so that it resumes there.
    const handoff = joinPlaybackHandoff(
      () => {
        if (stateRef.current.isLiveMode) {
          engine.unload();
          dispatch({ type: 'stopPlaying' });
          dispatch({ type: 'setLoadingPlayer', value: false });
        } else {
          engine.pause();
        }
      },
      undefined,
      undefined,
      // What this window plays, for a pop-out that takes over.
      () => {
        const current = stateRef.current;
        if (audio.paused) return null;
        if (current.isLiveMode) return { kind: 'live', channel: channelRef.current };
        if (!current.playable) return null;
        return {
          kind: 'on-demand',
          playable: current.playable,
          position: engine.time().position,
          at: Date.now(),
          liveAfter: current.isLiveRequestedAfterPlayable,
        };
      },
    );
    handoffRef.current = handoff;
    const onPageHide = () => handoff.markPlaying(false);
    window.addEventListener('pagehide', onPageHide);
    const off = engine.on((event, detail) => {
      if (event === 'play') handoff.announceStarted();
      if (event === 'play' || event === 'timeupdate') handoff.markPlaying(!audio.paused);
      if (event === 'paused' || event === 'playbackfinished' || event === 'error') handoff.markPlaying(false);
      if (
        event === 'sourceloaded' ||
        event === 'play' ||
        event === 'paused' ||
        event === 'playbackfinished'
      ) {
        dispatch({ type: event });
      }
      if (event === 'error') {
        dispatch({ type: 'setLoadingPlayer', value: false });
        // A file or stream that does not play is the station's to hear of, named by its prid.
        const source = engine.currentSource;
        reportSilently(new Error(`Afspelen mislukt: ${detail ?? 'onbekende fout'}`), {
          url: source?.url,
          ...(source?.metadata ? { prid: source.metadata.prid } : {}),
        });
      }
      if (event === 'timeupdate' && !stateRef.current.isLiveMode) {
        // A missing hour of a missed broadcast plays as silence: the player goes on past it (the
        // broadcast's page says which hour is missing).
        const next = pastGap(stateRef.current.playable?.gaps, engine.time().position);
        if (next !== null) engine.seek(next);
      }
      if (event === 'timeupdate' && stateRef.current.isBehindLive) {
        placeRef.current.instant = engine.listeningInstant() ?? placeRef.current.instant;
      }
      if (event === 'playbackfinished' && stateRef.current.isLiveMode && stateRef.current.isBehindLive) {
        // An hour's playlist ended: the next hour goes on from its first second (live rewind).
        void rewindSession().then((session) => session.playNextHour());
      }
      if (event === 'playbackfinished') {
        // spec §4: when a queued fragment ends, the next item in the queue plays.
        const current = stateRef.current.playable;
        const next = current?.queue[0];
        if (current && next && !stateRef.current.isLiveMode) {
          const following = { ...next, queue: current.queue.slice(1) };
          dispatch({ type: 'setPlayable', playable: following, fromQueue: true });
          void playOnDemand(following);
        } else if (current && !stateRef.current.isLiveMode && shouldStartPlayingOnLive(stateRef.current)) {
          // The last item ended (the bulletin, a queue): a listener who was listening live hears
          // live again, as listenToLive with shouldStartPlaying does (issue 39: silence after the news).
          engine.unload();
          dispatch({ type: 'setPlayerState', state: { isLiveMode: true, playable: undefined } });
          void loadChannel(channelRef.current, true);
        }
      }
    });
    dispatch({
      type: 'setSmartTagUserId',
      value: smartTagUserIdFromCookie(document.cookie, (error) => reportSilently(error)),
    });
    void loadChannel(
      initialChannel,
      autoplayRef.current === 'take-over' ? 'take-over' : autoplayRef.current && 'unless-other-media',
    );
    return () => {
      off();
      clearTimeout(heldBackRef.current);
      window.removeEventListener('pagehide', onPageHide);
      handoff.close();
      handoffRef.current = null;
      engine.unload();
      engineRef.current = null;
    };
  }, [loadChannel, playOnDemand, rewindSession, initialChannel]);

  // The engine follows the state's volume (spec §4: volume × 100, mute is 0).
  useEffect(() => {
    engineRef.current?.setVolume(engineVolume(state.playerVolume, state.isPlayerMuted));
  }, [state.playerVolume, state.isPlayerMuted]);

  // spec §4: in live mode with an active channel the info is polled every 20 s; Server-Sent Events
  // bring changes sooner. Both come from the live feed, which every now-playing view shares. The
  // active channel is the one loaded last: an onError reset clears the state's channel, but the
  // stream plays on, so the poll goes on and its next document loads that channel's data again
  // (the bar, the channel dropdown and 'Gedraaid' come back).
  const liveChannel = state.isLiveMode ? state.channel?.id || resetChannel : null;
  useEffect(() => {
    if (!liveChannel) return;
    return feed.subscribe(
      liveChannel,
      (info) => {
        // The document a channel load just applied comes back through the feed: once is enough.
        if (info === infoRef.current || applyInfo(info, liveChannel)) return;
        // onError reset the state, which loads at first; no load follows here, and what the engine
        // does is still true.
        const playing = engineRef.current !== null && !engineRef.current.element.paused;
        dispatch(playing ? { type: 'play' } : { type: 'setLoadingPlayer', value: false });
      },
      { push: true },
    );
  }, [liveChannel, applyInfo, feed]);

  // The live channel is the listener's for the next load too (issue 51, trip 5: a reload went back
  // to the default channel).
  const chosenChannel = state.isLiveMode ? (state.channel?.id ?? null) : null;
  useEffect(() => {
    if (chosenChannel) rememberChannel(chosenChannel);
  }, [chosenChannel]);

  // Behind live, the show and the song are those on air at the listening position (issue 49).
  const behindChannel = state.isLiveMode && state.isBehindLive ? state.channel?.id || null : null;
  useEffect(() => {
    if (!behindChannel) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void rewindSession().then((session) => {
      if (cancelled) return;
      stop = session.followPosition(
        behindChannel,
        () => engineRef.current?.listeningInstant() ?? placeRef.current.instant,
      );
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [behindChannel, rewindSession]);

  const commands = useMemo<PlayerCommands>(() => {
    // spec §4: every command is ignored while the player is missing or loading.
    const ready = () => engineRef.current !== null && !isPlayerBusy(stateRef.current);
    const place = placeRef.current;
    /** Where the live listener is now, heard or remembered. */
    const listening = () =>
      engineRef.current?.listeningInstant() ??
      (stateRef.current.isBehindLive ? place.instant : resumeAtRef.current);
    const start = () => {
      const current = stateRef.current;
      const resumeAt = resumeAtRef.current;
      // Behind live, play goes on where it paused; after a stop at the edge, from where it stopped
      // (issue 49), unless that was a moment ago: then live.
      if (current.isLiveMode && current.isBehindLive && engineRef.current?.currentSource)
        void engineRef.current.play();
      else if (current.isLiveMode && current.isBehindLive && place.instant !== null)
        void playRewind(place.instant);
      else if (current.isLiveMode && resumeAt !== null && Date.now() - resumeAt > LIVE_EDGE_MS)
        void playRewind(resumeAt);
      else if (current.isLiveMode) void playLiveStream();
      else if (current.playable && engineRef.current?.currentSource) void engineRef.current.play();
      else if (current.playable) void playOnDemand(current.playable);
    };
    const stop = () => {
      // Live is stopped (the connection closes), remembering where it was heard; behind live and on
      // demand, playback pauses where it is.
      if (stateRef.current.isLiveMode && !stateRef.current.isBehindLive) {
        resumeAtRef.current = engineRef.current?.listeningInstant() ?? null;
        engineRef.current?.unload();
        dispatch({ type: 'stopPlaying' });
        dispatch({ type: 'setLoadingPlayer', value: false });
      } else {
        engineRef.current?.pause();
      }
    };
    return {
      togglePlaying() {
        if (!ready()) return;
        dispatch({ type: 'setLoadingPlayer', value: true });
        if (stateRef.current.isPlaying) stop();
        else start();
      },
      startPlaying() {
        if (ready()) start();
      },
      stopPlaying() {
        if (ready()) stop();
      },
      positionSeek(position: number) {
        if (!ready()) return;
        dispatch({ type: 'seek', position });
        engineRef.current?.seek(clampPosition(position));
      },
      seekTo(position: number) {
        const current = stateRef.current;
        if (!ready() || current.isLiveMode || !current.playable) return;
        dispatch({ type: 'seek', position });
        const engine = engineRef.current;
        if (engine?.currentSource) {
          engine.seek(clampPosition(position));
          void engine.play();
        } else {
          void playOnDemand(current.playable, clampPosition(position));
        }
      },
      setVolume(volume: number) {
        if (ready()) dispatch({ type: 'setVolume', volume });
      },
      toggleMute() {
        if (ready()) dispatch({ type: stateRef.current.isPlayerMuted ? 'unmutePlayer' : 'mutePlayer' });
      },
      changeChannel(slug: string) {
        // A channel of the live data's allChannels (spec §3) that the site config does not list yet.
        const channel =
          site.channels.find((c) => c.slug === slug) ??
          infoRef.current?.data.allChannels.data.find((c) => c.slug === slug);
        if (!channel || !ready()) return;
        engineRef.current?.unload();
        dispatch({ type: 'stopPlaying' });
        dispatch({ type: 'setRadioChannel', channel: { id: channel.slug, name: channel.name } });
        dispatch({ type: 'setPlayerState', state: { isLiveMode: true } });
        void loadChannel(slug, true);
      },
      listenLive() {
        if (!ready()) return;
        engineRef.current?.unload();
        dispatch({ type: 'unload' });
        dispatch({ type: 'setPlayerState', state: { isLiveMode: true, playable: undefined } });
        const parent =
          site.channels.find((c) => c.slug === channelRef.current)?.parentSlug ?? channelRef.current;
        void loadChannel(parent, true);
      },
      playPlayable(playable: Playable, startAt?: number) {
        if (!ready()) return;
        dispatch({ type: 'setPlayable', playable, ...(startAt !== undefined ? { startAt } : {}) });
        engineRef.current?.unload();
        void playOnDemand(playable, startAt === undefined ? undefined : clampPosition(startAt));
      },
      playLatestNews() {
        if (!ready()) return;
        void (async () => {
          const current = stateRef.current.playable;
          // spec §4: replay the bulletin while its URL is valid, otherwise fetch it anew.
          const reuse =
            current?.isLatestNews &&
            isProgressiveUrlValid(parameter(current.player, 'progressive'), Date.now());
          try {
            const playable = reuse && current ? current : await fetchLatestNews(site.staticPrefix);
            dispatch({ type: 'setPlayable', playable });
            await playOnDemand(playable);
          } catch (error) {
            // spec §8: a latest-news bulletin that cannot be fetched is reported; nothing plays.
            reportSilently(error);
            reportQuietly(error);
          }
        })();
      },
      seekLive(instant: number) {
        if (!ready() || !stateRef.current.isLiveMode) return;
        void playRewind(instant);
      },
      skipLive(seconds: number) {
        if (!ready() || !stateRef.current.isLiveMode) return;
        const from = listening();
        if (from === null || (seconds > 0 && !stateRef.current.isBehindLive)) return;
        void playRewind(from + seconds * 1000);
      },
      listenFrom(slug: string, instant: number) {
        if (!ready()) return;
        void (async () => {
          if (!stateRef.current.isLiveMode || slug !== channelRef.current) {
            const channel =
              site.channels.find((c) => c.slug === slug) ??
              infoRef.current?.data.allChannels.data.find((c) => c.slug === slug);
            if (!channel) return;
            engineRef.current?.unload();
            dispatch({ type: 'stopPlaying' });
            dispatch({ type: 'setRadioChannel', channel: { id: channel.slug, name: channel.name } });
            dispatch({ type: 'setPlayerState', state: { isLiveMode: true, playable: undefined } });
            await loadChannel(slug, false);
          }
          await playRewind(instant);
        })();
      },
      goLive() {
        if (!ready() || !stateRef.current.isLiveMode) return;
        resumeAtRef.current = null;
        Object.assign(place, { source: null, instant: null });
        engineRef.current?.unload();
        dispatch({ type: 'setPlayerState', state: { isBehindLive: false } });
        void playLiveStream();
      },
      restartProgramme(fallback?: Playable) {
        if (!ready() || !stateRef.current.isLiveMode) return;
        const at = listening() ?? Date.now();
        void (async () => {
          resumeAtRef.current = null;
          if ((await (await rewindSession()).playProgrammeFrom(at)) || !fallback) return;
          dispatch({ type: 'setPlayable', playable: fallback });
          engineRef.current?.unload();
          await playOnDemand(fallback);
        })();
      },
      livePosition() {
        return { instant: listening(), window: place.window };
      },
      async rewindWindow() {
        return (await rewindSession()).window();
      },
      setExpanded(expanded: boolean) {
        dispatch({ type: 'setPlayerState', state: { isPlayerExpanded: expanded } });
      },
      hide() {
        hiddenCountRef.current += 1;
        stop();
        // A start it cut short sends no engine event that would clear loading.
        dispatch({ type: 'setLoadingPlayer', value: false });
      },
      time() {
        return engineRef.current?.time() ?? { duration: 0, position: 0, progress: 0 };
      },
    };
  }, [
    loadChannel,
    playLiveStream,
    playOnDemand,
    playRewind,
    rewindSession,
    site.channels,
    site.staticPrefix,
  ]);

  // Media Session: lock screens and hardware keys show what plays and control it.
  const sessionTitle = state.isLiveMode
    ? (state.track?.name ?? state.show?.name ?? state.channel?.name ?? site.name)
    : (state.playable?.name ?? site.name);
  const sessionArtist = state.isLiveMode ? (state.track?.artist ?? state.show?.presenters ?? '') : '';
  const sessionAlbum = state.channel?.name ?? site.name;
  const sessionImage = state.activeImageUrl;
  useEffect(() => {
    if (
      typeof navigator === 'undefined' ||
      !('mediaSession' in navigator) ||
      typeof MediaMetadata === 'undefined'
    ) {
      return;
    }
    navigator.mediaSession.metadata = new MediaMetadata({
      title: sessionTitle,
      artist: sessionArtist,
      album: sessionAlbum,
      artwork: sessionImage ? [{ src: sessionImage, sizes: '600x600' }] : [],
    });
  }, [sessionTitle, sessionArtist, sessionAlbum, sessionImage]);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = state.isPlaying ? 'playing' : 'paused';
  }, [state.isPlaying]);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const actions = ['play', 'pause', 'stop'] as const;
    session.setActionHandler('play', () => commands.startPlaying());
    session.setActionHandler('pause', () => commands.stopPlaying());
    session.setActionHandler('stop', () => commands.stopPlaying());
    return () => {
      for (const action of actions) session.setActionHandler(action, null);
    };
  }, [commands]);

  const value = useMemo(
    () => ({ state, commands, info: infoRef.current, engine: engineRef.current }),
    [state, commands],
  );
  return (
    <PlayerContext.Provider value={value}>
      <LiveFeedContext.Provider value={feed}>{children}</LiveFeedContext.Provider>
      {/* The one element all listening goes through (spec §2: id 'audio-player-id'); it outlives
          every page and the bar, which may be hidden while the element stays. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- live radio has no caption track */}
      <audio id={AUDIO_ELEMENT_ID} ref={audioRef} />
    </PlayerContext.Provider>
  );
}
