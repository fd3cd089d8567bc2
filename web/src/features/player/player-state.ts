// The mini player's state and every transition of spec §4, as one pure reducer.

import type { LiveState, Show, Track } from './live-state';
import { UNKNOWN_PROGRAMME_IMAGE } from './live-state';

/**
 * Live rewind: a position this close to the live edge is live (a little over a segment), so the
 * stream itself plays; a live stream stopped longer ago than this resumes where it stopped.
 */
export const LIVE_EDGE_MS = 10_000;

export type ActionButton = 'gedraaid' | 'gemist' | 'visual-radio' | 'luister-live';

/** spec §3 Player config object. */
export interface PlayerConfig {
  tokenUrl: string;
  parameters: { name: 'poster' | 'progressive' | string; value: string }[];
}

/** spec §3 Playable (on demand). */
export interface Playable {
  id: string;
  name: string;
  type: string; // 'fragment', 'broadcast', 'episode'
  queue: Playable[];
  player: PlayerConfig;
  imageUrl?: string;
  isLatestNews?: boolean;
  /** What the expanded player shows under the title: the programme, the feed, the channel. */
  subtitle?: string;
  /** A missed broadcast: the instant its recording starts, for the position's time of day. */
  broadcastFrom?: string;
  /** Parts of the recording (seconds) that hold no audio, a missing hour: the player skips them. */
  gaps?: PlaybackGap[];
}

/** Seconds [from, until) of an on-demand item that the player skips. */
export interface PlaybackGap {
  from: number;
  until: number;
}

export interface PlayerApiEvent {
  type: string;
  at: number;
}

export interface PlayerState {
  apiEvents: PlayerApiEvent[];
  buttonConfig: { actionButtonLeft: ActionButton; actionButtonRight: ActionButton };
  channel?: { id: string; name: string };
  isAdBreak: boolean;
  isAutoPlayAfterEmbed: boolean;
  isChannelPickerPresent: boolean;
  isLiveMode: boolean;
  isLiveRequestedAfterPlayable: boolean;
  isLiveUsingClassicalData: boolean;
  isLoadingPlayer: boolean;
  /**
   * Live rewind (issue 49): live mode plays a moment behind the live edge from the recordings, so
   * play pauses there instead of stopping, and what is shown is what was on air at that moment.
   */
  isBehindLive: boolean;
  isPlaybackEnded: boolean;
  isPlayerExpanded: boolean;
  isPlayerMuted: boolean;
  isPlayerUnavailable: boolean;
  isPlaying: boolean;
  isRadioshowTimeVisibleForLiveRadio: boolean;
  isReceivedMessageEvent: boolean;
  isSongHiddenForLiveRadio: boolean;
  isVisualRadioAvailable: boolean;
  playerVolume: number;
  show?: Show;
  track?: Track;
  tracks?: Track[];
  upcomingShow?: Show;
  activeImageUrl?: string;
  playable?: Playable;
  /** On demand: the position (seconds) last asked for by a seek, for the engine to go to. */
  seekPosition?: number;
  lastPlayerApiError?: string;
  smartTagUserId?: string;
  playerAudioToken?: string;
}

/**
 * The kind of channel decides which reading of spec §4's initial state applies: a music channel
 * reading B ('Gedraaid' and 'Gemist', show and song alternate), a talk channel reading A ('Gemist'
 * and 'Kijk live', song hidden, show times shown). The reading follows the active channel: it is
 * set whenever the player loads a channel (setReading), and onError resets to the active channel's.
 */
export type PlayerMode = 'music' | 'talk';

/** The fields in which spec §4's two readings differ, besides what reading B leaves undefined. */
export type PlayerReading = Pick<
  PlayerState,
  'buttonConfig' | 'isSongHiddenForLiveRadio' | 'isRadioshowTimeVisibleForLiveRadio'
>;

/** Reading A for a talk channel, reading B for a music channel (spec §4 Initial state). */
export function playerReading(mode: PlayerMode): PlayerReading {
  if (mode === 'talk') {
    return {
      buttonConfig: { actionButtonLeft: 'gemist', actionButtonRight: 'visual-radio' },
      isSongHiddenForLiveRadio: true,
      isRadioshowTimeVisibleForLiveRadio: true,
    };
  }
  return {
    buttonConfig: { actionButtonLeft: 'gedraaid', actionButtonRight: 'gemist' },
    isSongHiddenForLiveRadio: false,
    isRadioshowTimeVisibleForLiveRadio: false,
  };
}

export function initialPlayerState(mode: PlayerMode): PlayerState {
  const common = {
    apiEvents: [],
    isAdBreak: false,
    isAutoPlayAfterEmbed: false,
    isChannelPickerPresent: false,
    isLiveMode: true,
    isLiveRequestedAfterPlayable: false,
    isLiveUsingClassicalData: false,
    isLoadingPlayer: true,
    isBehindLive: false,
    isPlaybackEnded: false,
    isPlayerExpanded: false,
    isPlayerMuted: false,
    isPlayerUnavailable: false,
    isPlaying: false,
    isReceivedMessageEvent: false,
    isVisualRadioAvailable: false,
    playerVolume: 1,
    ...playerReading(mode),
  };
  if (mode === 'talk') return common;
  return {
    ...common,
    channel: { id: '', name: '' },
    show: undefined,
    track: undefined,
    tracks: undefined,
    upcomingShow: undefined,
  };
}

