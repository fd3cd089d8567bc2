// Fetching the overlay endpoints. Failures become HttpError or NetworkError (spec §8); the caller
// reports them silently and shows nothing.

import { HttpError, NetworkError } from '../../api/page-client';
import type {
  EventModalBlock,
  EventModalResponse,
  MaintenanceNotification,
  MaintenanceResponse,
} from './types';

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new HttpError(response.status, `${url} gaf ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new HttpError(response.status, `${url} gaf geen JSON`);
  }
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
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(`${what} kon niet geladen worden`, error);
}
