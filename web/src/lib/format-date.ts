// Date and time formatting of spec §9: always Europe/Amsterdam, Dutch names, whatever the
// browser's own time zone. Instants are ISO 8601 strings or Date objects; calendar dates are
// 'yyyy-MM-dd' strings (Amsterdam dates).

export const TIME_ZONE = 'Europe/Amsterdam';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const WEEKDAYS = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];
const MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];

export interface AmsterdamParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function toDate(input: string | Date): Date {
  const d = typeof input === 'string' ? new Date(input) : input;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return d;
}

/** The wall-clock parts of an instant in Amsterdam. Throws on an invalid instant. */
export function amsterdamParts(input: string | Date): AmsterdamParts {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter.formatToParts(toDate(input))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = parts.year ?? 0;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  return {
    year,
    month,
    day,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`Invalid calendar date: ${iso}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid calendar date: ${iso}`);
  }
  return { year, month, day };
}

function guard<T extends string | Date>(input: T, format: (input: T) => string): string {
  try {
    return format(input);
  } catch (error) {
    console.error('Datum kon niet worden opgemaakt', input, error);
    return input instanceof Date ? String(input) : input;
  }
}

function isoFromParts(p: { year: number; month: number; day: number }): string {
  return `${String(p.year).padStart(4, '0')}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** The Amsterdam calendar date ('yyyy-MM-dd') of an instant. */
export function toIsoDate(input: string | Date): string {
  return guard(input, (i) => isoFromParts(amsterdamParts(i)));
}

/** Today's Amsterdam calendar date. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** Adds whole days to a calendar date ('yyyy-MM-dd'). */
export function addDays(iso: string, days: number): string {
  return guard(iso, (i) => {
    const { year, month, day } = parseIsoDate(i);
    const d = new Date(Date.UTC(year, month - 1, day + days));
    return isoFromParts({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
  });
}

/** 'yyyy-MM-dd' → 'dd-MM-yyyy' (route dates). */
export function isoToRouteDate(iso: string): string {
  return guard(iso, (i) => {
    const { year, month, day } = parseIsoDate(i);
    return `${pad2(day)}-${pad2(month)}-${year}`;
  });
}

/** 'dd-MM-yyyy' → 'yyyy-MM-dd'. */
export function routeDateToIso(routeDate: string): string {
  return guard(routeDate, (r) => {
    const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(r);
    if (!m) throw new RangeError(`Invalid route date: ${r}`);
    const iso = `${m[3]}-${m[2]}-${m[1]}`;
    parseIsoDate(iso);
    return iso;
  });
}

/** HH:mm of an instant in Amsterdam. */
export function formatTime(input: string | Date): string {
  return guard(input, (i) => {
    const p = amsterdamParts(i);
    return `${pad2(p.hour)}:${pad2(p.minute)}`;
  });
}

/** What a slot of a whole day or more reads as: its clock times would say '00:00–00:00'. */
export const WHOLE_DAY = 'hele dag';

/** Whether `from` to `until` (instants in ms) spans a whole day or more. */
export function spansWholeDay(from: number, until: number): boolean {
  return until - from >= 24 * 3600 * 1000;
}

/** 'HH:mm–HH:mm' of a from/until pair; 'hele dag' for a slot of 24 hours or more. */
export function formatTimeRange(from: string | Date, until: string | Date): string {
  if (spansWholeDay(new Date(from).getTime(), new Date(until).getTime())) return WHOLE_DAY;
  return `${formatTime(from)}–${formatTime(until)}`;
}

/** `text` with its first letter in upper case: 'zaterdag …' becomes 'Zaterdag …'. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function longDate(p: { year: number; month: number; day: number; weekday: number }): string {
  return `${WEEKDAYS[p.weekday] ?? ''} ${p.day} ${MONTHS[p.month - 1] ?? ''} ${p.year}`;
}

/** 'zaterdag 21 november 2026' for an instant (Amsterdam). */
export function formatLongDate(input: string | Date): string {
  return guard(input, (i) => longDate(amsterdamParts(i)));
}

/** 'zaterdag 21 november 2026' for a calendar date. */
export function formatLongIsoDate(iso: string): string {
  return guard(iso, (i) => {
    const p = parseIsoDate(i);
    return longDate({ ...p, weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() });
  });
}

/** 'Vandaag', 'Gisteren', 'Morgen', else the capitalised weekday of a calendar date. */
export function relativeDayLabel(iso: string, now: Date = new Date()): string {
  return guard(iso, (i) => {
    const p = parseIsoDate(i);
    const today = todayIso(now);
    if (i === today) return 'Vandaag';
    if (i === addDays(today, -1)) return 'Gisteren';
    if (i === addDays(today, 1)) return 'Morgen';
    return capitalise(WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()] ?? '');
  });
}

/** Short day label for tabs: 'Vandaag' etc., else 'Ma 16 nov'. */
export function dayTabLabel(iso: string, now: Date = new Date()): { label: string; detail: string } {
  const label = relativeDayLabel(iso, now);
  try {
    const p = parseIsoDate(iso);
    return { label, detail: `${p.day} ${(MONTHS[p.month - 1] ?? '').slice(0, 3)}` };
  } catch {
    return { label, detail: '' };
  }
}

/** Dutch distance like date-fns' formatDistance: 'minder dan een minuut', '5 minuten', 'ongeveer 3 uur', '2 dagen'. */
export function formatDistance(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60000);
  if (minutes < 1) return 'minder dan een minuut';
  if (minutes === 1) return '1 minuut';
  if (minutes < 45) return `${minutes} minuten`;
  if (minutes < 90) return 'ongeveer 1 uur';
  const hours = Math.round(minutes / 60);
  if (minutes < 24 * 60) return `ongeveer ${hours} uur`;
  const days = Math.round(minutes / (24 * 60));
  return days === 1 ? '1 dag' : `${days} dagen`;
}

const HOUR = 3600 * 1000;

/** Formatter A: '{distance} geleden' under 48 hours, else 'weekday d MMMM yyyy'. */
export function formatPublished(input: string | Date, now: Date = new Date()): string {
  return guard(input, (i) => {
    const age = now.getTime() - toDate(i).getTime();
    if (age >= 0 && age < 48 * HOUR) return `${formatDistance(age)} geleden`;
    return longDate(amsterdamParts(i));
  });
}

/** Formatter B: '{distance} geleden' under 24 hours, then 'Gisteren, HH:mm', else the full date with time. */
export function formatPublishedWithTime(input: string | Date, now: Date = new Date()): string {
  return guard(input, (i) => {
    const age = now.getTime() - toDate(i).getTime();
    if (age >= 0 && age < 24 * HOUR) return `${formatDistance(age)} geleden`;
    const p = amsterdamParts(i);
    const time = `${pad2(p.hour)}:${pad2(p.minute)}`;
    if (isoFromParts(p) === addDays(todayIso(now), -1)) return `Gisteren, ${time}`;
    return `${longDate(p)}, ${time}`;
  });
}

/** Duration 'h:mm:ss', hours only when above 0 or forced; else 'm:ss'. */
export function formatDuration(totalSeconds: number, forceHours = false): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) {
    console.error('Duur kon niet worden opgemaakt', totalSeconds);
    return String(totalSeconds);
  }
  const s = Math.floor(totalSeconds);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (hours > 0 || forceHours) return `${hours}:${pad2(minutes)}:${pad2(seconds)}`;
  return `${minutes}:${pad2(seconds)}`;
}

/** Spoken duration for screen readers: '3 minuten 5 seconden'. */
export function durationLabel(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} uur`);
  if (m) parts.push(`${m} ${m === 1 ? 'minuut' : 'minuten'}`);
  if (sec || parts.length === 0) parts.push(`${sec} ${sec === 1 ? 'seconde' : 'seconden'}`);
  return parts.join(' ');
}

/** Whether an instant lies in [from, until). */
export function isBetween(now: Date, from: string, until: string): boolean {
  const t = now.getTime();
  return new Date(from).getTime() <= t && t < new Date(until).getTime();
}
