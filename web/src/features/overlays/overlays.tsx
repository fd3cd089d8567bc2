// The two global overlays as the shell places them. Each fetches once, only when the path rules
// and the storage decisions allow; the event modal's own code is loaded only when there is one to show.

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../../app/site-context';
import { toAppPath } from '../../lib/routes';
import { fetchEventModals, fetchMaintenanceNotifications, reportOverlayError } from './api';
import { MaintenanceBanner } from './maintenance-banner';
import { toModalView, type EventModalView } from './modal-view';
import {
  dismissNotification,
  isOnRelatedPath,
  markModalClosed,
  pickModal,
  pickNotification,
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

/** The event modal (spec §2, §4): fetched once per session unless hidden here or already seen. */
export function EventModalSlot({ hidden }: { hidden: boolean }) {
  const { pathname } = useLocation();
  const { baseUrl } = useSite();
  const [view, setView] = useState<EventModalView | null>(null);
  const requested = useRef(false);

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
  return (
    <Suspense fallback={null}>
      <EventModal view={view} onClose={close} />
    </Suspense>
  );
}

/** The maintenance banner (spec §2, §4): the first notification this site's visitor has not dismissed. */
export function MaintenanceBannerSlot({ hidden }: { hidden: boolean }) {
  const { siteCode } = useSite();
  const [notification, setNotification] = useState<MaintenanceNotification | null>(null);
  const requested = useRef(false);

  useEffect(() => {
    if (hidden || requested.current) return;
    requested.current = true;
    fetchMaintenanceNotifications()
      .then((notifications) => setNotification(pickNotification(notifications, local, siteCode)))
      .catch((error: unknown) => reportOverlayError('De onderhoudsmelding', error));
  }, [hidden, siteCode]);

  if (!notification || hidden) return null;
  return (
    <MaintenanceBanner
      notification={notification}
      onDismiss={() => {
        dismissNotification(notification.id, local, siteCode);
        setNotification(null);
      }}
    />
  );
}