/**
 * spec §4: all commands are ignored while the player is loading (the initial state loads, as does
 * a channel being loaded and togglePlaying until the engine answers). The controls that send a
 * command say so meanwhile (aria-disabled, aria-busy), so that a click is not lost unseen.
 */
export function isPlayerBusy(state: PlayerState): boolean {
  return state.isLoadingPlayer;
}

/** The bar's two action buttons (spec §2): the reading's pair live, 'Luister live' first on demand. */
export function barActionButtons(state: PlayerState): [ActionButton, ActionButton] {
  const { actionButtonLeft, actionButtonRight } = state.buttonConfig;
  return [state.isLiveMode ? actionButtonLeft : 'luister-live', actionButtonRight];
}

/**
 * spec §6: the channel dropdown is shown only when there is more than one channel, the channel
 * picker is present, live mode is on and a channel is set.
 */
export function isChannelDropdownShown(state: PlayerState, channelCount: number): boolean {
  return channelCount > 1 && state.isChannelPickerPresent && state.isLiveMode && Boolean(state.channel?.id);
}

export type PlayerAction =
  /**
   * `whileBehindLive`: an update of the live that plays, applied only if live still plays, at the
   * edge (false) or behind it (true), when the action is reduced. Its sender read an older state:
   * an item the listener chose a moment before (dispatched, not yet rendered) must not be replaced
   * by live. Without it, live is entered (a channel load).
   */
  | {
      type: 'listenToLive';
      live: Partial<LiveState> & Pick<LiveState, 'isVisualRadioAvailable'>;
      whileBehindLive?: boolean;
    }
  /** `fromQueue`: the next item of the queue, which keeps whether live comes back after it. */
  | { type: 'setPlayable'; playable: Playable; startAt?: number; fromQueue?: boolean }
  | { type: 'seek'; position: number }
  | { type: 'setRadioChannel'; channel: { id: string; name: string } }
  | { type: 'setReading'; mode: PlayerMode }
  | { type: 'setVolume'; volume: number }
  | { type: 'mutePlayer' }
  | { type: 'unmutePlayer' }
  | { type: 'setPlayerApiError'; error: string }
  | { type: 'setPlayerUnavailable' }
  | { type: 'onError'; error: unknown; mode: PlayerMode }
  | { type: 'stopPlaying' }
  | { type: 'togglePlaying' }
  | { type: 'unload' }
  | { type: 'setPlayerState'; state: Partial<PlayerState> }
  | { type: 'setAdBreak'; value: boolean }
  | { type: 'setReceivedMessageEvent'; value: boolean }
  | { type: 'clearApiEvents' }
  | { type: 'setSmartTagUserId'; value: string | undefined }
  | { type: 'setLoadingPlayer'; value: boolean }
  | { type: 'setPlayerAudioToken'; value: string }
  | { type: 'resetAutoPlayAfterEmbed' }
  // Playback engine events (spec §4).
  | { type: 'sourceloaded' }
  | { type: 'play' }
  | { type: 'paused' }
  | { type: 'playbackfinished' };

function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.min(1, Math.max(0, volume));
}

/** A seek position in seconds: finite and not negative. */
export function clampPosition(position: number): number {
  return Number.isFinite(position) ? Math.max(0, position) : 0;
}

