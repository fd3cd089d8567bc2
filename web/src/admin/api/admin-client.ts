// The admin app's calls to /api/admin/... (server/src/admin/admin_api.hpp). Every state-changing
// call carries the session's CSRF token; an error answer becomes an AdminApiError with the Dutch
// message of its code (error-messages.ts) and, for forms, the message of each field. A create is
// sent with an Idempotency-Key and retried with the same key when its answer is lost or the store
// is briefly away, so that it is stored once (server/src/admin/idempotent_saves.hpp).
// A call refused because the session ended (401) waits for the editor to sign in again (the
// app's dialog, setSessionRenewal) and is then sent once more; one refused for a stale CSRF token
// (403: the editor signed in again in another tab) takes the current session's token and is sent
// once more, but only as the account that made it: when another account signed in meanwhile, the
// sign-in dialog asks first, and a call is never sent as someone else. What was typed therefore
// never has to be thrown away for a login.

import { errorMessage } from './error-messages';

export type Role = 'beheerder' | 'eindredacteur' | 'redacteur';

export const ROLE_LABELS: Record<Role, string> = {
  beheerder: 'Beheerder',
  eindredacteur: 'Eindredacteur',
  redacteur: 'Redacteur',
};

export interface AdminUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  channels: string[];
  active: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  updatedAt: string;
  /** In the users list: whether the account has a second factor. */
  secondFactor?: boolean;
}

export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
  permissions: string[];
  expiresAt: string;
  /** setupRequired: a beheerder who must set up a second factor before anything else. */
  secondFactor?: { enabled: boolean; required: boolean; setupRequired: boolean };
}

/** The password was right; the second step (a code) is still to come. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  challenge: string;
}

export interface SecondFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
}

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string;
  itemType: string;
  itemId: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A refused or failed call: status 0 when the server could not be reached. Its message is the
 * Dutch one of its code; `serverMessage` is the text the server sent, for logs.
 */
export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  serverMessage = '';
  readonly fields: Record<string, string>;
  /** For 409 on a content item: the item as it is stored now. */
  readonly current: unknown;
  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    current: unknown = undefined,
  ) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.current = current;
  }
}

let csrfToken = '';
// The account of the session this tab works in: a refused call is sent again only as that account.
let sessionUserId: number | undefined;

/**
 * Remembers the CSRF token of the current session (from login or GET /api/admin/session), and,
 * when given, the account it belongs to.
 */
export function setCsrfToken(token: string, userId?: number) {
  csrfToken = token;
  if (userId !== undefined || !token) sessionUserId = userId;
}

/** The account the tab's session belongs to (undefined before one is known). */
export function sessionAccount(): number | undefined {
  return sessionUserId;
}

/**
 * The refusal of a call that the browser's session can no longer send as the account that made
 * it: another account signed in meanwhile (in another tab). It is not sent as that account.
 */
export function otherAccountError(): AdminApiError {
  return new AdminApiError(
    403,
    'other_account',
    'In deze browser is intussen iemand anders ingelogd. Je wijziging is niet verstuurd; log opnieuw in met je eigen account.',
  );
}

/**
 * Signs the editor in again after the session ended: resolves true once a new session is there
 * (its CSRF token set), false when the editor gave up. Set by the app while someone is signed in.
 */
export type SessionRenewal = () => Promise<boolean>;

let renewSession: SessionRenewal | undefined;
let pendingRenewal: Promise<boolean> | undefined;

/** Installs (or, with undefined, removes) what signs the editor in again after a 401. */
export function setSessionRenewal(renewal: SessionRenewal | undefined) {
  renewSession = renewal;
}

// Every call refused at once waits for the same dialog.
function renewOnce(): Promise<boolean> {
  if (!renewSession) return Promise.resolve(false);
  pendingRenewal ??= renewSession().finally(() => {
    pendingRenewal = undefined;
  });
  return pendingRenewal;
}

// The session calls themselves (login, its second step, logout, the session check) are never
// sent again after a sign-in.
const isSessionCall = (path: string) => path.startsWith('/api/admin/session');

/**
 * The session this browser has now, asked without signing in again (an ended session answers
 * null, a failed call undefined); its CSRF token becomes the one sent.
 */
