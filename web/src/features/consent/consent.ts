// The consent feature's entry: starts the lazily loaded library, opens its settings and grants a
// category, whether or not the library has finished loading.

import { serverConsentBox, wireConsentBox } from './consent-box';
import {
  categoriesFromCookie,
  hasStoredChoice,
  isConsentSettled,
  onConsentChange,
  setConsentState,
  settleConsent,
  type ConsentCategory,
} from './consent-store';
import type { RunOptions } from './cookie-consent';

type Library = typeof import('./cookie-consent');

let library: Promise<Library> | null = null;
// How the library runs: decided by startConsent before the first load.
let runOptions: RunOptions = { autoShow: true };

function load(): Promise<Library> {
  library ??= import('./cookie-consent').then(async (lib) => {
    await lib.runCookieConsent(runOptions);
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

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 200);
}

/**
 * Reads the stored choices at once (no library needed), then loads and runs the library (its own
 * chunk). On a first visit the page's HTML holds the server's consent box, painted with the page
 * (issue 13: drawn by the library it was the page's largest paint, seconds later): its buttons are
 * wired here and the library loads when the browser is idle, to store the choice and show the
 * settings. A page without that box on a first visit has the library draw its own at once. With a
 * choice stored the library only waits for the settings link and loads when idle. Resolves once
 * a box drawn by the library has been painted (at once otherwise, also when the library fails to
 * load), so that the app's first render can wait for it.
 */
export function startConsent(doc: Document = document): Promise<void> {
  const stored = categoriesFromCookie(doc.cookie);
  if (stored) setConsentState(stored);
  const hasChoice = hasStoredChoice(doc.cookie, Date.now());
  const serverBox = serverConsentBox(doc);
  const run = () =>
    load().catch((error: unknown) => {
      console.error('Cookie-instellingen konden niet laden', error);
      // No box will ask: what waited for the choice need not wait any longer.
      settleConsent();
      return null;
    });
  if (hasChoice) {
    serverBox?.remove();
    settleConsent();
    whenIdle(() => void run());
    return Promise.resolve();
  }
  if (!serverBox) return run().then(afterNextPaint);

  const box = wireConsentBox(serverBox, (choice) => {
    void run().then((lib) => {
      if (!lib) return;
      if (choice === 'preferences') {
        box.stepAside();
        lib.showPreferences();
      } else {
        lib.acceptChoice(choice);
      }
    });
  });
  runOptions = {
    autoShow: false,
    onPreferencesHidden: () => {
      if (!isConsentSettled()) box.comeBack();
    },
  };
  const stopListening = onConsentChange(() => {
    if (!isConsentSettled()) return;
    stopListening();
    box.close();
  });
  whenIdle(() => void run());
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
