// Live rewind's arithmetic (issue 49), pure: the window a channel can be rewound in (from
// GET /api/player/{channel}/timeshift), which playlist holds a listening position and where in it,
// how far behind live a position is, and the seek bar over the window with its programmes.

import { durationLabel, formatDuration, formatTime } from '../../lib/format-date';
import { LIVE_EDGE_MS } from './player-state';

/** A span of the window with the playlist that holds it (an hour or a programme). */
export interface RewindSpan {
  fromMs: number;
  untilMs: number;
  url: string;
}

/** A programme in the window: its span in the window, and when it really starts and ends. */
export interface RewindProgramme extends RewindSpan {
  name: string;
  startsAtMs: number;
  endsAtMs: number;
}

/** The window of one channel as the timeshift call answered it, at `fetchedAt` (ms). */
export interface RewindWindow {
  channel: string;
  fromMs: number;
  /**
   * Whether the start moves on with the clock (the window's length limits it); false while the
   * oldest recording or the programme on air holds it (the server's `fromMoves`).
   */
  fromMoves: boolean;
  /** The live edge when fetched: the end of the last whole segment recorded. */
  untilMs: number;
  hours: RewindSpan[];
  programmes: RewindProgramme[];
  fetchedAt: number;
}

/** Skip back and forward (issue 49: 15 s both ways). */
export const LIVE_SKIP_SECONDS = 15;

function isSpan(value: unknown): value is {
  fromMs: number;
  untilMs: number;
  url: string;
  name?: unknown;
  startsAtMs?: unknown;
  endsAtMs?: unknown;
} {
  if (typeof value !== 'object' || value === null) return false;
  const span = value as Record<string, unknown>;
  return typeof span.fromMs === 'number' && typeof span.untilMs === 'number' && typeof span.url === 'string';
}

/**
 * The window of a timeshift answer, its playlists made absolute against the stream domain
 * (`environmentDomain`, else `origin`); null when the answer has no usable window.
 */
export function parseRewindWindow(body: unknown, origin: string, fetchedAt: number): RewindWindow | null {
  if (typeof body !== 'object' || body === null) return null;
  const answer = body as Record<string, unknown>;
  if (typeof answer.fromMs !== 'number' || typeof answer.untilMs !== 'number') return null;
  if (answer.untilMs <= answer.fromMs) return null;
  const domain =
    typeof answer.environmentDomain === 'string' && answer.environmentDomain
      ? answer.environmentDomain
      : origin;
  const absolute = (url: string) => new URL(url, domain).href;
  const spans = (list: unknown) => (Array.isArray(list) ? list.filter(isSpan) : []);
  return {
    channel: typeof answer.channel === 'string' ? answer.channel : '',
    fromMs: answer.fromMs,
    // A server that does not say lets it move: a start kept too late is still inside the window.
    fromMoves: answer.fromMoves !== false,
    untilMs: answer.untilMs,
    hours: spans(answer.hours).map((h) => ({ fromMs: h.fromMs, untilMs: h.untilMs, url: absolute(h.url) })),
    programmes: spans(answer.programmes).map((p) => ({
      fromMs: p.fromMs,
      untilMs: p.untilMs,
      url: absolute(p.url),
      name: typeof p.name === 'string' ? p.name : '',
      startsAtMs: typeof p.startsAtMs === 'number' ? p.startsAtMs : p.fromMs,
      endsAtMs: typeof p.endsAtMs === 'number' ? p.endsAtMs : p.untilMs,
    })),
    fetchedAt,
  };
}

/** The live edge at `now`: the window's edge moves on with the clock after it was fetched. */
export function liveEdgeAt(window: RewindWindow, now: number): number {
  return window.untilMs + Math.max(0, now - window.fetchedAt);
}

/**
 * The window's start at `now`: it slides on with the edge where the window's length limits it (the
 * oldest hour leaves it), and stays where the oldest recording or the programme on air holds it.
 */
export function windowStartAt(window: RewindWindow, now: number): number {
  return window.fromMoves ? window.fromMs + Math.max(0, now - window.fetchedAt) : window.fromMs;
}

/** Whether `instant` is close enough to the live edge to be live. */
export function isAtLiveEdge(window: RewindWindow, instant: number, now: number): boolean {
  return instant >= liveEdgeAt(window, now) - LIVE_EDGE_MS;
}

/** `instant` kept inside the window at `now` (a little after its start, which is leaving it). */
export function clampToWindow(window: RewindWindow, instant: number, now: number): number {
  const start = windowStartAt(window, now) + 1000;
  return Math.min(liveEdgeAt(window, now), Math.max(start, instant));
}

/** Where the player plays `instant`: the hour playlist holding it, and the seconds into it. */
export interface RewindSource {
  url: string;
  startAt: number;
  /** The instant at the playlist's start, so that a position in it is `fromMs` + seconds. */
  fromMs: number;
  untilMs: number;
}

