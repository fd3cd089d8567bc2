// The server draws the maintenance banner into its page HTML, so that the page does not move down
// when the app takes over (issue 51). The notifications a visitor closed stay in localStorage (spec
// §4), which a server cannot read; this cookie tells it the same ids (shell/maintenance_choice.hpp).
// A functional cookie of the visitor's own choice: it needs no consent.

export const DISMISSED_COOKIE = 'ether_maintenance_dismissed';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie text for `ids` (joined by dots); with none it deletes the cookie. */
export function dismissedCookie(ids: readonly number[]): string {
  const value = ids.filter((id) => Number.isSafeInteger(id) && id >= 0).join('.');
  const age = value ? A_YEAR_IN_SECONDS : 0;
  return `${DISMISSED_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax`;
}

/** Tells the server which notifications are closed; blocked cookies leave it as it was. */
export function tellServerDismissed(ids: readonly number[], doc: Document = document): void {
  try {
    doc.cookie = dismissedCookie(ids);
  } catch {
    // Cookies blocked: the server then draws the banner, and the app takes it away at once.
  }
}
