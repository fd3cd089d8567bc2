// The day headings of the played-tracks page and the guide, and the days of a list of broadcasts
// over several days (spec §9 relative dates).

import { capitalise, formatLongIsoDate, relativeDayLabel } from './format-date';

const RELATIVE = new Set(['Vandaag', 'Gisteren', 'Morgen']);

/**
 * 'Vandaag, zaterdag 21 november 2026' (likewise 'Gisteren', 'Morgen'); other days the long date
 * alone, capitalised: 'Maandag 23 november 2026'.
 */
export function dayHeading(iso: string, now: Date = new Date()): string {
  const relative = relativeDayLabel(iso, now);
  const long = formatLongIsoDate(iso);
  if (RELATIVE.has(relative)) return `${relative}, ${long}`;
  return capitalise(long);
}

/**
 * The day of a broadcast in a list that spans several days ('Binnenkort'): 'Vandaag', 'Morgen',
 * 'Gisteren', else the weekday and date, 'Vrijdag 28 november' (render/cards.cpp says the same).
 */
export function broadcastDayLabel(iso: string, now: Date = new Date()): string {
  const relative = relativeDayLabel(iso, now);
  if (RELATIVE.has(relative)) return relative;
  return capitalise(formatLongIsoDate(iso).split(' ').slice(0, 3).join(' '));
}
