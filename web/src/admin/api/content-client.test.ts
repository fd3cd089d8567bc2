import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentApi, forgetOptions } from './content-client';

import { ERROR_MESSAGES } from './error-messages';
afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

// Answers the options of every type (the calls counted per URL) and any other call with an item.
function stubServer(failOptions = false) {
  const fetch = vi.fn((url: string) => {
    if (url.endsWith('/options')) {
      return Promise.resolve(
        failOptions
          ? new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Even niet.' } }), {
              status: 503,
            })
          : new Response(JSON.stringify({ options: [{ value: 1, slug: 'radio2', label: 'Radio 2' }] })),
      );
    }
    return Promise.resolve(new Response(JSON.stringify({ item: { id: '1' } }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  const asked = (type: string) =>
    fetch.mock.calls.filter(([url]) => url === `/api/admin/content/${type}/options`).length;
  return { fetch, asked };
}

describe('the reference options', () => {
  it('are asked once for the session, for every form that needs them', async () => {
    const { asked } = stubServer();
    const [first, second] = await Promise.all([
      contentApi.options('channels'),
      contentApi.options('channels'),
    ]);
    await contentApi.options('channels');
    expect(first.options).toEqual([{ value: 1, slug: 'radio2', label: 'Radio 2' }]);
    expect(second).toBe(first);
    expect(asked('channels')).toBe(1);
    await contentApi.options('programmes');
    expect(asked('programmes')).toBe(1);
  });

  it('are asked again after a change to an item of their type, or when forgotten', async () => {
    const { asked } = stubServer();
    await contentApi.options('programmes');
    await contentApi.options('channels');
    await contentApi.create('programmes', { name: 'Nieuw' });
    await contentApi.options('programmes');
    await contentApi.options('channels');
    expect(asked('programmes')).toBe(2);
    expect(asked('channels')).toBe(1);

    await contentApi.update('programmes', '1', 1, { name: 'Anders' });
    await contentApi.options('programmes');
    expect(asked('programmes')).toBe(3);

    forgetOptions();
    await contentApi.options('channels');
    expect(asked('channels')).toBe(2);
  });

  it('are not remembered when the call failed', async () => {
    stubServer(true);
    await expect(contentApi.options('channels')).rejects.toMatchObject({
      status: 503,
      message: ERROR_MESSAGES.unavailable,
    });
    const { asked } = stubServer();
    await expect(contentApi.options('channels')).resolves.toMatchObject({ options: [{ slug: 'radio2' }] });
    expect(asked('channels')).toBe(1);
  });
});
