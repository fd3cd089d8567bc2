// The app's side of error reporting (spec §7 "Failed fetches", §8). Code reports through
// `reportError` (also logs to the console) or `reportSilently` (does not); what happens next is up
// to the reporter installed by `setErrorReporter` (the lazily loaded Sentry client, once the visitor
// allowed it). Until one is installed, up to MAX_PENDING reports wait in memory; `setBuffering(false)`
// discards them, and later ones, when the visitor chose without analytics.

/** Sends one error on; installed by the error-reporting client. */
export type Reporter = (error: unknown, context?: Record<string, unknown>) => void;

interface Pending {
  error: unknown;
  context: Record<string, unknown> | undefined;
}

export const MAX_PENDING = 20;

let reporter: Reporter | null = null;
let pending: Pending[] = [];
let buffering = true;

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function deliver(error: unknown, context?: Record<string, unknown>): void {
  if (isAbortError(error)) return;
  if (reporter) {
    reporter(error, context);
    return;
  }
  if (buffering && pending.length < MAX_PENDING) pending.push({ error, context });
}

/** Reports an error without a console line (spec §8 "reported silently"). */
export function reportSilently(error: unknown, context?: Record<string, unknown>): void {
  deliver(error, context);
}

/** Logs an error to the console and reports it. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (isAbortError(error)) return;
  console.error(error);
  deliver(error, context);
}

/** Installs (or, with null, removes) the reporter; reports waiting so far are handed to it. */
export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
  if (!next) return;
  const waiting = pending;
  pending = [];
  for (const { error, context } of waiting) next(error, context);
}

/** Forgets the reports waiting for a reporter (reporting is off for this visit). */
export function dropPending(): void {
  pending = [];
}

/**
 * Whether reports made while no reporter is installed wait for one (the visitor has not chosen
 * yet) or are discarded at once (the visitor chose without analytics). Turning it off drops the
 * waiting reports.
 */
export function setBuffering(on: boolean): void {
  buffering = on;
  if (!on) pending = [];
}

/** The reports waiting for a reporter (for tests). */
export function pendingCount(): number {
  return pending.length;
}

/**
 * Spec §8 "Errors ignored by error reporting": frame-origin blocking, play interrupted by pause,
 * and ResizeObserver loop messages. Given to Sentry as ignoreErrors and checked in beforeSend.
 */
export const IGNORED_ERRORS: RegExp[] = [
  /Blocked a frame with origin/i,
  /The play\(\) request was interrupted by a call to pause\(\)/i,
  /ResizeObserver loop/i,
];

/** Whether an error message is one of the ignored errors of spec §8. */
export function isIgnoredMessage(message: string | undefined | null): boolean {
  if (!message) return false;
  return IGNORED_ERRORS.some((pattern) => pattern.test(message));
}
