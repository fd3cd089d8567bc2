// The latest bulletin's own time (issue 39): 'Het nieuws van 17:00' today, 'Het nieuws van gisteren
// 22:00', 'Het nieuws van maandag 08:00' within the week, else with its date.

import {
  addDays,
  formatLongDate,
  formatTime,
  relativeDayLabel,
  toIsoDate,
  todayIso,
} from '../../lib/format-date';
import { apiTimeToInstant } from './live-state';

/** What the player calls the bulletin published at `publishedAt` (an API date, spec §9). */
export function bulletinLabel(publishedAt: string, now: Date = new Date()): string {
  const instant = new Date(apiTimeToInstant(publishedAt));
  const time = formatTime(instant);
  const day = toIsoDate(instant);
  const today = todayIso(now);
  if (day === today) return `Het nieuws van ${time}`;
  if (day > addDays(today, -7) && day < today) {
    return `Het nieuws van ${relativeDayLabel(day, now).toLowerCase()} ${time}`;
  }
  return `Het nieuws van ${formatLongDate(instant)}, ${time}`;
}
