// Hour-slot options of spec §3/§9 for the played-tracks page.

import { amsterdamParts, todayIso } from './format-date';

export interface HourSlot {
  id: string;
  name: string;
}

export const WHOLE_DAY_SLOT: HourSlot = { id: '0_24', name: 'Hele dag' };

/** 'Hele dag' plus the 24 hourly slots; for today only the slots up to the current hour + 1. */
export function hourSlots(date: string, now: Date = new Date()): HourSlot[] {
  const isToday = date === todayIso(now);
  const lastEnd = isToday ? amsterdamParts(now).hour + 1 : 24;
  const slots: HourSlot[] = [WHOLE_DAY_SLOT];
  for (let h = 0; h + 1 <= lastEnd; h += 1) {
    slots.push({ id: `${h}_${h + 1}`, name: `${h}:00-${h + 1}:00` });
  }
  return slots;
}