export async function currentSession(): Promise<AdminSession | null | undefined> {
  try {
    const response = await fetch('/api/admin/session', {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (response.status === 401) return null;
    if (!response.ok) return undefined;
    const session = (await response.json()) as Partial<AdminSession>;
    if (typeof session.csrfToken !== 'string' || !session.user) return undefined;
    setCsrfToken(session.csrfToken, session.user.id);
    return session as AdminSession;
  } catch {
    return undefined;
  }
}

/**
 * The current session's CSRF token, asked again after a 403 bad_csrf_token: 'renewed' when the
 * browser has a session (signed in again in another tab), 'signed-out' when it has none.
 */
async function takeCurrentToken(): Promise<'renewed' | 'signed-out' | 'failed'> {
  const session = await currentSession();
  if (session === null) return 'signed-out';
  return session ? 'renewed' : 'failed';
}

// The tabs of one browser share its session cookie: a sign-in in one tab is told to the others,
// so that a tab waiting for its editor to sign in again takes the new session at once.
const sessionChannel = 'ether-admin-session';

function announceSignIn() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(sessionChannel);
  channel.postMessage('signed-in');
  channel.close();
}

/** Calls `listener` whenever another tab of this browser signs in; returns what stops it. */
export function onSignInElsewhere(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(sessionChannel);
  channel.onmessage = (event: MessageEvent) => {
    if (event.data === 'signed-in') listener();
  };
  return () => channel.close();
}

async function announcedSession<T extends object>(call: Promise<T>): Promise<T> {
  const answer = await call;
  if ('csrfToken' in answer) announceSignIn();
  return answer;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string>; current?: unknown };
}

/**
 * The AdminApiError of a refused answer: `parsed` is its JSON body (or null), whose
 * `{"error":{"code","fields","current"}}` it carries, with the Dutch message of its code; `fallback`
 * is the message when the body has no code.
 */
export function errorFromBody(
  status: number,
  parsed: unknown,
  fallback = `Er ging iets mis (HTTP ${status}).`,
): AdminApiError {
  const error = parsed && typeof parsed === 'object' ? (parsed as ErrorBody).error : undefined;
  const failure = new AdminApiError(
    status,
    error?.code ?? 'unknown',
    error?.code ? errorMessage(error.code, status) : fallback,
    error?.fields ?? {},
    error?.current,
  );
  failure.serverMessage = error?.message ?? '';
  return failure;
}

/** Waits between the tries of a create (tests set 0). */
export const createRetry = { delaysMs: [1000, 3000] };

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A create: POST with an Idempotency-Key, tried again with the same key when the server could not
 * be reached or the store was briefly away, so a lost answer never makes a second item.
 */
export async function adminCreate<T>(path: string, body: unknown): Promise<T> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await adminFetch<T>('POST', path, body, key);
    } catch (error) {
      const retriable =
        error instanceof AdminApiError && (error.status === 0 || error.code === 'store_unavailable');
      if (!retriable || attempt >= createRetry.delaysMs.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, createRetry.delaysMs[attempt]));
    }
  }
}

/**
 * Calls the admin API; resolves with the JSON answer (undefined for 204). A call refused for an
 * ended session or a stale CSRF token is sent once more after the session is renewed (see above).
 */
export async function adminFetch<T>(
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const account = sessionUserId;
  try {
    return await sendOnce<T>(method, path, body, idempotencyKey);
  } catch (error) {
    if (!(error instanceof AdminApiError) || isSessionCall(path)) throw error;
    let renewed = false;
    if (error.status === 403 && error.code === 'bad_csrf_token') {
      const current = await takeCurrentToken();
      // The browser's session may now be another account's: the editor signs in as themselves first.
      renewed =
        (current === 'renewed' && sameAccount(account)) || (current !== 'failed' && (await renewOnce()));
    } else if (error.status === 401 && error.code === 'unauthenticated') {
      renewed = await renewOnce();
    }
    if (!renewed) throw error;
    if (!sameAccount(account)) throw otherAccountError();
    return sendOnce<T>(method, path, body, idempotencyKey);
  }
}

/** True when the tab's session is (still) that of `account`, or no account was known when it was sent. */
function sameAccount(account: number | undefined): boolean {
  return account === undefined || sessionUserId === account;
}

