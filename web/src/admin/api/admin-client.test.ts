import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminApiError,
  adminCreate,
  adminFetch,
  createRetry,
  errorFromBody,
  getCsrfToken,
  setCsrfToken,
  setSessionRenewal,
} from './admin-client';
import { ERROR_MESSAGES } from './error-messages';

describe('errorFromBody', () => {
  it("carries the server's code, field errors and current item, with its code's Dutch message", () => {
    const error = errorFromBody(409, {
      error: {
        code: 'conflict',
        message: 'Iemand anders heeft dit item intussen opgeslagen.',
        fields: { slug: 'Bezet.' },
        current: { id: '7' },
      },
    });
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: ERROR_MESSAGES.conflict,
      serverMessage: 'Iemand anders heeft dit item intussen opgeslagen.',
      fields: { slug: 'Bezet.' },
      current: { id: '7' },
    });
  });

  it('falls back to the given message, or the status, when the body says nothing', () => {
    expect(errorFromBody(413, null, 'Te groot.')).toMatchObject({
      status: 413,
      code: 'unknown',
      message: 'Te groot.',
      fields: {},
    });
    expect(errorFromBody(502, 'Bad Gateway').message).toBe('Er ging iets mis (HTTP 502).');
    expect(errorFromBody(500, { error: { code: 'internal' } })).toMatchObject({
      code: 'internal',
      message: ERROR_MESSAGES.internal,
    });
  });
});

describe('adminCreate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    createRetry.delaysMs = [1000, 3000];
  });

  it('retries a create whose answer was lost with the same Idempotency-Key', async () => {
    createRetry.delaysMs = [0, 0];
    const keys: string[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (calls === 2) {
          return Promise.resolve(
            new Response(JSON.stringify({ error: { code: 'store_unavailable', message: 'x' } }), {
              status: 503,
            }),
          );
        }
        return Promise.resolve(new Response(JSON.stringify({ item: { id: '9' } }), { status: 201 }));
      }),
    );
    await expect(adminCreate('/api/admin/content/programmes', { values: {} })).resolves.toEqual({
      item: { id: '9' },
    });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not retry a refusal', async () => {
    createRetry.delaysMs = [0, 0];
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'invalid_fields', fields: { name: 'Vul in.' } } }), {
          status: 422,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(adminCreate('/api/admin/content/programmes', { values: {} })).rejects.toMatchObject({
      code: 'invalid_fields',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a call after the session ended', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionRenewal(undefined);
    setCsrfToken('');
  });

  const refusal = (status: number, code: string) =>
    Promise.resolve(new Response(JSON.stringify({ error: { code, message: 'x' } }), { status }));

  it('takes the current CSRF token after a 403 bad_csrf_token (signed in again in another tab) and sends once more', async () => {
    setCsrfToken('old');
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init: RequestInit) => {
        const token = (init.headers as Record<string, string>)['X-CSRF-Token'] ?? '';
        if (path === '/api/admin/session')
          // The session as the server answers it: the account and its token.
          return Promise.resolve(
            new Response(JSON.stringify({ user: { id: 1, email: 'mira@ether.local' }, csrfToken: 'new' }), {
              status: 200,
            }),
          );
        sent.push(token);
        if (token !== 'new') return refusal(403, 'bad_csrf_token');
        return Promise.resolve(new Response(JSON.stringify({ item: { id: '3' } }), { status: 200 }));
      }),
    );
    await expect(adminFetch('PUT', '/api/admin/content/programmes/3', { version: 1 })).resolves.toEqual({
      item: { id: '3' },
    });
    expect(sent).toEqual(['old', 'new']);
    expect(getCsrfToken()).toBe('new');
  });

  it('never sends a refused call again as another account: the editor signs in as themselves first (issue 47)', async () => {
    setCsrfToken('mira', 1);
    const sent: string[] = [];
    let browserAccount = 2;
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init: RequestInit) => {
        const token = (init.headers as Record<string, string>)['X-CSRF-Token'] ?? '';
        if (path === '/api/admin/session')
          return Promise.resolve(
            new Response(
              JSON.stringify({ user: { id: browserAccount }, csrfToken: `token-${browserAccount}` }),
              {
                status: 200,
              },
            ),
          );
        sent.push(token);
        if (token !== `token-${browserAccount}`) return refusal(403, 'bad_csrf_token');
        return Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 }));
      }),
    );
    // Another account signed in in another tab; the dialog is shown, and she signs in as that one too.
    const renewal = vi.fn(() => {
      setCsrfToken(`token-${browserAccount}`, browserAccount);
      return Promise.resolve(true);
    });
    setSessionRenewal(renewal);
    await expect(
      adminFetch('POST', '/api/admin/content/articles/3/publish', { version: 1 }),
    ).rejects.toMatchObject({
      code: 'other_account',
    });
    expect(renewal).toHaveBeenCalledTimes(1);
    expect(sent).toEqual(['mira']);
    // Signed in as herself again, the call goes once more, as her.
    setCsrfToken('mira', 1);
    browserAccount = 1;
    sent.length = 0;
    renewal.mockImplementation(() => {
      setCsrfToken('token-1', 1);
      return Promise.resolve(true);
    });
    vi.mocked(fetch).mockImplementationOnce(() => refusal(403, 'bad_csrf_token'));
    await expect(
      adminFetch('POST', '/api/admin/content/articles/3/publish', { version: 1 }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(sent).toEqual(['token-1']);
    setSessionRenewal(undefined);
  });

  it('waits for the editor to sign in again after a 401 and sends once more; every refused call waits for the same sign-in', async () => {
    let signedIn = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        signedIn
          ? Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 }))
          : refusal(401, 'unauthenticated'),
      ),
    );
    let finish: (ok: boolean) => void = () => undefined;
    const renewal = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          finish = resolve;
        }),
    );
    setSessionRenewal(renewal);
    const first = adminFetch('PUT', '/api/admin/content/programmes/3', {});
    const second = adminFetch('GET', '/api/admin/content/programmes');
    await vi.waitFor(() => expect(renewal).toHaveBeenCalledTimes(1));
    signedIn = true;
    finish(true);
    await expect(first).resolves.toEqual({ ok: true });
    await expect(second).resolves.toEqual({ ok: true });
    expect(renewal).toHaveBeenCalledTimes(1);
  });

  it('keeps the refusal when the editor does not sign in again, and never retries the session calls', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => refusal(401, 'unauthenticated')),
    );
    const renewal = vi.fn(() => Promise.resolve(false));
    setSessionRenewal(renewal);
    await expect(adminFetch('PUT', '/api/admin/content/programmes/3', {})).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
    });
    expect(renewal).toHaveBeenCalledTimes(1);
    await expect(adminFetch('GET', '/api/admin/session')).rejects.toMatchObject({ status: 401 });
    expect(renewal).toHaveBeenCalledTimes(1);
  });
});
