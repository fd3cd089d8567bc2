// Error reporting follows the analytics consent: with a DSN in the site configuration and consent
// in 'analytics', the Sentry client is loaded and becomes the reporter; without consent (or when
// it is withdrawn) nothing leaves the browser. Uncaught errors before the SDK runs are kept with
// the other waiting reports (bounded) and handed over when it starts.

import type { SiteConfig } from '../../api/types';
import { dropPending, reportSilently, setErrorReporter } from '../../lib/error-reporting';
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
      dropPending();
      void client?.stopSentry();
    } else if (!analytics) {
      dropPending();
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