async function sendOnce<T>(
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch {
    throw new AdminApiError(0, 'network', errorMessage('network', 0));
  }
  if (response.status === 204) return undefined as T;
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (!response.ok) throw errorFromBody(response.status, parsed);
  return parsed as T;
}

export const adminApi = {
  session: () => adminFetch<AdminSession>('GET', '/api/admin/session'),
  login: (email: string, password: string) =>
    announcedSession(
      adminFetch<AdminSession | SecondFactorChallenge>('POST', '/api/admin/session', { email, password }),
    ),
  loginSecondStep: (challenge: string, code: string) =>
    announcedSession(
      adminFetch<AdminSession>('POST', '/api/admin/session/second-factor', { challenge, code }),
    ),
  secondFactor: () => adminFetch<SecondFactorStatus>('GET', '/api/admin/second-factor'),
  startEnrolment: (password: string) =>
    adminFetch<{ secret: string; uri: string }>('POST', '/api/admin/second-factor/enrolment', { password }),
  confirmEnrolment: (code: string) =>
    adminFetch<{ recoveryCodes: string[] }>('POST', '/api/admin/second-factor/confirmation', { code }),
  disableSecondFactor: (proof: { password: string; code: string }) =>
    adminFetch<undefined>('DELETE', '/api/admin/second-factor', proof),
  renewRecoveryCodes: (proof: { password: string; code: string }) =>
    adminFetch<{ recoveryCodes: string[] }>('POST', '/api/admin/second-factor/recovery-codes', proof),
  resetSecondFactor: (id: number) =>
    adminFetch<{ user: AdminUser }>('DELETE', `/api/admin/users/${id}/second-factor`),
  logout: () => adminFetch<undefined>('DELETE', '/api/admin/session'),
  changePassword: (currentPassword: string, newPassword: string) =>
    adminFetch<AdminSession>('POST', '/api/admin/password', { currentPassword, newPassword }),
  users: () => adminFetch<{ users: AdminUser[] }>('GET', '/api/admin/users'),
  createUser: (user: { name: string; email: string; role: Role; channels: string[] }) =>
    adminFetch<{ user: AdminUser; oneTimePassword: string }>('POST', '/api/admin/users', user),
  updateUser: (id: number, change: Partial<Pick<AdminUser, 'name' | 'role' | 'channels' | 'active'>>) =>
    adminFetch<{ user: AdminUser }>('PATCH', `/api/admin/users/${id}`, change),
  resetPassword: (id: number) =>
    adminFetch<{ user: AdminUser; oneTimePassword: string }>('POST', `/api/admin/users/${id}/password`),
  apiKeys: () => adminFetch<{ apiKeys: ApiKey[]; scopes: string[] }>('GET', '/api/admin/api-keys'),
  createApiKey: (name: string, scopes: string[]) =>
    adminFetch<{ apiKey: ApiKey; key: string }>('POST', '/api/admin/api-keys', { name, scopes }),
  revokeApiKey: (id: number) => adminFetch<{ apiKey: ApiKey }>('DELETE', `/api/admin/api-keys/${id}`),
  /** `name`: a part of the name of who made the change (the server ignores case). */
  audit: (filter: { user?: string; name?: string; type?: string; id?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (filter.user) query.set('user', filter.user);
    if (filter.name?.trim()) query.set('name', filter.name.trim());
    if (filter.type) query.set('type', filter.type);
    if (filter.id) query.set('id', filter.id);
    if (filter.page && filter.page > 1) query.set('page', String(filter.page));
    const text = query.toString();
    return adminFetch<AuditPage>('GET', `/api/admin/audit${text ? `?${text}` : ''}`);
  },
};

/**
 * "22-11-2026 10:15" in Amsterdam time, or '' for null; with `seconds`, "22-11-2026 10:15:07" (versions
 * minutes apart must differ in a list).
 */
export function formatInstant(iso: string | null, { seconds = false }: { seconds?: boolean } = {}): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(new Date(iso));
}

/** The CSRF token of the current session, for calls made without adminFetch (uploads). */
export function getCsrfToken(): string {
  return csrfToken;
}
