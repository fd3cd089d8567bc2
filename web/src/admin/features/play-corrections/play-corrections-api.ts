// The play log's corrections (server/src/admin/play_corrections_api.hpp): a channel's plays of an
// Amsterdam day, hidden ones included, and hiding a play logged wrongly or showing it again.
import { adminFetch } from '../../api/admin-client';

export interface LoggedPlay {
  id: number;
  /** An instant in UTC ("2026-11-21T10:45:00Z"); shown in Amsterdam time. */
  startsAt: string;
  endsAt: string;
  songId: number;
  artist: string;
  title: string;
  /** 'playout' (ours) or 'ingest' (announced by an external playout). */
  source: string;
  hidden: boolean;
  /** Who hid it; null while it is shown. */
  hiddenBy: string | null;
}

export interface PlayLog {
  channel: string;
  /** yyyy-mm-dd, an Amsterdam day. */
  date: string;
  channels: { slug: string; name: string }[];
  /** A page of them, newest first from the one on air now. */
  plays: LoggedPlay[];
  /** The page, counted from 1, of `pageSize` plays, of `total` on the day. */
  page: number;
  pageSize: number;
  total: number;
}

export const playCorrectionsApi = {
  /** A page of the log of `channel` on `date`; the server's first channel and today where left empty. */
  list: (channel: string, date: string, page = 1) => {
    const query = new URLSearchParams();
    if (channel) query.set('channel', channel);
    if (date) query.set('date', date);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return adminFetch<PlayLog>('GET', `/api/admin/plays${text ? `?${text}` : ''}`);
  },
  setHidden: (id: number, hidden: boolean) =>
    adminFetch<{ play: LoggedPlay }>('PUT', `/api/admin/plays/${id}/hidden`, { hidden }),
};
