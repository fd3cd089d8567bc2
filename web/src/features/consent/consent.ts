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

/** Resolves once the browser has painted a frame after now (a task queued from that frame's rAF). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    window.requestAnimationFrame(() => window.setTimeout(resolve, 0));
  });
}

/**
 * Reads the stored choices at once (no library needed), then loads and runs the library (its own
 * chunk): at once on a first visit, when the browser is idle otherwise. Resolves once the consent
 * box, when there is one, has been painted (at once with a choice stored, also when the library
 * fails to load), so that the app's first render can wait for it.
 */
export function startConsent(doc: Document = document): Promise<void> {
  const stored = categoriesFromCookie(doc.cookie);
  if (stored) setConsentState(stored);
  const hasChoice = hasStoredChoice(doc.cookie, Date.now());
  if (hasChoice) settleConsent();
  const run = () =>
    load().catch((error: unknown) => {
      console.error('Cookie-instellingen konden niet laden', error);
      // No box will ask: what waited for the choice need not wait any longer.
      settleConsent();
    });
  // A first visit shows the box. Its chunk is preloaded by the page's HTML (vite.config.ts) and it
  // runs before the app's first render, which then waits for the box's frame: a box drawn among or
  // after the render's tasks is the page's largest paint, seconds after the server's HTML (issue
  // 13). With a choice stored, the library only waits for the settings link and loads when the
  // browser is idle.
  if (!hasChoice) return run().then(afterNextPaint);
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => void run(), { timeout: 2000 });
  else window.setTimeout(() => void run(), 200);
  return Promise.resolve();
}

/** Opens the consent settings (loads the library first when needed). */
export async function openConsentSettings(): Promise<void> {
  (await load()).showPreferences();
}

/** Grants `category` (for example from a social embed's placeholder). */
export async function grantConsent(category: ConsentCategory): Promise<void> {
  (await load()).acceptCategory(category);
}
