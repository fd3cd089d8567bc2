import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiError, getCsrfToken, setCsrfToken } from './admin-client';
import { stubUploads } from '../test-support/fake-xhr';
import { uploadMedia } from './media-client';
import { ERROR_MESSAGES } from './error-messages';

const item = { id: 7, kind: 'image', status: 'processing', progress: 0, error: null, name: 'foto.jpg' };
const unauthenticated = {
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Log eerst in.' } },
};

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

describe('uploadMedia', () => {
  it('asks for the session once after a 401 of an instance that had not seen it, then sends again', async () => {
    setCsrfToken('oud-token');
    const sent = stubUploads([unauthenticated, { status: 202, body: { media: item } }]);
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ user: {}, csrfToken: 'vers-token', permissions: [], expiresAt: '' }), {
          status: 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const file = new File(['jpeg'], 'foto.jpg', { type: 'image/jpeg' });

    const media = await uploadMedia('image', file);

    expect(media).toEqual(item);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      '/api/admin/session',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ url: '/api/admin/media/images?name=foto.jpg', csrf: 'vers-token', body: file });
    expect(getCsrfToken()).toBe('vers-token');
  });

  it('retries only once: a second 401 is the answer', async () => {
    const sent = stubUploads([unauthenticated, unauthenticated]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ user: { id: 1 }, csrfToken: 't', permissions: [] }), { status: 200 }),
        ),
      ),
    );

    const refused = uploadMedia('audio', new File(['wav'], 'a.wav'));

    await expect(refused).rejects.toMatchObject({ status: 401, message: ERROR_MESSAGES.unauthenticated });
    expect(sent).toHaveLength(2);
  });

  it('never sends the file again as another account that signed in meanwhile (issue 47)', async () => {
    setCsrfToken('mira', 1);
    const sent = stubUploads([unauthenticated]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ user: { id: 2 }, csrfToken: 'kees', permissions: [] }), {
            status: 200,
          }),
        ),
      ),
    );

    await expect(uploadMedia('audio', new File(['wav'], 'a.wav'))).rejects.toMatchObject({
      code: 'other_account',
    });
    expect(sent).toHaveLength(1);
    setCsrfToken('');
  });

  it('gives the upload its 401 when the session itself has ended, without sending the file again', async () => {
    const sent = stubUploads([unauthenticated]);
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Sessie verlopen.' } }), {
          status: 401,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);

    const refused = uploadMedia('image', new File(['x'], 'x.png'));

    await expect(refused).rejects.toBeInstanceOf(AdminApiError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: ERROR_MESSAGES.unauthenticated });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
  });

  it('does not ask for the session after other refusals', async () => {
    const sent = stubUploads([
      { status: 413, body: { error: { code: 'too_large', message: 'Dit bestand is te groot.' } } },
    ]);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);

    await expect(uploadMedia('image', new File(['x'], 'x.png'))).rejects.toMatchObject({ status: 413 });
    expect(fetch).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});
