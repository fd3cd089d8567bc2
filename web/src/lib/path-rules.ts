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

/**
 * The one form of a path that the site answers (spec §2): no empty segments, no trailing slash
 * ('/live/' and '//live' are '/live'; the root stays '/'). The server moves the other forms here
 * with a 301 (pages/route_table.hpp canonical_path), the app's router likewise.
 */
export function canonicalPath(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/** The overlays hidden on `pathname` with `search` ('?a=b' or ''), judged on its canonical form. */
export function hiddenOverlays(rawPathname: string, search: string): HiddenOverlays {
  const pathname = canonicalPath(rawPathname);
  const app = isAppVariant(pathname);
  const preview = isCmsPreview(pathname, search);
  return {
    player: app || preview || pathname === '/live',
    eventModal: app || preview,
    maintenanceBanner: app,
  };
}