function enteringLive(state: PlayerState): Partial<PlayerState> {
  return state.isLiveMode ? {} : { playerVolume: 1 };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'listenToLive': {
      const { live, whileBehindLive } = action;
      if (whileBehindLive !== undefined && (!state.isLiveMode || state.isBehindLive !== whileBehindLive))
        return state;
      return {
        ...state,
        ...enteringLive(state),
        isLiveMode: true,
        ...(live.channel ? { channel: live.channel } : {}),
        show: live.show,
        track: live.track,
        tracks: live.tracks,
        upcomingShow: live.upcomingShow,
        isVisualRadioAvailable: live.isVisualRadioAvailable,
        activeImageUrl: live.show?.imageUrls.url600 ?? UNKNOWN_PROGRAMME_IMAGE,
        playable: undefined,
        seekPosition: undefined,
        isPlaybackEnded: false,
        isLiveRequestedAfterPlayable: false,
      };
    }
    case 'setPlayable':
      return {
        ...state,
        isLiveMode: false,
        isBehindLive: false,
        playable: action.playable,
        seekPosition: action.startAt === undefined ? undefined : clampPosition(action.startAt),
        lastPlayerApiError: undefined,
        activeImageUrl: action.playable.imageUrl ?? UNKNOWN_PROGRAMME_IMAGE,
        isLiveRequestedAfterPlayable: action.fromQueue
          ? state.isLiveRequestedAfterPlayable
          : state.isLiveMode && state.isPlaying,
        isPlayerMuted: false,
        playerVolume: 1,
        track: undefined,
        isPlayerUnavailable: false,
        isPlaybackEnded: false,
        isAutoPlayAfterEmbed: false,
      };
    case 'seek':
      // A live stream has no positions to go to.
      if (state.isLiveMode || !state.playable) return state;
      return { ...state, seekPosition: clampPosition(action.position), isPlaybackEnded: false };
    case 'setRadioChannel':
      return {
        ...state,
        isBehindLive: false,
        channel: action.channel,
        isPlaying: false,
        isPlaybackEnded: false,
        isPlayerUnavailable: false,
      };
    case 'setReading':
      return { ...state, ...playerReading(action.mode) };
    case 'setVolume':
      return { ...state, playerVolume: clampVolume(action.volume), isPlayerMuted: false };
    case 'mutePlayer':
      return { ...state, isPlayerMuted: true };
    case 'unmutePlayer':
      return { ...state, isPlayerMuted: false };
    case 'setPlayerApiError':
      return { ...state, lastPlayerApiError: action.error, isPlaying: false };
    case 'setPlayerUnavailable':
      return { ...state, isPlayerUnavailable: true, isPlaying: false };
    case 'onError':
      console.error('Speler: live data kon niet worden verwerkt', action.error);
      return initialPlayerState(action.mode);
    case 'stopPlaying':
    case 'unload':
      return { ...state, isPlaying: false };
    case 'togglePlaying':
      return { ...state, isPlaying: !state.isPlaying };
    case 'setPlayerState': {
      const next = {
        ...(action.state.isLiveMode === true ? enteringLive(state) : {}),
        ...action.state,
      };
      // The live feed sets the same flags on each of its messages: an unchanged state is the same
      // object, and nothing that reads the player renders again for it.
      const changes = Object.entries(next).some(([key, value]) => state[key as keyof PlayerState] !== value);
      return changes ? { ...state, ...next } : state;
    }
    case 'setAdBreak':
      return { ...state, isAdBreak: action.value };
    case 'setReceivedMessageEvent':
      return { ...state, isReceivedMessageEvent: action.value };
    case 'clearApiEvents':
      return { ...state, apiEvents: [] };
    case 'setSmartTagUserId':
      return { ...state, smartTagUserId: action.value };
    case 'setLoadingPlayer':
      return { ...state, isLoadingPlayer: action.value };
    case 'setPlayerAudioToken':
      return { ...state, playerAudioToken: action.value };
    case 'resetAutoPlayAfterEmbed':
      return { ...state, isAutoPlayAfterEmbed: false };
    case 'sourceloaded':
      return { ...state, isLoadingPlayer: false };
    case 'play':
      return { ...state, isLoadingPlayer: false, isPlaying: true, isPlaybackEnded: false };
    case 'paused':
      return { ...state, isLoadingPlayer: false, isPlaying: false };
    case 'playbackfinished':
      // An on-demand item played to its end (a live stream does not end; one that breaks off is
      // not "ended" for the listener, who gets it back with play).
      return { ...state, isPlaying: false, isPlaybackEnded: !state.isLiveMode };
  }
}

/** Whether listenToLive should start playback: live was asked for while a playable played. */
/** The id of the one audio element all listening goes through (spec §2). */
export const AUDIO_ELEMENT_ID = 'audio-player-id';

export function shouldStartPlayingOnLive(state: PlayerState): boolean {
  return state.isLiveRequestedAfterPlayable;
}

/**
 * spec §4: the value of the 'val' field of the JSON in the 'atuserid' cookie, taken as it is.
 * Returns undefined when the cookie is absent; when it is present but not JSON with a string
 * `val`, it also reports through `onInvalid` (spec §8: reported silently).
 */
export function smartTagUserIdFromCookie(
  cookie: string,
  onInvalid: (error: unknown) => void,
): string | undefined {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('atuserid='));
  if (!entry) return undefined;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice('atuserid='.length)));
    if (parsed && typeof parsed === 'object' && 'val' in parsed && typeof parsed.val === 'string')
      return parsed.val;
    throw new Error('atuserid heeft geen val');
  } catch (error) {
    onInvalid(error);
    return undefined;
  }
}

/** spec §9 volume icon: full at 0.75 or more, reduced from 0.02, muted below 0.02 (or when muted). */
export function volumeIcon(volume: number, muted: boolean): 'full' | 'reduced' | 'muted' {
  if (muted || volume < 0.02) return 'muted';
  return volume >= 0.75 ? 'full' : 'reduced';
}

/** The volume the playback engine takes, in percent (spec §4: volume × 100; muted is 0). */
export function engineVolume(volume: number, muted: boolean): number {
  return muted ? 0 : Math.round(clampVolume(volume) * 100);
}
