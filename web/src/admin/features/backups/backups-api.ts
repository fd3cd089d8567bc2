// The admin's calls for the station's backups (server/src/backup/backup_api.hpp).
import { adminFetch } from '../../api/admin-client';

export interface BackupState {
  configured: boolean;
  dir?: string;
  everySeconds?: number;
  keep?: number;
  lastGood?: string | null;
  lastDir?: string;
  lastBytes?: number;
  lastSeconds?: number;
  lastError?: string | null;
  next?: string | null;
  running?: boolean;
  leading?: boolean;
  overdue?: boolean;
}

export const backupsApi = {
  status: () => adminFetch<BackupState>('GET', '/api/admin/backups'),
  runNow: () => adminFetch<{ started: boolean }>('POST', '/api/admin/backups'),
};
