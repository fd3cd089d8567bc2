import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type {
  GuideData,
  HomeData,
  PageEnvelope,
  PlayedTracksData,
  PresenterData,
  PresentersData,
  ProgrammeData,
  ProgrammesData,
} from '../src/api/types';
import { suppressOverlays } from './overlay-guard';
import { appShown, audioState, expectNoSeriousAxeViolations, fragmentsPathWithAtLeast } from './support';

// The browsing pages against the real server and its store: every check compares what the page
// shows with what /api/page answers for the same URL, so the tests follow the demo station's clock.

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

async function pageData<T>(request: APIRequestContext, path: string): Promise<PageEnvelope<T>> {
  const response = await request.get(`/api/page?path=${encodeURIComponent(path)}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as PageEnvelope<T>;
}

/** The Amsterdam hour of an instant. */
function amsterdamHour(instant: string): number {
  return Number(
    new Intl.DateTimeFormat('nl-NL', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date(instant)),
  );
}

/** 'HH:mm' in Amsterdam. */
function amsterdamTime(instant: string): string {
  return new Intl.DateTimeFormat('nl-NL', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(instant));
}

function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * The page lists the tracks the server's data of `path` hold. Today's list grows while the test
 * runs: a track that starts between reading the data and rendering the page is no failure; the
 * page is loaded again and compared with fresh data until both are of one moment.
 */
async function expectTracksOf(page: Page, request: APIRequestContext, path: string) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const { data } = await pageData<PlayedTracksData>(request, path);
    const list = page.getByRole('list', { name: `Gedraaide nummers op ${data.channel.name}` });
    await expect(list.getByRole('listitem')).toHaveCount(data.tracks.length, { timeout: 2000 });
    const first = data.tracks[0];
    if (!first) throw new Error('expected tracks');
    const item = list.getByRole('listitem').first();
    await expect(item).toContainText(amsterdamTime(first.from), { timeout: 2000 });
    await expect(item).toContainText(first.completeWork || first.title, { timeout: 2000 });
    await expect(item).toContainText(
      data.channel.classical && first.composer ? first.composer : first.artist,
      {
        timeout: 2000,
      },
    );
  }).toPass({ timeout: 15_000 });
}

test('home shows what is on air, the channels, news, fragments, podcasts and the guide from the store', async ({
  page,
  request,
}) => {
  const { data } = await pageData<HomeData>(request, '/');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nu op ${data.onAir.channel.name}`);
  const main = page.getByRole('main');
  if (data.onAir.broadcast)
    await expect(main.locator('.on-air__show')).toHaveText(data.onAir.broadcast.title);
  // The first load plays the channel on air (spec §4, autoplay): its actions read Stop, the others'
  // Luister live.
  await expect(main.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  for (const { channel } of data.channels) {
    const name =
      channel.slug === data.onAir.channel.slug ? `Stop ${channel.name}` : `Luister live naar ${channel.name}`;
    await expect(main.getByRole('button', { name })).toBeVisible();
  }
  for (const article of data.news.slice(0, 3)) {
    await expect(main.getByRole('link', { name: article.title }).first()).toBeVisible();
  }
  for (const fragment of data.fragments.slice(0, 3)) {
    await expect(main.getByRole('link', { name: fragment.title }).first()).toBeAttached();
  }
  for (const feed of data.podcasts) {
    await expect(main.getByRole('link', { name: feed.title }).first()).toBeAttached();
  }
  await expect(main.locator('.guide-list > li')).toHaveCount(data.guide.length);
  // The hero image is fetched first; images further down load lazily.
  await expect(main.locator('.on-air__image')).toHaveAttribute('fetchpriority', 'high');
  await expect(main.locator('.card__image').first()).toHaveAttribute('loading', 'lazy');
  await expectNoSeriousAxeViolations(page);
});

test('the home play action stops and starts the channel live in the mini player', async ({ page }) => {
  const paused = () =>
    page.evaluate(() => (document.getElementById('audio-player-id') as HTMLAudioElement).paused);
  await page.goto('/');
  // The first load plays the default channel (spec §4, autoplay): its action on the home page is Stop.
  const stop = page.getByRole('main').getByRole('button', { name: 'Stop', exact: true });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(stop).toHaveAttribute('aria-busy', 'false');
  await expect.poll(paused).toBe(false);
  await stop.click();
  await expect.poll(paused).toBe(true);
  const play = page.getByRole('main').getByRole('button', { name: 'Luister live', exact: true });
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  await play.click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Stop', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(paused).toBe(false);
});

