// The one way the web app talks HTTP (spec §8): every call goes through `request` or `fetchJson`,
// so a failure is always a NetworkError (no answer), a NotFoundError (404) or an HttpError (any
// other non-ok status, or an answer that is not the JSON asked for). Aborts pass through unchanged.

import { reportError } from './error-reporting';

/** An HTTP request failed; carries a message and the status (0 when there was no usable answer). */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/** The not-found error of spec §8: an HttpError with statusCode 404. */
export class NotFoundError extends HttpError {
  declare readonly statusCode: 404;
  constructor(message: string) {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Whether `error` is one of the fetch errors above (they are expected, not bugs). */
export function isFetchError(error: unknown): error is HttpError | NetworkError {
  return error instanceof HttpError || error instanceof NetworkError;
}

/** Whether `error` is the abort of a request the caller cancelled. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface RequestOptions {
  signal?: AbortSignal;
  cache?: RequestCache;
  accept?: string;
}

/** Fetches `url`; throws NetworkError when there is no answer. Any status is returned. */
export async function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const init: RequestInit = { headers: { Accept: options.accept ?? 'application/json' } };
  if (options.signal) init.signal = options.signal;
  if (options.cache) init.cache = options.cache;
  try {
    return await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    throw new NetworkError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The error for a non-ok answer: NotFoundError for 404, else an HttpError with the status text. */
export function errorForStatus(url: string, response: Response): HttpError {
  const text = response.statusText || `HTTP ${response.status}`;
  if (response.status === 404) return new NotFoundError(`${url}: ${text}`);
  return new HttpError(response.status, `${url}: ${text}`);
}

/** Fetches `url` and parses its JSON body; throws the errors above on failure. */
export async function fetchJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(url, options);
  if (!response.ok) throw errorForStatus(url, response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new HttpError(response.status, `${url}: geen geldige JSON`);
  }
}

/**
 * spec §7 "Failed fetches": a generic fetch whose failure is reported to error reporting and yields
 * no result (undefined) instead of an exception.
 */
export async function fetchJsonOrNothing<T = unknown>(
  url: string,
  options: RequestOptions = {},
): Promise<T | undefined> {
  try {
    return await fetchJson<T>(url, options);
  } catch (error) {
    // A request the caller cancelled did not fail.
    if (!options.signal?.aborted) reportError(error, { url });
    return undefined;
  }
}
