// The schedule forms' rules, the server's (admin/schedule_api.cpp) checked before sending: whole
// minutes as uu:mm, an end after the start (24:00 or 00:00 as an end is midnight).
import { z } from 'zod';

const START = /^([01]\d|2[0-3]):[0-5]\d$/;
const END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const START_MESSAGE = 'Vul een begintijd in als uu:mm, bijvoorbeeld 07:00.';
export const END_MESSAGE = 'Vul een eindtijd in als uu:mm; 24:00 is middernacht.';
export const ORDER_MESSAGE = 'De eindtijd moet na de begintijd liggen.';

/** Minutes after midnight of "uu:mm"; as an end, 00:00 is the midnight that ends the day. */
export function minutesOf(text: string, end = false): number {
  const [hours = 0, minutes = 0] = text.split(':').map(Number);
  const minute = hours * 60 + minutes;
  return end && minute === 0 ? 24 * 60 : minute;
}

/** ISO weekday (1 = maandag) of a yyyy-mm-dd date, or undefined for anything else. */
export function weekdayOf(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return undefined;
  return ((day.getUTCDay() + 6) % 7) + 1;
}

export const slotSchema = z
  .object({
    weekday: z.string().regex(/^[1-7]$/, 'Kies een dag van de week.'),
    programmeId: z.string().min(1, 'Kies een programma.'),
    start: z.string().trim().regex(START, START_MESSAGE),
    end: z.string().trim().regex(END, END_MESSAGE),
  })
  .refine((slot) => minutesOf(slot.end, true) > minutesOf(slot.start), {
    path: ['end'],
    message: ORDER_MESSAGE,
  });
export type SlotValues = z.infer<typeof slotSchema>;

export const changeSchema = z
  .object({
    date: z.string().trim(),
    kind: z.enum(['special', 'cancel'], {
      message: 'Kies een speciale uitzending of een vervallen tijdvak.',
    }),
    slotId: z.string(),
    programmeId: z.string(),
    title: z.string().max(200, 'De titel mag hoogstens 200 tekens lang zijn.'),
    start: z.string().trim(),
    end: z.string().trim(),
  })
  .superRefine((change, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (weekdayOf(change.date) === undefined) issue('date', 'Vul een datum in als jjjj-mm-dd.');
    if (change.kind === 'cancel') {
      if (!change.slotId) issue('slotId', 'Kies het tijdvak dat vervalt.');
      return;
    }
    if (!change.programmeId && !change.title.trim())
      issue('programmeId', 'Kies een programma of vul een titel in.');
    const startOk = START.test(change.start);
    const endOk = END.test(change.end);
    if (!startOk) issue('start', START_MESSAGE);
    if (!endOk) issue('end', END_MESSAGE);
    if (startOk && endOk && minutesOf(change.end, true) <= minutesOf(change.start))
      issue('end', ORDER_MESSAGE);
  });
export type ChangeValues = z.infer<typeof changeSchema>;
