// The visitor's consent per category (necessary, analytics, social), as the app sees it. The
// consent library (loaded lazily, see cookie-consent.ts) writes here; hooks and error reporting read
// and subscribe here, so nothing else needs the library. Until the library has run, the choices
// come from its cookie when one was stored on an earlier visit, else everything but 'necessary' is off.

export type ConsentCategory = 'necessary' | 'analytics' | 'social';

export type ConsentState = Readonly<Record<ConsentCategory, boolean>>;

export type ConsentListener = (state: ConsentState) => void;

/** The library's cookie name. */
export const CONSENT_COOKIE = 'cc_cookie';

const NOTHING: ConsentState = { necessary: true, analytics: false, social: false };

let state: ConsentState = NOTHING;
let settled = false;
const listeners = new Set<ConsentListener>();

/** The categories granted in the library's cookie value, or null when there is no usable cookie. */
export function categoriesFromCookie(cookie: string): ConsentState | null {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!entry) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1)));
    if (!parsed || typeof parsed !== 'object' || !('categories' in parsed)) return null;
    const categories = parsed.categories;
    if (!Array.isArray(categories)) return null;
    return fromList(categories.filter((c): c is string => typeof c === 'string'));
  } catch {
    return null;
  }
}

/**
 * Whether the library's cookie holds a choice that has not expired (the library then shows no box).
 * A cookie without an expiration time counts as valid, as the library treats it. The server decides
 * by the same rule whether a page carries the consent box (server/src/shell/consent_box.cpp).
 */
export function hasStoredChoice(cookie: string, now: number): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!entry || !categoriesFromCookie(cookie)) return false;
  try {
    const parsed = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1))) as {
      expirationTime?: unknown;
    };
    return typeof parsed.expirationTime !== 'number' || parsed.expirationTime > now;
  } catch {
    return false;
  }
}

/** The state for a list of accepted category names ('necessary' is always on). */
export function fromList(categories: readonly string[]): ConsentState {
  return {
    necessary: true,
    analytics: categories.includes('analytics'),
    social: categories.includes('social'),
  };
}

/** The current choices. */
export function getConsentState(): ConsentState {
  return state;
}

/** Whether `category` is granted now. */
export function hasConsent(category: ConsentCategory): boolean {
  return state[category];
}

/**
 * Replaces the choices and tells every listener when something changed, or always when `decided`
 * (the visitor just made or confirmed a choice: listeners may then drop what waited for one).
 */
export function setConsentState(next: ConsentState, decided = false): void {
  if (decided) settled = true;
  if (!decided && next.analytics === state.analytics && next.social === state.social) return;
  state = { ...next, necessary: true };
  for (const listener of listeners) listener(state);
}

/**
 * Whether the consent box is out of the way: a choice is stored or was just made, or the box could
 * not load. Until then other dialogs (the event modal) wait, so that two never open at once.
 */
export function isConsentSettled(): boolean {
  return settled;
}

/** Marks the consent question as out of the way (a stored choice, or a box that cannot show). */
export function settleConsent(): void {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener(state);
}

/** Calls `listener` on every change of the choices; returns the unsubscribe function. */
export function onConsentChange(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Back to nothing granted and no listeners (for tests). */
export function resetConsentStore(): void {
  state = NOTHING;
  settled = false;
  listeners.clear();
}
