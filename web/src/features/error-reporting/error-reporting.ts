// Error reporting follows the analytics consent: with a DSN in the site configuration and consent
// in 'analytics', the Sentry client is loaded and becomes the reporter; without consent (or when
// it is withdrawn) nothing leaves the browser. Until the visitor has chosen, uncaught errors and
// reports wait in memory (bounded) and are handed over if the choice includes analytics; a choice
// without it discards them and keeps nothing after.

import type { SiteConfig } from '../../api/types';
import { reportSilently, setBuffering, setErrorReporter } from '../../lib/error-reporting';
import { getConsentState, onConsentChange } from '../consent';
import { siteHosts } from './sentry-options';

type Client = typeof import('./sentry-client');

/** Starts following the consent; returns a function that stops (for tests). */
export function startErrorReporting(
  site: SiteConfig,
  loadClient: () => Promise<Client> = () => import('./sentry-client'),
): () => void {
  const config = site.errorReporting;
  if (!config?.dsn) return () => undefined;
  const hosts = siteHosts(site.baseUrl, window.location.origin);
  let client: Client | null = null;
  let running = false;

  const onError = (event: ErrorEvent) => {
    if (!running) reportSilently(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!running) reportSilently(event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  const apply = (analytics: boolean) => {
    if (analytics && !running) {
      running = true;
      setBuffering(true);
      loadClient()
        .then((loaded) => {
          client = loaded;
          if (running) setErrorReporter(loaded.startSentry(config, hosts));
        })
        .catch((error: unknown) => {
          running = false;
          console.error('Foutrapportage kon niet starten', error);
        });
    } else if (!analytics && running) {
      running = false;
      setErrorReporter(null);
      setBuffering(false);
      void client?.stopSentry();
    } else if (!analytics) {
      setBuffering(false);
    }
  };

  const unsubscribe = onConsentChange((state) => apply(state.analytics));
  if (getConsentState().analytics) apply(true);
  return () => {
    unsubscribe();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
