// The server draws the maintenance banner into its page HTML (render/maintenance_banner.cpp). Until
// the app takes the page over, its close button would do nothing; this makes it close the banner
// as the app's does (spec §4: remembered in localStorage), from the entry's first task on.

import { tellServerDismissed } from './dismissed-cookie';
import { SERVER_BANNER_CLOSED } from './server-banner-event';
import { dismissNotification, maintenanceKey, readIdList, type KeyValueStorage } from './storage';

const CLOSE_BUTTON = '[data-server-html] .maintenance-banner__close';

/**
 * Closes the server's banner on a click of its close button: the id is stored as dismissed, the
 * server's cookie updated, the banner removed and SERVER_BANNER_CLOSED sent, so that an app page
 * rendered meanwhile drops the same notification.
 */
export function wireServerBanner(siteCode: string, local: KeyValueStorage, doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target;
    const button = target instanceof Element ? target.closest(CLOSE_BUTTON) : null;
    const banner = button?.closest<HTMLElement>('.maintenance-banner');
    const id = Number(banner?.dataset.notificationId);
    if (!banner || !Number.isSafeInteger(id)) return;
    dismissNotification(id, local, siteCode);
    tellServerDismissed(readIdList(local, maintenanceKey(siteCode)), doc);
    banner.remove();
    doc.dispatchEvent(new CustomEvent<number>(SERVER_BANNER_CLOSED, { detail: id }));
  });
}
