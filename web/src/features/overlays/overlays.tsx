// The two global overlays as the shell places them. Each fetches once, only when the path rules
// and the storage decisions allow; the event modal's own code is loaded only when there is one to show.

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../../lib/site-context';
import { useAppShown } from '../../lib/use-app-shown';
import { useConsentSettled } from '../consent';
import { toAppPath } from '../../lib/routes';
import { fetchEventModals, fetchMaintenanceNotifications, reportOverlayError } from './api';
import { tellServerDismissed } from './dismissed-cookie';
import { MaintenanceBanner } from './maintenance-banner';
import { wireServerBanner } from './server-banner';
import { SERVER_BANNER_CLOSED } from './server-banner-event';
import { toModalView, type EventModalView } from './modal-view';
import { mayOpenEventModal } from './overlay-order';
import {
  dismissNotification,
  isOnRelatedPath,
  maintenanceKey,
  markModalClosed,
  pickModal,
  pickNotification,
  readIdList,
  shouldFetchModal,
  type KeyValueStorage,
} from './storage';
import type { MaintenanceNotification } from './types';

const EventModal = lazy(() => import('./event-modal'));

// The getters themselves may throw (storage blocked); the storage decisions treat that as empty.
const session: KeyValueStorage = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
};
const local: KeyValueStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

/** Elements inside a dialog (ours, the consent library's) are not where focus returns to. */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"], [aria-modal="true"], #cc-main';

/**
 * The last element focused outside any dialog, followed from the start: when the event modal
 * closes, focus goes back there, even when a dialog before it (the consent box) had focus last.
 */
function useLastFocusOutsideDialogs(): () => HTMLElement | null {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (target: EventTarget | null) => {
      if (target instanceof HTMLElement && target !== document.body && !target.closest(DIALOG_SELECTOR)) {
        last.current = target;
      }
    };
    remember(document.activeElement);
    const onFocus = (event: FocusEvent) => remember(event.target);
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  return useCallback(() => last.current, []);
}

/**
 * The event modal (spec §2, §4): fetched once per session unless hidden here or already seen. It
 * opens only once the consent box is out of the way (consent first, as a broadcaster would ask),
 * and not while another dialog (`held`: the expanded player) is open: never two dialogs at once;
 * nor before the app's page replaces the server's HTML (its focus would be lost).
 */
export function EventModalSlot({ hidden, held = false }: { hidden: boolean; held?: boolean }) {
  const { pathname } = useLocation();
  const { baseUrl } = useSite();
  const consentSettled = useConsentSettled();
  const appShown = useAppShown();
  const [view, setView] = useState<EventModalView | null>(null);
  const requested = useRef(false);
  const returnFocusTo = useLastFocusOutsideDialogs();

  useEffect(() => {
    if (hidden || requested.current || !shouldFetchModal(session)) return;
    requested.current = true;
    fetchEventModals()
      .then((blocks) => {
        const block = pickModal(blocks, session, local);
        if (block) setView(toModalView(block));
      })
      .catch((error: unknown) => reportOverlayError('De eventmodal', error));
  }, [hidden]);

  const id = view?.id;
  const close = useCallback(() => {
    if (id !== undefined) markModalClosed(id, session, local);
    setView(null);
  }, [id]);

  if (!view || hidden || isOnRelatedPath(toAppPath(view.buttonUrl, baseUrl), pathname)) return null;
  if (!mayOpenEventModal({ consentSettled, otherDialogOpen: held, appShown })) return null;
  return (
    <Suspense fallback={null}>
      <EventModal view={view} onClose={close} returnFocusTo={returnFocusTo} />
    </Suspense>
  );
}

// The notifications fetched at start-up (prefetchMaintenanceNotifications), for the banner's first
// render: a bar that appears above the header after the page has painted shifts the whole page.
let prefetched: {
  promise: Promise<MaintenanceNotification[]>;
  value: MaintenanceNotification[] | null;
} | null = null;

/**
 * Starts fetching the maintenance notifications before the app's first render; the promise settles
 * (never rejects) when they are in, so that the first render can wait for them briefly.
 */
export function prefetchMaintenanceNotifications(): Promise<void> {
  const entry: NonNullable<typeof prefetched> = { promise: fetchMaintenanceNotifications(), value: null };
  prefetched = entry;
  return entry.promise.then(
    (value) => {
      entry.value = value;
    },
    () => undefined,
  );
}

/** Makes the close button of the banner in the server's HTML work before the app takes the page over. */
export function wireServerBannerClose(siteCode: string): void {
  wireServerBanner(siteCode, local);
}

/** The maintenance banner (spec §2, §4): the first notification this site's visitor has not dismissed. */
export function MaintenanceBannerSlot({ hidden }: { hidden: boolean }) {
  const { siteCode } = useSite();
  const [notification, setNotification] = useState<MaintenanceNotification | null>(() =>
    !hidden && prefetched?.value ? pickNotification(prefetched.value, local, siteCode) : null,
  );
  const requested = useRef(false);

  useEffect(() => {
    if (hidden || requested.current) return;
    requested.current = true;
    // Closed before this cookie existed, or the cookie lost: the server learns it for the next page.
    tellServerDismissed(readIdList(local, maintenanceKey(siteCode)));
    const pending = prefetched?.promise ?? fetchMaintenanceNotifications();
    prefetched = null;
    pending
      .then((notifications) => setNotification(pickNotification(notifications, local, siteCode)))
      .catch((error: unknown) => reportOverlayError('De onderhoudsmelding', error));
  }, [hidden, siteCode]);

  // Closed in the server's HTML while this page was being drawn (server-banner.ts).
  useEffect(() => {
    const closed = (event: Event) => {
      const id = (event as CustomEvent<number>).detail;
      setNotification((shown) => (shown?.id === id ? null : shown));
    };
    document.addEventListener(SERVER_BANNER_CLOSED, closed);
    return () => document.removeEventListener(SERVER_BANNER_CLOSED, closed);
  }, []);

  if (!notification || hidden) return null;
  return (
    <MaintenanceBanner
      notification={notification}
      onDismiss={() => {
        dismissNotification(notification.id, local, siteCode);
        tellServerDismissed(readIdList(local, maintenanceKey(siteCode)));
        setNotification(null);
      }}
    />
  );
}
