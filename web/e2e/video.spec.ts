import { expect, test, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { appShown, audioState, expectNoSeriousAxeViolations, miniPlayer, refuseAutoplay } from './support';

// Visual radio and videos against the real server: a live HLS stream made by the server's own
// ffmpeg segmenter, real video files, real decoding in Chromium.

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

test('/live plays the live video stream and shows the show and song on air beside it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The radio's play API calls: none, since the player starts hidden here (spec §2) and must not play.
  const radioPlays: string[] = [];
  page.on('request', (r) => {
    if (/^\/api\/player\/[^/]+\/token$/.test(new URL(r.url()).pathname)) radioPlays.push(r.url());
  });
  await page.goto('/live?channel=3fm');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kijk live: Ether 3FM');
  await expect(page.locator('#audio-player-id')).toHaveCount(1);
  await expect(miniPlayer(page)).toHaveCount(0); // spec §2: no mini player on /live

  // Beside the video: what the live info says is on air now.
  const info = (await (await request.get('/api/miniplayer/info?channel=3fm')).json()) as {
    data: { radioBroadcasts: { data: { name: string }[] } };
  };
  const showName = info.data.radioBroadcasts.data[0]?.name;
  const now = page.getByRole('region', { name: 'Nu op Ether 3FM' });
  if (showName) await expect(now.locator('.on-air__show')).toHaveText(showName);
  await expect(now.getByText('Nu gedraaid')).toBeVisible({ timeout: 25_000 });
  await expect(now.locator('.on-air__song')).not.toBeEmpty();

  const video = page.getByLabel('Livebeelden van Ether 3FM');
  await expect(video).toBeVisible();
  await expect(page.getByText('De livebeelden worden geladen…')).toHaveCount(0, { timeout: 20_000 });
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 40_000 })
    .toBeGreaterThan(2);
  const state = await video.evaluate((v: HTMLVideoElement) => ({
    paused: v.paused,
    width: v.videoWidth,
    error: v.error?.code ?? null,
  }));
  expect(state).toEqual({ paused: false, width: 640, error: null });
  // The first load of a player that starts hidden does not autoplay the radio under the video.
  expect(radioPlays).toEqual([]);
  expect((await audioState(page)).paused).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('/live offers the channels with live video and says so in Dutch when a stream fails', async ({
  page,
}) => {
  await page.route('**/live/radio1/index.m3u8*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{}}' }),
  );
  await page.goto('/live?channel=3fm');
  const choice = page.getByRole('navigation', { name: 'Kies een zender met livebeelden' });
  await expect(choice.getByRole('link', { name: 'Ether 3FM' })).toHaveAttribute('aria-current', 'page');
  await choice.getByRole('link', { name: 'Ether Radio 1' }).click();
  await expect(page).toHaveURL(/\/live\?channel=radio1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kijk live: Ether Radio 1');
  await expect(page.getByRole('alert')).toContainText(
    'De livebeelden van Ether Radio 1 kunnen nu niet worden afgespeeld',
    { timeout: 20_000 },
  );
  await expect(page.getByLabel('Livebeelden van Ether Radio 1')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
});

test('/videos shows every video with poster, title and duration, and plays one inline', async ({ page }) => {
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Video's");
  const items = page.locator('.video-grid__item');
  expect(await items.count()).toBeGreaterThan(1);
  const first = items.first();
  await expect(first.getByRole('heading', { level: 2 })).not.toBeEmpty();
  await expect(first.locator('.video-grid__meta')).toContainText(/\d+:\d\d/);
  const video = first.locator('video');
  await expect(video).toHaveAttribute('poster', /\.webp$/);
  await expect(video).toHaveAttribute('playsinline', '');
  // The server's HTML has the same players, which the app replaces when it takes over: one asked to
  // play before then is taken out of the page, and the app's own never starts.
  await appShown(page);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  await expectNoSeriousAxeViolations(page);
});

test("a video started before the app takes over plays on in the app's player from where it was", async ({
  page,
}) => {
  // The app takes over once its page's code has loaded: held back here until the video has played
  // a while, as on a phone that takes a second or two to start the app.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/videos-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/videos', { waitUntil: 'domcontentloaded' });
  const started = page.locator('[data-server-html] video').first();
  const title = await started.getAttribute('aria-label');
  await started.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => started.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
  release();
  await appShown(page);

  const video = page.locator(`video[aria-label="${title}"]`);
  await expect(video).toHaveCount(1);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused ? 0 : v.currentTime)), { timeout: 15_000 })
    .toBeGreaterThan(1.5);
});

