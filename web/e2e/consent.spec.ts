import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOwnServer, type OwnServer } from './own-server';
import { suppressOverlays } from './overlay-guard';
import { appShown, expectNoSeriousAxeViolations } from './support';

// Consent (issue 5): the 'Cookie-instellingen' link 1000 ms after each route change, a social
// embed only after consent in 'social', axe with the consent dialog open, and error reporting to a
// Sentry DSN served by this test (a second ether-server started with ETHER_SENTRY_DSN).

const consentLink = (page: Page) => page.getByRole('button', { name: 'Cookie-instellingen' });

interface ArticleRef {
  id: number | string;
  slug: string;
  category: { slug: string };
}

function findArticle(value: unknown, slug: string): ArticleRef | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findArticle(item, slug);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.slug === slug && 'id' in record && record.category && typeof record.category === 'object') {
      return record as unknown as ArticleRef;
    }
    for (const item of Object.values(record)) {
      const found = findArticle(item, slug);
      if (found) return found;
    }
  }
  return null;
}

/** The seeded article with an X post block (server/seed/demo-station.json, 'begrotingsdebat-live'). */
async function socialArticlePath(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/api/page?path=${encodeURIComponent('/nieuws/live')}`);
  expect(response.ok()).toBe(true);
  const article = findArticle(await response.json(), 'begrotingsdebat-live');
  if (!article) throw new Error('the demo seed has no article begrotingsdebat-live with a social block');
  return `/nieuws/${article.category.slug}/${article.id}/${article.slug}`;
}

test.describe('consent', () => {
  test.beforeEach(async ({ context, request }) => {
    await suppressOverlays(context, request, { consent: false });
  });

  test('the consent link appears about 1000 ms after a route change', async ({ page }) => {
    // Times are taken in the page: when the router pushes the new URL, and when the link appears.
    await page.addInitScript(() => {
      const w = window as unknown as { __navAt?: number; __linkAt?: number; __gone?: boolean };
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        w.__navAt = performance.now();
        w.__linkAt = undefined;
        w.__gone = false;
        push(...args);
      };
      // The link of the previous route goes first; its return after the navigation is what counts.
      new MutationObserver(() => {
        if (w.__navAt === undefined || w.__linkAt !== undefined) return;
        const present = [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Cookie-instellingen',
        );
        if (!present) w.__gone = true;
        else if (w.__gone) w.__linkAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(consentLink(page)).toBeVisible();
    await page.getByRole('button', { name: 'Alleen noodzakelijk' }).first().click();

    await page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: /^Nieuws$/ })
      .click();
    await expect(page).toHaveURL(/\/nieuws$/);
    // The old route's link may still be on screen for a moment: wait for the new one's return.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __linkAt?: number }).__linkAt !== undefined), {
        timeout: 5000,
      })
      .toBe(true);
    await expect(consentLink(page)).toBeVisible();
    const delay = await page.evaluate(() => {
      const w = window as unknown as { __navAt?: number; __linkAt?: number };
      return (w.__linkAt ?? Number.NaN) - (w.__navAt ?? Number.NaN);
    });
    expect(delay).toBeGreaterThanOrEqual(900);
    expect(delay).toBeLessThanOrEqual(2000);

    // Keyboard: the link is a button that opens the settings dialog.
    await consentLink(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Cookie-instellingen' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('a social embed appears only after consent in social', async ({ page, request }) => {
    const path = await socialArticlePath(request);
    await page.goto(path);
    const consentBox = page.getByRole('dialog', { name: 'Toestemming voor cookies' });
    await expect(consentBox).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await consentBox.getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await expect(consentBox).toBeHidden();

    const placeholder = page.getByRole('complementary', { name: 'Bericht op X' });
    await expect(placeholder).toBeVisible();
    await expect(page.locator('iframe[src*="platform.twitter.com"]')).toHaveCount(0);
    await placeholder.getByRole('button', { name: 'Toestaan en tonen' }).click();
    const frame = page.locator('iframe[src*="platform.twitter.com"]');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);

    // The choice is stored: a reload shows the post at once.
    await page.reload();
    await expect(page.locator('iframe[src*="platform.twitter.com"]')).toHaveCount(1);
  });
});

test.describe("the consent box in the server's HTML", () => {
  test.beforeEach(async ({ context, request }) => {
    await suppressOverlays(context, request, { consent: false });
  });

  const consentBox = (page: Page) => page.getByRole('dialog', { name: 'Toestemming voor cookies' });

  test('is painted before any script runs, and the choice made in it is stored', async ({
    page,
    request,
  }) => {
    // Drawn by the server: with the app's scripts held back it is there all the same.
    let releaseScripts: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // The document's load waits for its module scripts: what counts is what is on screen meanwhile.
    await page.goto('/', { waitUntil: 'commit' });
    await expect(consentBox(page)).toBeVisible();
    await expect(page.locator('#root [data-server-html]')).toHaveCount(1);
    releaseScripts();

    // The app runs: the box has the focus, as the library's own box took it.
    await appShown(page);
    await expect(consentBox(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(consentBox(page).getByRole('button', { name: 'Alles accepteren' })).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(consentBox(page)).toHaveCount(0);

    const stored = (await page.context().cookies()).find((cookie) => cookie.name === 'cc_cookie');
    expect(stored, 'the library stores the choice in its cookie').toBeDefined();
    const value = JSON.parse(decodeURIComponent(stored?.value ?? '')) as { categories: string[] };
    expect(value.categories.sort()).toEqual(['analytics', 'necessary', 'social']);

    // With the choice stored the server draws no box, and the app shows none either.
    const html = await (await request.get('/', { headers: { Cookie: `cc_cookie=${stored?.value}` } })).text();
    expect(html).not.toContain('id="consent-box"');
    await page.reload();
    await appShown(page);
    await page.waitForTimeout(500);
    await expect(consentBox(page)).toHaveCount(0);
  });

  test('on a small phone it leaves most of the screen free, its two answers side by side and equal (issue 51 polish)', async ({
    page,
  }) => {
    const phone = { width: 375, height: 667 };
    await page.setViewportSize(phone);
    await page.goto('/');
    await appShown(page);
    const box = await consentBox(page).boundingBox();
    if (!box) throw new Error('the consent box is not laid out');
    expect(box.height / phone.height).toBeLessThanOrEqual(0.4);
    expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
    const accept = await consentBox(page).getByRole('button', { name: 'Alles accepteren' }).boundingBox();
    const refuse = await consentBox(page).getByRole('button', { name: 'Alleen noodzakelijk' }).boundingBox();
    if (!accept || !refuse) throw new Error('the answers are not laid out');
    expect(Math.round(refuse.y)).toBe(Math.round(accept.y));
    expect(Math.round(refuse.height)).toBe(Math.round(accept.height));
    await expectNoSeriousAxeViolations(page);
  });

  test("'Zelf kiezen' opens the settings, and the box returns when they close without a choice", async ({
    page,
  }) => {
    await page.goto('/gedraaid');
    await appShown(page);
    await consentBox(page).getByRole('button', { name: 'Zelf kiezen' }).click();
    const settings = page.getByRole('dialog', { name: 'Cookie-instellingen' });
    await expect(settings).toBeVisible();
    await expect(consentBox(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(consentBox(page)).toBeVisible();
    await expect(consentBox(page).getByRole('button', { name: 'Zelf kiezen' })).toBeFocused();

    // A choice saved in the settings closes both.
    await consentBox(page).getByRole('button', { name: 'Zelf kiezen' }).click();
    await settings.getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await expect(settings).toBeHidden();
    await expect(consentBox(page)).toHaveCount(0);
    const stored = (await page.context().cookies()).find((cookie) => cookie.name === 'cc_cookie');
    const value = JSON.parse(decodeURIComponent(stored?.value ?? '{}')) as { categories?: string[] };
    expect(value.categories).toEqual(['necessary']);
  });

  test('is not shown without JavaScript, which sets no cookie that needs consent', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#consent-box')).toHaveCount(1);
    await expect(page.locator('#consent-box')).toBeHidden();
    await context.close();
  });
});

interface Envelope {
  url: string;
  body: string;
}

function startReceiver(): Promise<{ server: Server; port: number; envelopes: Envelope[] }> {
  const envelopes: Envelope[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST')
        envelopes.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Content-Type': 'application/json',
      });
      res.end('{}');
    });
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () =>
      done({ server, port: (server.address() as AddressInfo).port, envelopes }),
    );
  });
}

/** Dispatches an uncaught error whose stack points into the site's own script. */
async function throwInPage(page: Page, message: string) {
  await page.evaluate((msg) => {
    const file = `${location.origin}/assets/index.js`;
    const error = new Error(msg);
    error.stack = `Error: ${msg}\n    at boom (${file}:1:1)`;
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: msg, filename: file, lineno: 1, colno: 1 }),
    );
  }, message);
}

test.describe('error reporting with a DSN', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: OwnServer | undefined;
  let baseURL: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    receiver = await startReceiver();
    server = await startOwnServer(() => ({ ETHER_SENTRY_DSN: `http://e2ekey@127.0.0.1:${receiver.port}/1` }));
    baseURL = server.baseURL;
  });

  test.afterAll(async () => {
    if (!receiver) return;
    await server?.stop();
    await new Promise((done) => receiver.server.close(done));
  });

  test('a thrown error arrives as a Sentry envelope and an ignored error does not', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    await suppressOverlays(context, context.request, { consent: false });
    const page = await context.newPage();
    const site = await page.goto('/');
    expect(site?.headers()['content-security-policy']).toContain(
      `connect-src 'self' http://127.0.0.1:${receiver.port}`,
    );

    // Before consent in 'analytics' nothing is sent.
    await throwInPage(page, 'ether-e2e voor toestemming');
    await page
      .getByRole('dialog', { name: 'Toestemming voor cookies' })
      .getByRole('button', { name: 'Alleen noodzakelijk' })
      .click();
    await throwInPage(page, 'ether-e2e zonder toestemming');

    // With it, the SDK loads and reports.
    await consentLink(page).click();
    const settings = page.getByRole('dialog', { name: 'Cookie-instellingen' });
    await settings.getByRole('button', { name: 'Alles accepteren' }).click();
    await expect(settings).toBeHidden();
    await expect.poll(() => page.evaluate(() => '__SENTRY__' in window), { timeout: 15_000 }).toBe(true);

    await throwInPage(page, 'ResizeObserver loop limit exceeded');
    await throwInPage(page, 'ether-e2e kapot');
    const arrived = () => receiver.envelopes.filter((e) => e.body.includes('"type":"event"'));
    await expect
      .poll(() => arrived().some((e) => e.body.includes('ether-e2e kapot')), { timeout: 15_000 })
      .toBe(true);

    const events = arrived();
    const kapot = events.find((e) => e.body.includes('ether-e2e kapot'));
    if (!kapot) throw new Error('no envelope with the thrown error');
    expect(kapot.url).toContain('/api/1/envelope/');
    expect(kapot.url).toContain('sentry_key=e2ekey');
    expect(kapot.body).toContain('"environment":"production"');
    expect(events.some((e) => e.body.includes('ResizeObserver loop'))).toBe(false);
    expect(events.some((e) => e.body.includes('zonder toestemming'))).toBe(false);
    await context.close();
  });
});
