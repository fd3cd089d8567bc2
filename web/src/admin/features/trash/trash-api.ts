// The admin's calls for the trash ('Prullenbak', server/src/admin/content_api.hpp).
import { adminFetch } from '../../api/admin-client';
import type { ContentItem } from '../../api/content-client';

export interface TrashedItem {
  type: string;
  typeLabel: string;
  id: string;
  title: string;
  trashedAt: string;
  trashedBy: string;
  /** When the server removes it for good. */
  purgeAt: string;
}

export interface TrashList {
  items: TrashedItem[];
  keepDays: number;
}

const path = (item: Pick<TrashedItem, 'type' | 'id'>) =>
  `/api/admin/trash/${encodeURIComponent(item.type)}/${encodeURIComponent(item.id)}`;

export const trashApi = {
  list: () => adminFetch<TrashList>('GET', '/api/admin/trash'),
  restore: (item: Pick<TrashedItem, 'type' | 'id'>) =>
    adminFetch<{ item: ContentItem }>('POST', `${path(item)}/restore`),
  purge: (item: Pick<TrashedItem, 'type' | 'id'>) => adminFetch<undefined>('DELETE', path(item)),
};