test("a video that cannot play shows 'Video niet beschikbaar' with the error and hides its player", async ({
  page,
}) => {
  await page.goto('/videos');
  // The server's HTML has the same players: this test is about the app's, once it has taken over.
  await appShown(page);
  const first = page.locator('.video-grid__item').first();
  const src = await first.locator('video').getAttribute('src');
  expect(src).toBeTruthy();
  // The file is gone: the server would answer 404 for a missing file just the same.
  await page.route(`**${src}`, (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{}}' }),
  );
  await first.locator('video').evaluate((v: HTMLVideoElement) => {
    v.play().catch(() => undefined);
  });
  await expect(first.getByRole('alert')).toHaveText(/^Video niet beschikbaar: .+/);
  await expect(first.locator('.video__container')).toBeHidden();
  await expect(page.locator('.video-grid__item').nth(1).locator('.video__container')).toBeVisible();
});

test("starting a video pauses the mini player playing live radio; once the video stops, 'Verder luisteren' brings the radio back (issue 51, trip 4)", async ({
  page,
}) => {
  // The first load plays live (spec §4, autoplay: this Chromium allows it).
  await page.goto('/videos');
  await expect(miniPlayer(page).getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect((await audioState(page)).paused).toBe(false);

  const video = page.locator('.video-grid__item').first().locator('video');
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(miniPlayer(page).getByRole('button', { name: 'Afspelen' })).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  const offer = miniPlayer(page).getByRole('button', { name: /^Verder luisteren naar / });
  await expect(offer).toHaveCount(0);

  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(offer).toHaveText(/^Verder luisteren naar Ether /);
  await expectNoSeriousAxeViolations(page);
  await offer.click();
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
  const from = (await audioState(page)).time;
  await expect
    .poll(async () => (await audioState(page)).time, { timeout: 15_000 })
    .toBeGreaterThan(from + 0.5);
  await expect(offer).toHaveCount(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test.describe('/live: the visitor came to watch (issue 39 #4)', () => {
  const videoOf = (page: Page) => page.getByLabel('Livebeelden van Ether 3FM');
  const playingVideo = async (page: Page) => {
    await expect
      .poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 1), {
        timeout: 40_000,
      })
      .toBe(true);
  };

  test("the video starts by itself; 'Verder luisteren' plays the channel's radio instead", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/live?channel=3fm');
    await playingVideo(page);
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect(page.getByRole('button', { name: 'Kijk de livebeelden' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Geluid aan' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Verder luisteren' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(videoOf(page)).toHaveCount(0);
    await expect
      .poll(async () => (await audioState(page)).src, { timeout: 15_000 })
      .toContain('/live/3fm.mp3');
    const from = (await audioState(page)).time;
    await expect
      .poll(async () => (await audioState(page)).time, { timeout: 15_000 })
      .toBeGreaterThan(from + 0.5);
    await expect(miniPlayer(page).getByRole('button', { name: 'Stop' })).toBeVisible();
  });

  test("where only muted autoplay is allowed, it plays muted with 'Geluid aan'", async ({ page }) => {
    test.setTimeout(60_000);
    // As Chromium does on a first visit without a gesture: sound needs one, muted does not.
    await page.addInitScript(() => {
      let gesture = false;
      window.addEventListener('pointerdown', (e) => (gesture ||= e.isTrusted), true);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!gesture && !this.muted)
          return Promise.reject(new DOMException('needs a gesture', 'NotAllowedError'));
        return play.call(this);
      };
    });
    await page.goto('/live?channel=3fm');
    await playingVideo(page);
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.getByRole('button', { name: 'Geluid aan' }).click();
    await expect.poll(() => videoOf(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect(page.getByRole('button', { name: 'Geluid aan' })).toHaveCount(0);
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  test('where the browser refuses autoplay, a clear play button starts the pictures', async ({ page }) => {
    test.setTimeout(60_000);
    await refuseAutoplay(page);
    await page.goto('/live?channel=3fm');
    const start = page.getByRole('button', { name: 'Kijk de livebeelden' });
    await expect(start).toBeVisible({ timeout: 20_000 });
    expect(await videoOf(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await start.click();
    await playingVideo(page);
    await expect(start).toHaveCount(0);
  });
});
