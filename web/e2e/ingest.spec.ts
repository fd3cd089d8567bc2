import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInFresh } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations, miniPlayer, refuseAutoplay } from './support';

// Now-playing from a playout system (POST /api/ingest/{channel}/nowplaying) in the mini player:
// the new title appears through the live feed, at once through the Server-Sent Events (spec §4),
// and an ad break dims and disables its buttons (spec §6). The API key comes from a beheerder of its own, made with the server binary's
// create-user command on the running server's data dir (ETHER_E2E_SERVER, ETHER_E2E_DATA_DIR).

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

/** A key with the scope nowplaying:write, made by a new beheerder over the admin API. */
async function ingestKey(request: APIRequestContext): Promise<string> {
  const { headers } = await signInFresh(request, 'beheerder', 'een nieuw wachtwoord voor ingest');
  const key = await request.post('/api/admin/api-keys', {
    data: { name: 'playout e2e', scopes: ['nowplaying:write'] },
    headers,
  });
  expect(key.status()).toBe(201);
  return (await key.json()).key as string;
}

test('an ingested song shows in the mini player and an ad break dims and disables its buttons', async ({
  page,
  request,
}) => {
  const key = await ingestKey(request);
  // Each item in a second of its own: a second item within the same second is a correction of the
  // first, which it replaces (the song was gone from the log once the ad came so fast after it).
  let lastSecond = 0;
  const ingest = async (data: Record<string, unknown>) => {
    await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [100] }).toBeGreaterThan(lastSecond);
    const response = await request.post('/api/ingest/radio2/nowplaying', {
      data,
      headers: { Authorization: `Bearer ${key}` },
    });
    lastSecond = Math.floor(Date.now() / 1000);
    return response;
  };

  await page.goto('/');
  const player = miniPlayer(page);
  await expect(player.getByRole('button', { name: 'Laatste journaal' })).toBeEnabled();

  const title = `Studiolied ${Date.now()}`;
  expect((await ingest({ artist: 'De Band', title, duration: 180 })).status()).toBe(201);
  await expect(player.getByText(title).first()).toBeVisible({ timeout: 30_000 });

  expect((await ingest({ type: 'ad', title: 'Reclame', duration: 60 })).status()).toBe(201);
  await expect(player).toHaveClass(/is-ad-break/, { timeout: 30_000 });
  await expect(player.getByRole('button', { name: 'Laatste journaal' })).toBeDisabled();
  await expect(player.locator('.mini-player__controls')).toHaveCSS('opacity', '0.45');
  // The ad is not a song: the title on show stays the song's.
  await expect(player.getByText(title).first()).toBeVisible();

  expect((await ingest({ artist: 'De Band', title: `${title} II`, duration: 180 })).status()).toBe(201);
  await expect(player).not.toHaveClass(/is-ad-break/, { timeout: 30_000 });
  await expect(player.getByRole('button', { name: 'Laatste journaal' })).toBeEnabled();
});

test('an ingested song reaches the open player through the event stream, long before the 20 s poll', async ({
  page,
  request,
}) => {
  const key = await ingestKey(request);
  // Nothing plays: a playing stream would hold the new song back until it is heard (issue 49).
  await refuseAutoplay(page);
  const infoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/miniplayer/info')) infoRequests.push(r.url());
  });
  const stream = page.waitForResponse(
    (r) => r.url().includes('/api/miniplayer/events') && r.url().includes('channel=radio2'),
  );
  await page.goto('/');
  const player = miniPlayer(page);
  await expect(player.locator('#player-play-button')).toHaveAttribute('aria-busy', 'false');
  expect((await stream).status()).toBe(200);
  await player.getByRole('button', { name: 'Volledige speler' }).click();
  const song = player.getByRole('dialog').locator('.expanded-player__song');
  await expect(song).toBeVisible();
  // The channel load just fetched the info document and the poll comes 20 s after it: the song must
  // come sooner, and with no info request of the page's between the ingest and its showing.
  const requestsBefore = infoRequests.length;
  expect(requestsBefore).toBeGreaterThan(0);
  const title = `Direct lied ${Date.now()}`;
  const response = await request.post('/api/ingest/radio2/nowplaying', {
    data: { artist: 'De Stroom', title, duration: 180 },
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(response.status()).toBe(201);
  await expect(song).toContainText(title, { timeout: 5_000 });
  expect(infoRequests.slice(requestsBefore)).toEqual([]);
});

test('/gedraaid puts a newly played song on top while it is open, the focus and the page kept', async ({
  page,
  request,
}) => {
  const key = await ingestKey(request);
  await refuseAutoplay(page);
  await page.goto('/gedraaid');
  await expect(page.locator('[data-server-html]')).toHaveCount(0);
  const list = page.getByRole('list', { name: /^Gedraaide nummers op / });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // A mark in the window and the focus on a row's link: a reload or a new list would lose both.
  // The second row's, an ended play: the first is the song playing, which the new song ends, and
  // one that began in the same second as the new one is gone from the list with the focus on it
  // (a failed run: the previous test's song, ingested 0.8 s earlier).
  await page.evaluate(() => Object.assign(window, { stillOpen: true }));
  await expect(list.getByRole('listitem').nth(1)).toBeVisible();
  const focused = list.getByRole('listitem').nth(1).getByRole('link').first();
  await focused.focus();
  const focusedName = await focused.textContent();

  const title = `Gedraaid lied ${Date.now()}`;
  const response = await request.post('/api/ingest/radio2/nowplaying', {
    data: { artist: 'De Lijst', title, duration: 180 },
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(response.status()).toBe(201);
  await expect(list.getByRole('listitem').first()).toContainText(title);
  expect(await page.evaluate(() => (window as { stillOpen?: boolean }).stillOpen)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(focusedName);
  await expectNoSeriousAxeViolations(page);
});
