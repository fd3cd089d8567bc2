// The consent feature's entry: starts the lazily loaded library, opens its settings and grants a
// category, whether or not the library has finished loading.

import {
  categoriesFromCookie,
  hasStoredChoice,
  setConsentState,
  settleConsent,
  type ConsentCategory,
} from './consent-store';

type Library = typeof import('./cookie-consent');

let library: Promise<Library> | null = null;

function load(): Promise<Library> {
  library ??= import('./cookie-consent').then(async (lib) => {
    await lib.runCookieConsent();
    return lib;
  });
  return library;
}

/**
 * Reads the stored choices at once (no library needed), then loads and runs the library (its own
 * chunk): at once on a first visit, when the browser is idle otherwise.
 */
export function startConsent(doc: Document = document): void {
  const stored = categoriesFromCookie(doc.cookie);
  if (stored) setConsentState(stored);
  if (hasStoredChoice(doc.cookie, Date.now())) settleConsent();
  const run = () => {
    load().catch((error: unknown) => {
      console.error('Cookie-instellingen konden niet laden', error);
      // No box will ask: what waited for the choice need not wait any longer.
      settleConsent();
    });
  };
  // A first visit shows the box: it loads alongside the page, so that it is painted with the page
  // (a box arriving seconds later would be the page's largest paint). With a choice stored, the
  // library only waits for the settings link and loads when the browser is idle.
  if (!hasStoredChoice(doc.cookie, Date.now())) run();
  else if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 200);
}

/** Opens the consent settings (loads the library first when needed). */
export async function openConsentSettings(): Promise<void> {
  (await load()).showPreferences();
}

/** Grants `category` (for example from a social embed's placeholder). */
export async function grantConsent(category: ConsentCategory): Promise<void> {
  (await load()).acceptCategory(category);
}
