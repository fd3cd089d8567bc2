// Fetching the overlay endpoints. Failures become HttpError or NetworkError (spec §8); the caller
// reports them silently and shows nothing.

import { reportSilently } from '../../lib/error-reporting';
import { fetchJson, HttpError } from '../../lib/http';
import type {
  EventModalBlock,
  EventModalResponse,
  MaintenanceNotification,
  MaintenanceResponse,
} from './types';

function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return fetchJson(url, signal ? { signal } : {});
}

/** The event-modal blocks (published or not), in the order the server gives them. */
export async function fetchEventModals(signal?: AbortSignal): Promise<EventModalBlock[]> {
  const body = (await getJson('/api/eventmodal/content', signal)) as Partial<EventModalResponse> | null;
  const list = body?.data?.cmsContentBlocks?.data;
  if (!Array.isArray(list)) throw new HttpError(200, '/api/eventmodal/content: onverwachte vorm');
  return list;
}

/** The maintenance notifications, in the order the server gives them. */
export async function fetchMaintenanceNotifications(
  signal?: AbortSignal,
): Promise<MaintenanceNotification[]> {
  const body = (await getJson(
    '/api/maintenance-notification',
    signal,
  )) as Partial<MaintenanceResponse> | null;
  const list = body?.data?.maintenanceNotifications?.data;
  if (!Array.isArray(list)) throw new HttpError(200, '/api/maintenance-notification: onverwachte vorm');
  return list;
}

/** Spec §8: overlay fetch failures are reported silently; nothing is shown. */
export function reportOverlayError(what: string, error: unknown): void {
  reportSilently(error, { overlay: what });
}
