// The admin's schedule calls (server/src/admin/schedule_api.hpp): a channel's weekly slots and
// its one-off changes for a date. Times are Amsterdam wall-clock "HH:MM"; "24:00" is midnight.
// An edit or delete names the version of the entry the editor loaded; 409 when it has changed since.
import { AdminApiError, adminCreate, adminFetch } from '../../api/admin-client';

export interface ScheduleSlot {
  id: number;
  weekday: number; // 1 = maandag ... 7 = zondag
  start: string;
  end: string;
  programmeId: number;
  programmeName: string;
  programmeSlug: string;
  version: number;
}

export interface ScheduleChange {
  id: number;
  date: string; // yyyy-MM-dd
  kind: 'special' | 'cancel';
  slotId: number | null;
  programmeId: number | null;
  programmeName: string;
  title: string;
  start: string | null;
  end: string | null;
  label: string;
  version: number;
}

export interface ScheduleProgramme {
  id: number;
  name: string;
  slug: string;
}

export interface ChannelSchedule {
  channel: { slug: string; name: string };
  canEdit: boolean;
  slots: ScheduleSlot[];
  programmes: ScheduleProgramme[];
  changes: ScheduleChange[];
}

export interface SlotBody {
  weekday: number;
  start: string;
  end: string;
  programmeId: number;
}

export type ChangeBody =
  | { date: string; kind: 'cancel'; slotId: number }
  | { date: string; kind: 'special'; programmeId: number | null; title: string; start: string; end: string };

export const WEEKDAYS = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'];

const base = (channel: string) => `/api/admin/schedule/${encodeURIComponent(channel)}`;

export const scheduleApi = {
  channels: () =>
    adminFetch<{ channels: { slug: string; name: string }[]; canEdit: boolean }>(
      'GET',
      '/api/admin/schedule',
    ),
  get: (channel: string) => adminFetch<ChannelSchedule>('GET', base(channel)),
  createSlot: (channel: string, body: SlotBody) =>
    adminCreate<{ slot: ScheduleSlot }>(`${base(channel)}/slots`, body),
  updateSlot: (channel: string, id: number, version: number, body: SlotBody) =>
    adminFetch<{ slot: ScheduleSlot }>('PUT', `${base(channel)}/slots/${id}`, { ...body, version }),
  removeSlot: (channel: string, id: number, version: number) =>
    adminFetch<undefined>('DELETE', `${base(channel)}/slots/${id}?version=${version}`),
  createChange: (channel: string, body: ChangeBody) =>
    adminCreate<{ change: ScheduleChange }>(`${base(channel)}/changes`, body),
  updateChange: (channel: string, id: number, version: number, body: ChangeBody) =>
    adminFetch<{ change: ScheduleChange }>('PUT', `${base(channel)}/changes/${id}`, { ...body, version }),
  removeChange: (channel: string, id: number, version: number) =>
    adminFetch<undefined>('DELETE', `${base(channel)}/changes/${id}?version=${version}`),
};

/** Whether a refused save or delete means someone else changed the entry first (409). */
export const isConflict = (failure: unknown) => failure instanceof AdminApiError && failure.status === 409;
