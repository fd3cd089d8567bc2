import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readEmbeddedPage, readEmbeddedSite } from './api/page-client';
import type { SiteConfig } from './api/types';
import { SiteProvider } from './lib/site-context';
import { createAppRouter } from './app/router';
import { getConsentState, onConsentChange, startConsent } from './features/consent';
import { startErrorReporting } from './features/error-reporting';
import { PlayerProvider } from './features/player';
import { setAnalyticsConsent } from './lib/analytics';
import { popoutChannel } from './lib/routes';
import { appContainer } from './lib/server-html';
import './styles/global.css';

const FALLBACK_SITE: SiteConfig = {
  name: 'Ether',
  baseUrl: window.location.origin,
  siteCode: 'ether',
  defaultChannel: 'radio2',
  channels: [],
};

const site = readEmbeddedSite() ?? FALLBACK_SITE;
startConsent();
// Analytics events (radio block clicks) are sent only while the visitor allows 'analytics'.
setAnalyticsConsent(getConsentState().analytics);
onConsentChange((state) => setAnalyticsConsent(state.analytics));
startErrorReporting(site);
const router = createAppRouter(readEmbeddedPage());
// The server's page HTML stays on screen until the app's first page is ready (lib/server-html).
const root = appContainer();

if (root) {
  createRoot(root).render(
    <StrictMode>
      <SiteProvider site={site}>
        <PlayerProvider
          site={site}
          initialChannel={popoutChannel(window.location.pathname) ?? site.defaultChannel}
        >
          <RouterProvider router={router} />
        </PlayerProvider>
      </SiteProvider>
    </StrictMode>,
  );
}
