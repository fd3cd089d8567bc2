import { expect, test } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { startOwnServer, type OwnServer } from './own-server';
import { appShown, audioState, fragmentsPathWithAtLeast, miniPlayer, watchCspViolations } from './support';

// spec §7 "Stream loading": the stream loads from {environmentDomain}. A server started with
// ETHER_STREAM_DOMAIN (a stream origin such as a CDN) names it in every play API answer and its
// Content-Security-Policy; the page, on another origin, plays live radio and a fragment from there.

test.describe('a stream domain (ETHER_STREAM_DOMAIN)', () => {
  let server: OwnServer | undefined;
  let streamOrigin: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // localhost and 127.0.0.1 are two origins to the browser: the page is on one, streams on the other.
    server = await startOwnServer((port) => ({ ETHER_STREAM_DOMAIN: `http://localhost:${port}` }));
    streamOrigin = `http://localhost:${server.port}`;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('live radio and a fragment play from the stream domain, within the policy', async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: server?.baseURL ?? '' });
    await suppressOverlays(context, context.request);
    const page = await context.newPage();
    const cspViolations = await watchCspViolations(page);
    const site = await page.goto('/');
    expect(site?.headers()['content-security-policy']).toContain(
      `media-src 'self' blob: https: ${streamOrigin};`,
    );
    await appShown(page);

    // The first load plays the live stream (autoplay is allowed in these tests), from the stream origin.
    await expect
      .poll(async () => (await audioState(page)).src)
      .toMatch(new RegExp(`^${streamOrigin}/live/radio2\\.mp3\\?token=`));
    const liveStart = (await audioState(page)).time;
    await expect
      .poll(async () => (await audioState(page)).time, { timeout: 15_000 })
      .toBeGreaterThan(liveStart + 1);

    await page.goto(await fragmentsPathWithAtLeast(context.request, 1));
    await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Luister: / })
      .click();
    await expect
      .poll(async () => (await audioState(page)).src)
      .toMatch(new RegExp(`^${streamOrigin}/media/fragments/`));
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect(miniPlayer(page).getByRole('button', { name: 'Pauze', exact: true })).toBeVisible();
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });

  test('the live video loads its playlists from the stream domain (CORS, connect-src)', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: server?.baseURL ?? '' });
    await suppressOverlays(context, context.request);
    const page = await context.newPage();
    const cspViolations = await watchCspViolations(page);
    const playlists: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.m3u8')) playlists.push(request.url());
    });
    await page.goto('/live?channel=3fm');
    const video = page.locator('video').first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 })
      .toBeGreaterThan(1);
    expect(playlists.length).toBeGreaterThan(0);
    expect(playlists.every((url) => url.startsWith(`${streamOrigin}/live/3fm/`))).toBe(true);
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });
});
