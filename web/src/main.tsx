import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readEmbeddedPage, readEmbeddedSite } from './api/page-client';
import type { SiteConfig } from './api/types';
import { AppNavigateContext, type AppNavigate } from './components/app-link';
import { SiteProvider } from './lib/site-context';
import { preloadPage } from './app/page-registry';
import { createAppRouter } from './app/router';
import { getConsentState, onConsentChange, startConsent } from './features/consent';
import { startErrorReporting } from './features/error-reporting';
import { prefetchMaintenanceNotifications, wireServerBannerClose } from './features/overlays';
import { installBackGuard, leaveExpandedEntry, PlayerProvider, rememberedChannel } from './features/player';
import { setAnalyticsConsent } from './lib/analytics';
import { hiddenOverlays } from './lib/path-rules';
import { popoutChannel } from './lib/routes';
import { appContainer } from './lib/server-html';
import { nextTask } from './lib/task-queue';
import './styles/global.css';
import './components/section.css';
// In the first stylesheet rather than their pages' lazy chunks: the server's HTML of the podcast
// broadcast-hour and song pages uses these classes before the chunk has loaded, and without JavaScript;
// so does the day navigation of the fragments pages, which otherwise wrapped until the app took over,
// and the live page's stage and player.
import './components/day-nav.css';
import './features/broadcasts/broadcasts.css';
import './features/live/live.css';
import './features/podcasts/podcasts.css';
import './features/tracks/tracks.css';

const FALLBACK_SITE: SiteConfig = {
  name: 'Ether',
  baseUrl: window.location.origin,
  siteCode: 'ether',
  defaultChannel: 'radio2',
  channels: [],
};

const site = readEmbeddedSite() ?? FALLBACK_SITE;
const consentDrawn = startConsent();
// Analytics events (radio block clicks) are sent only while the visitor allows 'analytics'.
setAnalyticsConsent(getConsentState().analytics);
onConsentChange((state) => setAnalyticsConsent(state.analytics));
startErrorReporting(site);
wireServerBannerClose(site.siteCode);
const initialPage = readEmbeddedPage();

// The most the first render waits for the maintenance notifications; a slower answer shows the
// banner when it comes.
const BANNER_WAIT_MS = 1000;
// The most the first render waits for a consent box drawn by the library (a first visit whose page
// came without the server's box) to be painted.
const CONSENT_WAIT_MS = 1000;

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/**
 * What the first render needs, fetched in parallel: the page's own chunk (so that the page appears
 * at once, not after a loading state), the maintenance notifications (so that the banner is in
 * the first layout instead of pushing the page down after it) and, when the consent library draws
 * the consent box, its first frame (so that the box is drawn before the render's tasks, not among
 * them).
 */
function firstRenderReady(): Promise<unknown> {
  const waits: Promise<unknown>[] = [Promise.race([consentDrawn, timeout(CONSENT_WAIT_MS)])];
  if (initialPage) waits.push(preloadPage(initialPage.route).catch(() => undefined));
  if (!hiddenOverlays(window.location.pathname, window.location.search).maintenanceBanner) {
    waits.push(Promise.race([prefetchMaintenanceNotifications(), timeout(BANNER_WAIT_MS)]));
  }
  return Promise.all(waits);
}

// The server's page HTML stays on screen until the app's first page is ready (lib/server-html).
const root = appContainer();

if (root) {
  void firstRenderReady().then(() => {
    // Setting up the router (its history, the routes' patterns, the scroll positions kept in
    // session storage) is a task of its own: in the entry's evaluation or in the first render's
    // task it made either one longer (issue 13, total blocking time).
    // Ahead of the router's own: 'back' closes the expanded player without the router seeing it.
    installBackGuard();
    const router = createAppRouter(initialPage);
    // A link followed from the open expanded player replaces its history entry (issue 39 #9).
    const navigate: AppNavigate = (path, options) =>
      void leaveExpandedEntry().then(() => router.navigate(path, options));
    nextTask(() =>
      createRoot(root).render(
        <StrictMode>
          <SiteProvider site={site}>
            <PlayerProvider
              site={site}
              initialChannel={
                popoutChannel(window.location.pathname) ?? rememberedChannel(site) ?? site.defaultChannel
              }
              autoplay={
                popoutChannel(window.location.pathname)
                  ? 'take-over'
                  : !hiddenOverlays(window.location.pathname, window.location.search).player
              }
            >
              <AppNavigateContext.Provider value={navigate}>
                <RouterProvider router={router} />
              </AppNavigateContext.Provider>
            </PlayerProvider>
          </SiteProvider>
        </StrictMode>,
      ),
    );
  });
}
