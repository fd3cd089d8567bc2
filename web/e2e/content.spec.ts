import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { presetConsent, suppressOverlays } from './overlay-guard';
import {
  appShown,
  audioState,
  embeddedEnvelope,
  expectNoSeriousAxeViolations,
  miniPlayer,
  must,
  type Envelope,
  yesterdaysFragmentsPath,
} from './support';

// News, articles (and their /app variant), fragments, theme pages and previews against the real
// server and its demo store.

interface ArticleCard {
  id: number;
  slug: string;
  title: string;
  category: { slug: string; name: string };
}
interface ContentBlockJson {
  type: string;
  fragment?: { title: string };
  network?: string;
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

function articlePath(a: ArticleCard, app = false) {
  return `${app ? '/app' : ''}/nieuws/${a.category.slug}/${a.id}/${a.slug}`;
}

test('news lists the store articles, a category filters them, paging works', async ({ page }) => {
  const response = await page.goto('/nieuws');
  expect(response?.status()).toBe(200);
  const news = await embeddedEnvelope<{ articles: ArticleCard[]; paging: { pageCount: number } }>(page);
  expect(news.data.articles.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(
    main.getByRole('link', { name: must(news.data.articles[0], 'an article').title }).first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const chips = page.getByRole('navigation', { name: 'Categorieën' });
  await chips.getByRole('link', { name: 'Sport' }).click();
  await expect(page).toHaveURL(/\/nieuws\/sport$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sport');
  await expect(chips.getByRole('link', { name: 'Sport' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  if (news.data.paging.pageCount > 1) {
    await page.goto('/nieuws');
    await page.getByRole('link', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/\/nieuws\?page=2$/);
    await expect(main.getByRole('article').first()).toBeVisible();
  }
  const unknown = await page.goto('/nieuws/bestaat-niet');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet (meer)');
});

test('an article renders its content blocks; its fragment plays in the mini player', async ({
  page,
  request,
}) => {
  await page.goto('/nieuws');
  const news = await embeddedEnvelope<{ articles: ArticleCard[] }>(page);
  // The demo's debate article carries a fragment and a social embed.
  const withSocial =
    news.data.articles.find((a) => a.slug === 'begrotingsdebat-live') ??
    must(news.data.articles[0], 'an article');
  const api = await request.get(`/api/page?path=${encodeURIComponent(articlePath(withSocial))}`);
  const blocks = ((await api.json()) as Envelope<{ article: { blocks: ContentBlockJson[] } }>).data.article
    .blocks;
  const response = await page.goto(articlePath(withSocial));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: withSocial.title })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(miniPlayer(page)).toBeVisible();

  const social = blocks.find((b) => b.type === 'social');
  if (social) {
    const aside = page.getByRole('complementary', { name: /^Bericht op / });
    await expect(aside).toContainText('toestemming geeft voor de categorie ‘sociale media’');
    await expect(page.locator('main iframe')).toHaveCount(0);
  }
  await expectNoSeriousAxeViolations(page);

  const fragment = must(blocks.find((b) => b.type === 'fragment')?.fragment, 'a fragment block');
  const block = page.getByRole('complementary', { name: `Fragment: ${fragment.title}` });
  await block.getByRole('button', { name: 'Luister fragment' }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.2);
  expect((await audioState(page)).src).toMatch(/\/media\/fragments\/.*\.mp3/);
  await expect(miniPlayer(page)).toContainText(fragment.title);
});

test('the /app article has no header, footer, player or banner', async ({ page }) => {
  await page.goto('/nieuws');
  const news = await embeddedEnvelope<{ articles: ArticleCard[] }>(page);
  const article = must(news.data.articles[0], 'an article');
  const response = await page.goto(articlePath(article, true));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(miniPlayer(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  const missing = await page.goto('/app/nieuws/sport/999999/bestaat-niet');
  expect(missing?.status()).toBe(404);
});

test('fragments and a fragment detail; play queues the following fragments and the queue advances', async ({
  page,
}) => {
  const response = await page.goto(yesterdaysFragmentsPath());
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Fragmenten' })).toBeVisible();
  const list = await embeddedEnvelope<{ fragments: { title: string }[] }>(page);
  expect(list.data.fragments.length).toBeGreaterThan(1);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(list.data.fragments.length);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/fragmenten\/[^/]+\/\d+\/\d{4}-\d{2}-\d{2}-[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const next = page.getByRole('region', { name: 'Hierna' }).getByRole('heading', { level: 3 }).first();
  const nextTitle = (await next.textContent())?.trim() ?? '';
  expect(nextTitle, 'the fragment has a next one').not.toBe('');
  await page.getByRole('button', { name: 'Luister fragment' }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.2);
  const first = (await audioState(page)).src;
  // Let it end: the demo fragments are short real MP3s; jump to their last moment.
  await page.evaluate(() => {
    const element = document.getElementById('audio-player-id') as HTMLAudioElement;
    element.currentTime = element.duration - 0.3;
  });
  await expect(miniPlayer(page)).toContainText(nextTitle, { timeout: 15_000 });
  await expect.poll(async () => (await audioState(page)).src, { timeout: 15_000 }).not.toBe(first);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.2);

  const missing = await page.goto('/fragmenten/null/999999/null-null');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet (meer)');
});

test('a theme page shows its blocks and a radio block whose links work', async ({ page }) => {
  const events: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/events')) events.push(r.url());
  });
  const response = await page.goto('/thema/top-2000-dagen');
  expect(response?.status()).toBe(200);
  const theme = await embeddedEnvelope<{ title: string; blocks: { type: string; title: string }[] }>(page);
  await expect(page.getByRole('heading', { level: 1, name: theme.data.title })).toBeVisible();
  const radio = must(
    theme.data.blocks.find((b) => b.type === 'radio'),
    'a radio block',
  );
  const section = page.getByRole('region', { name: radio.title });
  const links = section.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page);

  const internal = section.locator('a:not([target="_blank"])').first();
  const href = (await internal.getAttribute('href')) ?? '';
  await internal.click();
  await expect(page).toHaveURL(new RegExp(href.replace(/[?]/g, '\\?') + '$'));
  // No analytics consent was given, so nothing was sent.
  expect(events).toEqual([]);

  const app = await page.goto('/app/thema/top-2000-dagen');
  expect(app?.status()).toBe(200);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(miniPlayer(page)).toHaveCount(0);
  const overview = await page.goto('/overzicht/zomer-op-ether');
  expect(overview?.status()).toBe(200);
  await expectNoSeriousAxeViolations(page);
  const unknown = await page.goto('/thema/bestaat-niet');
  expect(unknown?.status()).toBe(404);
});

test('with analytics consent a radio block link click is tracked as its counter event', async ({
  page,
  context,
  baseURL,
}) => {
  await presetConsent(context, must(baseURL, 'a base URL'), ['necessary', 'analytics']);
  await page.addInitScript(() => {
    const w = window as unknown as { __beacons: string[] };
    w.__beacons = [];
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) {
        void data.text().then((text) => {
          w.__beacons.push(JSON.stringify({ url: String(url), ...(JSON.parse(text) as object) }));
        });
      }
      return send(url, data);
    };
  });
  await page.goto('/thema/top-2000-dagen');
  // The click is tracked by the app: on the server's HTML before its takeover it is a plain link.
  await appShown(page);
  const theme = await embeddedEnvelope<{ blocks: { type: string; title: string }[] }>(page);
  const radio = must(
    theme.data.blocks.find((b) => b.type === 'radio'),
    'a radio block',
  );
  const internal = page
    .getByRole('region', { name: radio.title })
    .locator('a:not([target="_blank"])')
    .first();
  await internal.click();
  // A beacon's body is not visible to Playwright's request events: read what the page handed over.
  const beacons = () => page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons);
  await expect.poll(beacons, { timeout: 5000 }).toHaveLength(1);
  const sent = (await beacons())[0] ?? '{}';
  const event = JSON.parse(sent) as { url: string; name?: string; type?: string };
  expect(event.url).toBe('/api/events');
  expect(event.name).toMatch(/^player_radioblok_counter_[a-z0-9-]+_[a-z0-9-]+$/);
  expect(event.type).toBe('navigation');
});

// The demo's unpublished overview page 'Winter op Ether' is content page 6 (the sixth in the seed).
const UNPUBLISHED_PAGE_ID = 6;

function previewUrl(pageId: number): URL {
  const server = process.env.ETHER_E2E_SERVER;
  const dataDir = process.env.ETHER_E2E_DATA_DIR;
  if (!server || !dataDir) {
    throw new Error(
      'Set ETHER_E2E_SERVER and ETHER_E2E_DATA_DIR to the running server binary and its data dir',
    );
  }
  const out = execFileSync(server, ['preview-url', String(pageId)], {
    env: { ...process.env, ETHER_DATA_DIR: dataDir, ETHER_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return new URL(out.trim());
}

test('a preview with a valid token renders the unpublished page without player and modal', async ({
  page,
}) => {
  const unpublished = await page.goto('/overzicht/winter-op-ether');
  expect(unpublished?.status()).toBe(404);

  const url = previewUrl(UNPUBLISHED_PAGE_ID);
  expect(url.pathname).toBe(`/overzicht/preview/${UNPUBLISHED_PAGE_ID}`);
  const response = await page.goto(url.pathname + url.search);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Winter op Ether' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Binnenkort' })).toBeVisible();
  await expect(miniPlayer(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const missing = await page.goto(`/overzicht/preview/${UNPUBLISHED_PAGE_ID}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Winter op Ether')).toHaveCount(0);

  const token = url.searchParams.get('x-craft-live-preview') ?? '';
  const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
  const refused = await page.goto(
    `/overzicht/preview/${UNPUBLISHED_PAGE_ID}?x-craft-live-preview=${encodeURIComponent(forged)}`,
  );
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geen toegang tot dit voorbeeld');
  await expect(page.getByText('Winter op Ether')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const otherPage = await page.goto(`/overzicht/preview/1${url.search}`);
  expect(otherPage?.status()).toBe(403);
});
