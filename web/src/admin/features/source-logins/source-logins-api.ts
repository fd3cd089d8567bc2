// The admin's calls for presenters' own source logins (server/src/ingest/source_login_api.hpp).
import { adminFetch } from '../../api/admin-client';

export interface SourceLogin {
  username: string;
  onlyInSlots: boolean;
  updatedAt: string;
}

export interface PresenterSource {
  id: number;
  slug: string;
  name: string;
  channels: string[];
  login: SourceLogin | null;
}

/** What a beheerder sends: a password only to set or change it. */
export interface SourceLoginChange {
  username: string;
  password?: string;
  onlyInSlots: boolean;
}

export const sourceLoginsApi = {
  list: () => adminFetch<{ presenters: PresenterSource[] }>('GET', '/api/admin/source-logins'),
  save: (id: number, change: SourceLoginChange) =>
    adminFetch<{ presenter: PresenterSource }>('PUT', `/api/admin/source-logins/${id}`, change),
  remove: (id: number) => adminFetch<undefined>('DELETE', `/api/admin/source-logins/${id}`),
};
