import { expect, test, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

interface EmbeddedHome {
  route: string;
  data: { onAir: { channel: { name: string } }; news: { title: string }[] };
}

// The event modal and the maintenance banner would open on the first visit of every fresh context:
// a modal dialog covers what these tests click. They are tested in overlays.spec.ts; here they are
// marked as seen and dismissed before the app starts.
test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

async function embeddedPage<T>(page: Page): Promise<T> {
  const text = await page.locator('script#ether-page').textContent();
  if (!text) throw new Error('The page has no #ether-page data');
  return JSON.parse(text) as T;
}

test('home loads with the store data', async ({ page }) => {
  const pageApiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/page')) pageApiCalls.push(request.url());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Ether/);
  const envelope = await embeddedPage<EmbeddedHome>(page);
  expect(envelope.route).toBe('home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Nu op ${envelope.data.onAir.channel.name}`,
  );
  const first = envelope.data.news[0];
  expect(first, 'the store has at least one news article').toBeDefined();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: first?.title ?? '' })
      .first(),
  ).toBeVisible();
  expect(pageApiCalls, 'the first page comes from the embedded data').toEqual([]);
});

test('in-app links do not reload the document', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const steps: [string, RegExp][] = [
    ['Gids', /^\/gids/],
    ['Nieuws', /^\/nieuws/],
    ["Programma's", /^\/programmas/],
    ['Podcasts', /^\/podcasts/],
    ['Gedraaid', /^\/gedraaid/],
  ];
  for (const [label, path] of steps) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(path);
    await expect(page.locator('#main-heading')).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  }
  await page.getByRole('link', { name: /naar de homepage/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Nu op /);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('an unknown article answers 404 with the Dutch not-found page', async ({ page }) => {
  const response = await page.goto('/nieuws/sport/999999/bestaat-niet');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet (meer)');
  await expect(page.getByRole('main').getByRole('link', { name: 'Naar de homepage' })).toHaveAttribute(
    'href',
    '/',
  );
});

test('the home page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
