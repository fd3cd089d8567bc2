// The count clock's arithmetic: Amsterdam wall-clock times to instants, and the days, hours,
// minutes and seconds a countdown has left or a count-up has run.

import { amsterdamParts } from '../../lib/format-date';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant (ms since the epoch) of an Amsterdam 'yyyy-MM-dd HH:mm:ss'; null when unreadable. */
export function parseAmsterdam(text: string): number | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  // Guess the offset at the wall time, then correct it once at the found instant (DST edges).
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const p = amsterdamParts(new Date(instant));
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    instant = instant - (seen - wall);
  }
  return instant;
}

export interface ClockParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of a non-negative span of milliseconds. */
export function splitDuration(ms: number): ClockParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** A countdown's time left (zero once passed) or a count-up's time since its start (zero before it). */
export function clockSpan(mode: 'countdown' | 'countup', target: number, now: number): number {
  return Math.max(0, mode === 'countdown' ? target - now : now - target);
}

const UNITS: [keyof ClockParts, string, string][] = [
  ['days', 'dag', 'dagen'],
  ['hours', 'uur', 'uur'],
  ['minutes', 'minuut', 'minuten'],
  ['seconds', 'seconde', 'seconden'],
];

/** Dutch unit labels for each part ('1 dag', '2 dagen', '3 uur'). */
export function clockLabels(parts: ClockParts): { key: keyof ClockParts; value: number; label: string }[] {
  return UNITS.map(([key, one, many]) => ({ key, value: parts[key], label: parts[key] === 1 ? one : many }));
}