/**
 * The hour playlist that holds `instant` and the offset into it; null when no hour of the window
 * holds it. An instant in an hour the window lacks (nothing was recorded then) plays from the next
 * recorded hour's first second. An hour playlist plays on while its hour runs (EVENT), so the
 * position keeps going; at its end the player moves to the next (`nextRewindSource`).
 */
export function rewindSourceAt(window: RewindWindow, instant: number): RewindSource | null {
  const hour = window.hours.find((h) => instant >= h.fromMs && instant < h.untilMs);
  const next = instant >= window.fromMs ? window.hours.find((h) => h.fromMs > instant) : undefined;
  if (!hour && next) return { url: next.url, startAt: 0, fromMs: next.fromMs, untilMs: next.untilMs };
  if (!hour) {
    // The current hour grows past the window's edge as fetched.
    const last = window.hours.at(-1);
    if (!last || instant < last.fromMs || instant >= Math.floor(last.fromMs / 3_600_000 + 1) * 3_600_000)
      return null;
    return {
      url: last.url,
      startAt: (instant - last.fromMs) / 1000,
      fromMs: last.fromMs,
      untilMs: last.untilMs,
    };
  }
  return {
    url: hour.url,
    startAt: (instant - hour.fromMs) / 1000,
    fromMs: hour.fromMs,
    untilMs: hour.untilMs,
  };
}

/**
 * The seek bar's value (seconds from the window's start, up to `max`) after `key`: a quarter minute
 * back or on per arrow key (as the skip buttons), a minute per Page Down or Page Up, the window's
 * start and the live edge for Home and End; null for any other key. Counted from the value itself:
 * a range input's own steps would snap to a grid from the window's start, so that a press moved
 * anywhere from 1 to 15 s.
 */
export function rewindKeyValue(key: string, value: number, max: number): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: -LIVE_SKIP_SECONDS,
    ArrowDown: -LIVE_SKIP_SECONDS,
    ArrowRight: LIVE_SKIP_SECONDS,
    ArrowUp: LIVE_SKIP_SECONDS,
    PageDown: -60,
    PageUp: 60,
  };
  if (key === 'Home') return 0;
  if (key === 'End') return max;
  const move = moves[key];
  return move === undefined ? null : Math.min(max, Math.max(0, value + move));
}

/** The hour after the one that started at `fromMs`, from its first second; null after the last. */
export function nextRewindSource(window: RewindWindow, fromMs: number): RewindSource | null {
  const next = window.hours.find((h) => h.fromMs > fromMs);
  return next ? { url: next.url, startAt: 0, fromMs: next.fromMs, untilMs: next.untilMs } : null;
}

/** The programme on air at `instant`, if the schedule had one (the last one runs on past the edge). */
export function programmeAt(window: RewindWindow, instant: number): RewindProgramme | undefined {
  return window.programmes.find((p) => instant >= p.startsAtMs && instant < p.endsAtMs);
}

/** '−12:34' (or '−1:02:03'): how far behind live; the minus is U+2212, as a typographer sets it. */
export function behindLiveLabel(behindMs: number): string {
  const seconds = Math.max(0, Math.round(behindMs / 1000));
  return `\u2212${formatDuration(seconds)}`;
}

/** What a screen reader says for a position: '17:05, 35 minuten terug' ('17:40, live' at the edge). */
export function rewindValueText(instant: number, behindMs: number): string {
  const time = formatTime(new Date(instant));
  if (behindMs < LIVE_EDGE_MS) return `${time}, live`;
  return `${time}, ${durationLabel(Math.round(behindMs / 1000))} terug`;
}

/** A programme's boundary on the seek bar: where it starts, in percent of the window. */
export interface RewindMark {
  name: string;
  fromMs: number;
  percent: number;
  time: string;
}

export interface RewindBarView {
  /** The slider works in whole seconds from the window's start. */
  max: number;
  value: number;
  valueText: string;
  behind: string | null;
  marks: RewindMark[];
}

/**
 * The seek bar over the window at `now`, with the listening position `instant`: the slider reaches
 * the recordings' edge, the time behind live is counted from `now` ('LIVE' plays the present).
 */
export function rewindBarView(window: RewindWindow, instant: number, now: number): RewindBarView {
  const start = windowStartAt(window, now);
  const edge = liveEdgeAt(window, now);
  const span = Math.max(1, edge - start);
  const position = Math.min(edge, Math.max(start, instant));
  // Behind the live stream, which plays the present (the recordings' edge trails it a little).
  const behindMs = Math.max(0, now - position);
  const marks = window.programmes
    .filter((p) => p.fromMs >= start && p.fromMs < edge)
    .map((p) => ({
      name: p.name,
      fromMs: p.fromMs,
      percent: ((p.fromMs - start) / span) * 100,
      time: formatTime(new Date(p.fromMs)),
    }));
  return {
    max: Math.round(span / 1000),
    value: Math.round((position - start) / 1000),
    valueText: rewindValueText(position, behindMs),
    behind: behindMs < LIVE_EDGE_MS ? null : behindLiveLabel(behindMs),
    marks,
  };
}
