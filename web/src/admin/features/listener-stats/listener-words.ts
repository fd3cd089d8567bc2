import type { BucketSize } from './listener-stats-api';

const numbers = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const smallNumbers = new Intl.NumberFormat('nl-NL', { maximumSignificantDigits: 2 });

/**
 * A figure in Dutch notation ("1.234,5"); one under a hundredth with two significant digits
 * ("0,00042"), so that a few listeners over a long broadcast never read as none.
 */
export function figure(n: number): string {
  return n !== 0 && Math.abs(n) < 0.01 ? smallNumbers.format(n) : numbers.format(n);
}

/** A session length in minutes and seconds ("3 min 05 s"); under a minute in seconds. */
export function sessionLength(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** A bucket's start as its size names it, in UTC as the figures are counted: "26-11 14:00", "26-11-2026", "week van 23-11-2026", "november 2026". */
export function bucketLabel(iso: string, by: BucketSize): string {
  const date = new Date(iso);
  const day = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', ...options }).format(date);
  switch (by) {
    case 'hour':
      return `${day({ day: '2-digit', month: '2-digit' })} ${day({ hour: '2-digit', minute: '2-digit' })}`;
    case 'day':
      return day({ day: '2-digit', month: '2-digit', year: 'numeric' });
    case 'week':
      return `week van ${day({ day: '2-digit', month: '2-digit', year: 'numeric' })}`;
    case 'month':
      return day({ month: 'long', year: 'numeric' });
  }
}

/** Today and `days` before it as UTC dates (YYYY-MM-DD). */
export function utcDate(now: Date, daysBefore = 0): string {
  return new Date(now.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

/** The Amsterdam calendar month of `now` as YYYY-MM: the months the monthly reports count in. */
export function amsterdamMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** A month (YYYY-MM) in Dutch words: "november 2026". */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('nl-NL', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

const signed = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** A difference with its sign ("+1", "-2,98", "0"). */
export function signedFigure(n: number): string {
  return signed.format(n);
}
