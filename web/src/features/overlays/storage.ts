// The storage decisions of spec §4 (event modal and maintenance banner) over a plain storage
// interface, so they can be tested without a browser. Storage that throws (blocked cookies, private
// mode) counts as empty and writes are dropped: the overlays then simply show again next time.

import type { EventModalBlock, MaintenanceNotification } from './types';

/** The part of the Web Storage API the decisions use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const MODAL_CHECKED_KEY = 'isModalChecked';
export const MODALS_SHOWN_KEY = 'modalsShown';

/** The localStorage key of the dismissed maintenance notifications of a site. */
export const maintenanceKey = (siteCode: string): string => `${siteCode}-maintenance-notifications`;

function read(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage full or blocked: nothing to remember then.
  }
}

/** A JSON array of ids; anything else reads as empty. */
export function readIdList(storage: KeyValueStorage, key: string): number[] {
  const text = read(storage, key);
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function appendId(storage: KeyValueStorage, key: string, id: number): void {
  const ids = readIdList(storage, key);
  if (!ids.includes(id)) ids.push(id);
  write(storage, key, JSON.stringify(ids));
}

/** Step 1: the modal is not fetched once sessionStorage isModalChecked is set. */
export function shouldFetchModal(session: KeyValueStorage): boolean {
  return !read(session, MODAL_CHECKED_KEY);
}

/**
 * Steps 2 and 3: the first published block, or null. When that block was shown before
 * (its id is in localStorage modalsShown), isModalChecked is set and null is returned.
 */
export function pickModal(
  blocks: readonly EventModalBlock[],
  session: KeyValueStorage,
  local: KeyValueStorage,
): EventModalBlock | null {
  const block = blocks.find((candidate) => candidate.published);
  if (!block) return null;
  if (readIdList(local, MODALS_SHOWN_KEY).includes(block.id)) {
    write(session, MODAL_CHECKED_KEY, '1');
    return null;
  }
  return block;
}

/** Step 4: the modal is not shown on (or below) its own related path. */
export function isOnRelatedPath(relatedUrl: string, pathname: string): boolean {
  return relatedUrl !== '' && pathname.startsWith(relatedUrl);
}

/** Step 5: on close isModalChecked = '1' and the id is appended to modalsShown. */
export function markModalClosed(id: number, session: KeyValueStorage, local: KeyValueStorage): void {
  write(session, MODAL_CHECKED_KEY, '1');
  appendId(local, MODALS_SHOWN_KEY, id);
}

/** The first notification not yet dismissed on this site, or null. */
export function pickNotification(
  notifications: readonly MaintenanceNotification[],
  local: KeyValueStorage,
  siteCode: string,
): MaintenanceNotification | null {
  const dismissed = readIdList(local, maintenanceKey(siteCode));
  return notifications.find((notification) => !dismissed.includes(notification.id)) ?? null;
}

/** Dismissing a notification keeps it away for good on this site. */
export function dismissNotification(id: number, local: KeyValueStorage, siteCode: string): void {
  appendId(local, maintenanceKey(siteCode), id);
}