test('gedraaid lists the tracks of the store and its filters change the URL and the list', async ({
  page,
  request,
}) => {
  const today = await pageData<PlayedTracksData>(request, '/gedraaid');
  const yesterdayIso = shiftDay(today.data.date, -1);
  const [y, m, d] = yesterdayIso.split('-');
  const yesterdayPath = `/gedraaid/${d}-${m}-${y}`;
  await page.goto('/gedraaid');
  // The filters are the app's from here: the server's HTML has the same form, whose choices
  // the app's takeover would reset, and whose submit is a plain GET of its own.
  await appShown(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Gedraaid op ${today.data.channel.name}`);
  // In the first minutes after midnight in Amsterdam today's list is still empty and points to
  // yesterday's, where this test then looks at the tracks and the hour slots.
  let day = today;
  let dayPath = '/gedraaid';
  if (today.data.tracks.length === 0) {
    await page.getByRole('main').getByRole('link', { name: 'Bekijk wat er gisteren is gedraaid' }).click();
    await expect.poll(() => currentPath(page)).toBe(yesterdayPath);
    day = await pageData<PlayedTracksData>(request, yesterdayPath);
    dayPath = yesterdayPath;
  }
  await expectTracksOf(page, request, dayPath);
  await expectNoSeriousAxeViolations(page);

  // The hour slot of the newest track.
  const newest = day.data.tracks[0];
  if (!newest) throw new Error('the demo station played nothing today or yesterday');
  const hour = amsterdamHour(newest.from);
  const slot = `${hour}_${hour + 1}`;
  await page.getByLabel('Tijdvak', { exact: true }).selectOption(slot);
  expect(currentPath(page), 'choosing does not navigate by itself (WCAG 3.2.2)').toBe(dayPath);
  await page.getByRole('button', { name: 'Toon nummers' }).click();
  await expect.poll(() => currentPath(page)).toBe(`${dayPath}?time=${slot}`);
  await expectTracksOf(page, request, `${dayPath}?time=${slot}`);
  await expect(page.getByLabel('Tijdvak', { exact: true })).toHaveValue(slot);

  // Yesterday, the whole day: the date goes into the path as dd-MM-yyyy.
  await page.getByLabel('Datum', { exact: true }).selectOption(yesterdayIso);
  await page.getByLabel('Tijdvak', { exact: true }).selectOption('0_24');
  await page.getByRole('button', { name: 'Toon nummers' }).click();
  await expect.poll(() => currentPath(page)).toBe(yesterdayPath);
  await expectTracksOf(page, request, yesterdayPath);
  await expect(page.locator('.page-intro')).toHaveText(/^Gisteren, /);
  const yesterday = await pageData<PlayedTracksData>(request, yesterdayPath);

  // The second page, through the pagination links.
  if (yesterday.data.paging.pageCount > 1) {
    await page
      .getByRole('navigation', { name: 'Paginering' })
      .getByRole('link', { name: 'Pagina 2' })
      .click();
    await expect.poll(() => currentPath(page)).toBe(`${yesterdayPath}?page=2`);
    await expectTracksOf(page, request, `${yesterdayPath}?page=2`);
  }

  // Another channel.
  const other = (await pageData<HomeData>(request, '/')).data.channels.find(
    (c) => c.channel.slug !== today.data.channel.slug,
  );
  if (other) {
    await page.goto('/gedraaid');
    await appShown(page);
    await page.getByLabel('Zender', { exact: true }).selectOption(other.channel.slug);
    await page.getByRole('button', { name: 'Toon nummers' }).click();
    await expect.poll(() => currentPath(page)).toBe(`/gedraaid?channel=${other.channel.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Gedraaid op ${other.channel.name}`);
  }
});

function shiftDay(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

test('gedraaid answers a malformed slot with 400 from the API and says when a date is no longer kept', async ({
  page,
  request,
}) => {
  const bad = await request.get(`/api/page?path=${encodeURIComponent('/gedraaid?time=25_26')}`);
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('bad_parameter');
  await page.goto('/gedraaid/01-01-2020');
  await expect(page.getByText(/Gedraaide nummers worden 14 dagen bewaard/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the guide shows the broadcasts of the day, marks the current one and navigates over days and channels', async ({
  page,
  request,
}) => {
  const today = await pageData<GuideData>(request, '/gids');
  await page.goto('/gids');
  await appShown(page);
  const list = page.locator('.guide-list');
  await expect(list.locator('> li')).toHaveCount(today.data.broadcasts.length);
  const now = Date.now();
  const current = today.data.broadcasts.find((b) => Date.parse(b.from) <= now && now < Date.parse(b.until));
  if (current) {
    const marked = list.locator('[aria-current="time"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(current.title);
    await expect(marked).toContainText(`${amsterdamTime(current.from)}–${amsterdamTime(current.until)}`);
    await expect(marked).toContainText('Nu live');
  }
  const days = page.getByRole('navigation', { name: 'Dagen' });
  await expect(days.locator('a[aria-current="date"]')).toContainText('Vandaag');
  await expectNoSeriousAxeViolations(page);

  if (today.data.days.includes(shiftDay(today.data.date, -1))) {
    await days.getByRole('link', { name: /Gisteren/ }).click();
    const [y, m, d] = shiftDay(today.data.date, -1).split('-');
    await expect.poll(() => currentPath(page)).toBe(`/gids/${y}/${m}/${d}`);
    const yesterday = await pageData<GuideData>(request, `/gids/${y}/${m}/${d}`);
    await expect(list.locator('> li')).toHaveCount(yesterday.data.broadcasts.length);
    const first = yesterday.data.broadcasts[0];
    if (first) await expect(list.locator('> li').first()).toContainText(first.title);
    await expect(list.locator('[aria-current="time"]')).toHaveCount(0);
  }

  const other = (await pageData<HomeData>(request, '/')).data.channels.find(
    (c) => c.channel.slug !== today.data.channel.slug,
  );
  if (other) {
    await page.goto('/gids');
    await appShown(page);
    await page.getByLabel('Zender', { exact: true }).selectOption(other.channel.slug);
    expect(currentPath(page)).toBe('/gids');
    await page.getByRole('button', { name: 'Toon gids' }).click();
    await expect.poll(() => currentPath(page)).toBe(`/gids?channel=${other.channel.slug}`);
    const theirs = await pageData<GuideData>(request, `/gids?channel=${other.channel.slug}`);
    await expect(list.locator('> li')).toHaveCount(theirs.data.broadcasts.length);
  }
});

test('programmes, a programme page and its fragments and news come from the store', async ({
  page,
  request,
}) => {
  const { data } = await pageData<ProgrammesData>(request, '/programmas');
  await page.goto('/programmas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Programma's");
  for (const p of data.programmes.slice(0, 5)) {
    await expect(page.getByRole('main').getByRole('link', { name: p.name, exact: true })).toBeAttached();
  }
  await expectNoSeriousAxeViolations(page);

  const chosen = data.programmes[0];
  if (!chosen) throw new Error('the store has no programmes');
  await page.getByRole('main').getByRole('link', { name: chosen.name, exact: true }).click();
  await expect.poll(() => currentPath(page)).toBe(`/programmas/${chosen.slug}`);
  const programme = await pageData<ProgrammeData>(request, `/programmas/${chosen.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(programme.data.programme.name);
  await expect(page.getByRole('main')).toContainText(programme.data.programme.schedule);
  for (const presenter of programme.data.presenters) {
    await expect(
      page.getByRole('main').getByRole('link', { name: presenter.name, exact: true }),
    ).toBeAttached();
  }
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/programmas/${chosen.slug}/fragmenten`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fragmenten van ${chosen.name}`);
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/programmas/${chosen.slug}/nieuws`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nieuws van ${chosen.name}`);
  await expectNoSeriousAxeViolations(page);

  const missing = await page.goto('/programmas/bestaat-niet');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet (meer)');
});

test('presenters and a presenter page come from the store', async ({ page, request }) => {
  const { data } = await pageData<PresentersData>(request, '/presentatoren');
  await page.goto('/presentatoren');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Presentatoren');
  await expect(page.getByRole('main').locator('.card')).toHaveCount(data.presenters.length);
  await expectNoSeriousAxeViolations(page);

  const chosen = data.presenters[0];
  if (!chosen) throw new Error('the store has no presenters');
  await page.getByRole('main').getByRole('link', { name: chosen.name, exact: true }).click();
  await expect.poll(() => currentPath(page)).toBe(`/presentatoren/${chosen.slug}`);
  const presenter = await pageData<PresenterData>(request, `/presentatoren/${chosen.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(presenter.data.presenter.name);
  if (presenter.data.presenter.bio)
    await expect(page.getByRole('main')).toContainText(presenter.data.presenter.bio);
  for (const p of presenter.data.programmes) {
    await expect(page.getByRole('main').getByRole('link', { name: p.name, exact: true })).toBeAttached();
  }
  await expectNoSeriousAxeViolations(page);

  const missing = await page.goto('/presentatoren/niemand-bekend');
  expect(missing?.status()).toBe(404);
});

// Breakpoints of spec §9 from XS to XL: no page scrolls sideways.
for (const width of [320, 600, 768, 1200, 1344]) {
  test(`the browsing pages fit a ${width}px wide screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/',
      '/gedraaid',
      '/gids',
      '/programmas',
      '/presentatoren',
      '/podcasts',
      '/sitemap',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}

test("a fragment card's play button sits on its picture and plays the fragment (issue 39 #1)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await fragmentsPathWithAtLeast(request, 1));
  // Measured once the app has taken over: until then the card is the server's, which it replaces.
  await appShown(page);
  const card = page.getByRole('main').getByRole('article').first();
  const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
  const button = card.getByRole('button', { name: `Luister: ${title}` });
  await expect(button).toBeVisible();
  await expect(card.locator('img.card__image')).toBeVisible();
  const picture = await card.locator('img.card__image').boundingBox();
  const box = await button.boundingBox();
  if (!picture || !box) throw new Error('the card has no picture or no play button');
  // The whole button lies on the picture.
  expect(box.x).toBeGreaterThanOrEqual(picture.x);
  expect(box.y).toBeGreaterThanOrEqual(picture.y);
  expect(box.x + box.width).toBeLessThanOrEqual(picture.x + picture.width);
  expect(box.y + box.height).toBeLessThanOrEqual(picture.y + picture.height);
  await button.click();
  await expect
    .poll(async () => (await audioState(page)).src, { timeout: 10_000 })
    .toContain('/media/fragments/');
  await expect.poll(async () => (await audioState(page)).paused, { timeout: 15_000 }).toBe(false);
  await expect(card.getByRole('button', { name: `Pauze: ${title}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
