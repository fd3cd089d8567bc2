// The player as components see it: the commands of spec §4 and live rewind, what the provider
// (player-context.tsx) gives the app, and the hooks that read it.

import { createContext, useContext } from 'react';

import type { AudioEngine, PlaybackTime } from './audio-engine';
import type { RewindWindow } from './live-rewind';
import type { MiniplayerInfo } from './miniplayer-info';
import { isPlayerBusy, type Playable, type PlayerState } from './player-state';

export interface PlayerCommands {
  togglePlaying(): void;
  startPlaying(): void;
  stopPlaying(): void;
  positionSeek(position: number): void;
  /** On demand: goes to `position` (seconds) of the playable that is loaded and plays from there. */
  seekTo(position: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  changeChannel(slug: string): void;
  listenLive(): void;
  /** Plays an on-demand item, from `startAt` seconds when given. */
  playPlayable(playable: Playable, startAt?: number): void;
  playLatestNews(): void;
  setExpanded(expanded: boolean): void;
  /** Live rewind: plays the channel from `instant` (ms) in its window; near the edge, live itself. */
  seekLive(instant: number): void;
  /** Live rewind: `seconds` back (negative) or forward from where the listener is. */
  skipLive(seconds: number): void;
  /** Live rewind: back to the live edge. */
  goLive(): void;
  /** Live rewind: plays `channel` from `instant` (ms) in its window ('Luister vanaf hier'). */
  listenFrom(channel: string, instant: number): void;
  /**
   * Live rewind: the programme at the listening position from its first second; `fallback` (the
   * broadcast on demand) plays instead when the channel has no window to rewind in.
   */
  restartProgramme(fallback?: Playable): void;
  /** Live rewind: where the listener is (an instant, ms) and the window, when it is known. */
  livePosition(): LivePosition;
  /** Live rewind: the loaded channel's window (fetched again once a minute old); null without one. */
  rewindWindow(): Promise<RewindWindow | null>;
  /**
   * The bar became hidden (spec §4 "When the player becomes hidden while playing, playback
   * stops"): stops what plays and what is still starting (a load, a play API call), so that
   * nothing starts under a page without a bar. Not ignored while loading, unlike the others.
   */
  hide(): void;
  time(): PlaybackTime;
}

/** Where a live listener is: `instant` null when unknown (nothing played yet). */
export interface LivePosition {
  instant: number | null;
  window: RewindWindow | null;
}

export interface PlayerContextValue {
  state: PlayerState;
  commands: PlayerCommands;
  info: MiniplayerInfo | null;
  engine: AudioEngine | null;
}

/** The context itself, for tests that drive a component with a state of their own. */
export const PlayerContext = createContext<PlayerContextValue | null>(null);

/** The player's state and commands. */
export function usePlayer(): PlayerContextValue {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer outside PlayerProvider');
  return value;
}

/** spec §4: whether the player ignores its commands now (missing or loading). */
export function usePlayerBusy(): boolean {
  return isPlayerBusy(usePlayer().state);
}
