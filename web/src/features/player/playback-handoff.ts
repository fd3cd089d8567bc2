// Only one audio plays at a time across the site's windows: the main window and the pop-out player
// tell each other over a BroadcastChannel when they start, and the other one stops. Each window has
// its own id, so it ignores its own messages (a BroadcastChannel does not echo, a fake one may).
// A window that plays also keeps a mark in localStorage, renewed while it plays, so that a window
// opening beside it (a link opened in a new tab) does not start the radio over it by autoplay.
// A pop-out that takes over asks what the window that plays is playing: an on-demand item goes on in
// the pop-out from the same position (issue 39 #11), and the other window stops once it sounds there.

import type { Playable } from './player-state';

/** The part of BroadcastChannel the hand-off uses (a fake one in tests). */
export interface HandoffChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export const HANDOFF_CHANNEL_NAME = 'ether-player';

interface StartedMessage {
  type: 'started';
  from: string;
}

/** What a window plays, as it answers a pop-out that takes over. */
export type PlayingNow =
  | { kind: 'live'; channel: string }
  | {
      kind: 'on-demand';
      playable: Playable;
      /** Seconds into the item when the answer was given, at `at` (ms since the epoch). */
      position: number;
      at: number;
      /** Whether live comes back after the item (its isLiveRequestedAfterPlayable). */
      liveAfter: boolean;
    };

interface QueryMessage {
  type: 'query';
  from: string;
  id: string;
}

interface AnswerMessage {
  type: 'answer';
  from: string;
  to: string;
  id: string;
  playing: PlayingNow;
}

function isQuery(value: unknown): value is QueryMessage {
  const v = value as Partial<QueryMessage> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.type === 'query' &&
    typeof v.from === 'string' &&
    typeof v.id === 'string'
  );
}

function isPlayingNow(value: unknown): value is PlayingNow {
  const v = value as {
    kind?: unknown;
    channel?: unknown;
    playable?: unknown;
    position?: unknown;
    at?: unknown;
  } | null;
  if (typeof v !== 'object' || v === null) return false;
  if (v.kind === 'live') return typeof v.channel === 'string';
  const playable = v.playable as Partial<Playable> | null | undefined;
  return (
    v.kind === 'on-demand' &&
    typeof v.position === 'number' &&
    Number.isFinite(v.position) &&
    typeof v.at === 'number' &&
    typeof playable === 'object' &&
    playable !== null &&
    typeof playable.player?.tokenUrl === 'string' &&
    Array.isArray(playable.queue)
  );
}

function isAnswer(value: unknown): value is AnswerMessage {
  const v = value as Partial<AnswerMessage> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.type === 'answer' &&
    typeof v.from === 'string' &&
    typeof v.to === 'string' &&
    typeof v.id === 'string' &&
    isPlayingNow(v.playing)
  );
}

function isStarted(value: unknown): value is StartedMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'started' &&
    typeof (value as { from?: unknown }).from === 'string'
  );
}

function openBroadcastChannel(name: string): HandoffChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

export interface PlaybackHandoff {
  /** This window started playing: the others stop. */
  announceStarted(): void;
  /** Whether this window plays now: kept as the mark other windows read (renewed at most every 2 s). */
  markPlaying(playing: boolean, now?: number): void;
  /** Whether another window of the site marked that it plays, within the last 5 s. */
  anotherWindowPlaying(now?: number): boolean;
  /**
   * Asks the other windows what they play: the first answer, or null when none came within
   * `timeoutMs` (no window plays, or no BroadcastChannel).
   */
  askPlaying(timeoutMs: number): Promise<PlayingNow | null>;
  close(): void;
}

/** The part of localStorage the playing mark uses (a fake one in tests). */
export interface MarkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const PLAYING_MARK_KEY = 'ether-player-playing';
const MARK_RENEW_MS = 2000;
const MARK_FRESH_MS = 5000;

function browserStorage(): MarkStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (privacy settings): no mark, as before
  }
}

function readMark(storage: MarkStorage | null): { from: string; at: number } | null {
  try {
    const value = JSON.parse(storage?.getItem(PLAYING_MARK_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { from, at } = value as { from?: unknown; at?: unknown };
    return typeof from === 'string' && typeof at === 'number' ? { from, at } : null;
  } catch {
    return null;
  }
}

/**
 * Joins the site's hand-off channel; `onOtherStarted` runs when another window starts playing, and
 * `playingNow` answers another window's askPlaying (null: this window plays nothing, no answer).
 * Without BroadcastChannel (old browsers) it does nothing.
 */
export function joinPlaybackHandoff(
  onOtherStarted: () => void,
  open: (name: string) => HandoffChannel | null = openBroadcastChannel,
  storage: MarkStorage | null = browserStorage(),
  playingNow: () => PlayingNow | null = () => null,
): PlaybackHandoff {
  const channel = open(HANDOFF_CHANNEL_NAME);
  const self = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let markedAt: number | null = null;
  const write = (action: () => void) => {
    try {
      action();
    } catch {
      // a full or refused storage: the mark is a courtesy to other windows, never a reason to fail
    }
  };
  const markPlaying = (playing: boolean, now = Date.now()) => {
    if (playing) {
      if (markedAt !== null && now - markedAt < MARK_RENEW_MS) return;
      markedAt = now;
      write(() => storage?.setItem(PLAYING_MARK_KEY, JSON.stringify({ from: self, at: now })));
    } else if (markedAt !== null) {
      markedAt = null;
      if (readMark(storage)?.from === self) write(() => storage?.removeItem(PLAYING_MARK_KEY));
    }
  };
  const waiting = new Map<string, (playing: PlayingNow | null) => void>();
  let asked = 0;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (isStarted(data) && data.from !== self) onOtherStarted();
    if (isQuery(data) && data.from !== self) {
      const playing = playingNow();
      if (playing) {
        channel?.postMessage({
          type: 'answer',
          from: self,
          to: data.from,
          id: data.id,
          playing,
        } satisfies AnswerMessage);
      }
    }
    if (isAnswer(data) && data.to === self) waiting.get(data.id)?.(data.playing);
  };
  channel?.addEventListener('message', onMessage);
  return {
    announceStarted() {
      channel?.postMessage({ type: 'started', from: self } satisfies StartedMessage);
    },
    markPlaying,
    anotherWindowPlaying(now = Date.now()) {
      const mark = readMark(storage);
      return mark !== null && mark.from !== self && now - mark.at < MARK_FRESH_MS;
    },
    askPlaying(timeoutMs: number) {
      if (!channel) return Promise.resolve(null);
      const id = `${self}-${(asked += 1)}`;
      return new Promise<PlayingNow | null>((resolve) => {
        const done = (playing: PlayingNow | null) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(playing);
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        waiting.set(id, done);
        channel.postMessage({ type: 'query', from: self, id } satisfies QueryMessage);
      });
    },
    close() {
      for (const done of [...waiting.values()]) done(null);
      markPlaying(false);
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
