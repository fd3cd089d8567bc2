// The special path rules of spec §2: which global overlays a path hides. One place decides, the
// shell and the overlays only ask.

import { isAppVariant } from './routes';

/** What a path hides: the mini player, the event modal and the maintenance banner. */
export interface HiddenOverlays {
  player: boolean;
  eventModal: boolean;
  maintenanceBanner: boolean;
}

/** A content-management preview: a path containing /preview with the x-craft-live-preview query. */
export function isCmsPreview(pathname: string, search: string): boolean {
  return pathname.includes('/preview') && new URLSearchParams(search).has('x-craft-live-preview');
}

/** The overlays hidden on `pathname` with `search` ('?a=b' or ''). */
export function hiddenOverlays(pathname: string, search: string): HiddenOverlays {
  const app = isAppVariant(pathname);
  const preview = isCmsPreview(pathname, search);
  return {
    player: app || preview || pathname === '/live',
    eventModal: app || preview,
    maintenanceBanner: app,
  };
}
