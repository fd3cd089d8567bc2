import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { presetConsent } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// The event modal and the maintenance banner against the real server and the demo station: one
// published modal with a countdown whose relatedUrl is /thema/top-2000-dagen, and one dismissable
// maintenance notification with an https url (server/seed/demo-station.json).

const RELATED_PATH = '/thema/top-2000-dagen';
const STATUS_URL = /^https:\/\/status\.ether\.example\//;

function modal(page: Page) {
  return page.getByRole('dialog', { name: 'De Top 2000 Dagen komen eraan!' });
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Onderhoudsmelding' });
}

// The consent box (consent.spec.ts) is also a dialog: a stored choice keeps it closed here.
test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL ?? 'http://127.0.0.1:18080');
});

/** A fresh context (empty storage) with a page on the home page, its modal open. */
async function firstVisit(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await presetConsent(context, test.info().project.use.baseURL ?? 'http://127.0.0.1:18080');
  const page = await context.newPage();
  await page.goto('/');
  await expect(modal(page)).toBeVisible();
  // Focus moves in once the dialog has wired its keys (Escape, Tab): only then is it ready.
  await expect(modal(page).getByRole('button', { name: 'Sluiten' })).toBeFocused();
  return { context, page };
}

test.describe('the event modal', () => {
  test('shows on a first visit as a labelled modal dialog with focus inside', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    const dialog = modal(page);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'Stem en lees meer' })).toHaveAttribute(
      'href',
      RELATED_PATH,
    );
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Stem en lees meer' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeFocused();
    await context.close();
  });

  test('closes on Escape', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await context.close();
  });

  test('closes on a click on the backdrop', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    // Inside the panel nothing happens; outside it, on the dark backdrop, the modal closes.
    await modal(page).getByRole('heading').click();
    await expect(modal(page)).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(modal(page)).toBeHidden();
    await context.close();
  });

  test('closes on the close button', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    await modal(page).getByRole('button', { name: 'Sluiten' }).click();
    await expect(modal(page)).toBeHidden();
    await context.close();
  });

  test('closes on the call-to-action, which opens its page in the app', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await modal(page).getByRole('link', { name: 'Stem en lees meer' }).click();
    await expect(modal(page)).toBeHidden();
    await expect.poll(() => new URL(page.url()).pathname).toBe(RELATED_PATH);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await context.close();
  });

  test('once closed it does not return on reload nor in a new tab', async ({ browser }) => {
    const { context, page } = await firstVisit(browser);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(modal(page)).toBeHidden();

    // A new tab has its own sessionStorage: it asks again and finds the id in modalsShown.
    const tab = await context.newPage();
    const asked = tab.waitForResponse((r) => r.url().includes('/api/eventmodal/content'));
    await tab.goto('/');
    expect((await asked).ok()).toBe(true);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await tab.waitForTimeout(1000);
    await expect(modal(tab)).toBeHidden();
    await context.close();
  });

  test('is not shown on its related page', async ({ page }) => {
    const asked = page.waitForResponse((r) => r.url().includes('/api/eventmodal/content'));
    await page.goto(RELATED_PATH);
    expect((await asked).ok()).toBe(true);
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('is neither fetched nor shown in an app view', async ({ page }) => {
    const overlayCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(eventmodal|maintenance-notification)/.test(request.url()))
        overlayCalls.push(request.url());
    });
    await page.goto('/app/nieuws');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(overlayCalls).toEqual([]);
  });

  test('its countdown ticks', async ({ page }) => {
    await page.goto('/');
    const timer = modal(page).getByRole('timer');
    await expect(timer).toBeVisible();
    const before = await timer.getAttribute('aria-label');
    expect(before).toMatch(/^\d+ dagen?, \d+ uur, \d+ minu(ut|ten), \d+ seconden?$/);
    await expect.poll(() => timer.getAttribute('aria-label'), { timeout: 2500 }).not.toBe(before);
  });

  test('the open modal has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(modal(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('the maintenance banner', () => {
  test.beforeEach(async ({ context }) => {
    // The modal is tested above; here it would only sit on top of the banner.
    await context.addInitScript(() => window.sessionStorage.setItem('isModalChecked', '1'));
    // The notice's page is outside this test's reach; the new tab gets a local answer.
    await context.route(STATUS_URL, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Status</title><p>Onderhoud</p>' }),
    );
  });

  test("shows, 'Lees meer' opens a new tab, and once dismissed it stays away", async ({ context, page }) => {
    await page.goto('/');
    const bar = banner(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('Gepland onderhoud');

    const more = bar.getByRole('link', { name: /^Lees meer/ });
    await expect(more).toHaveAttribute('target', '_blank');
    await expect(more).toHaveAttribute('rel', /noopener/);
    const [tab] = await Promise.all([context.waitForEvent('page'), more.click()]);
    await expect(tab).toHaveURL(STATUS_URL);
    await tab.close();
    await expect(bar).toBeVisible();

    const close = bar.getByRole('button', { name: 'Sluit deze melding' });
    await expect(close).toHaveAttribute('title', 'Sluit deze melding');
    await close.click();
    await expect(bar).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(banner(page)).toHaveCount(0);
  });

  test("is in the server's HTML where the app draws it, so nothing moves at the takeover", async ({
    browser,
    page,
    baseURL,
  }) => {
    const tops = (target: Page) =>
      target.evaluate(() => {
        const top = (selector: string) =>
          Math.round(document.querySelector(selector)?.getBoundingClientRect().top ?? -1);
        const bar = document.querySelector('.maintenance-banner')?.getBoundingClientRect();
        return {
          banner: Math.round(bar?.top ?? -1),
          height: Math.round(bar?.height ?? 0),
          heading: top('main h1'),
        };
      });
    const withoutScript = await browser.newContext({ javaScriptEnabled: false });
    const serverPage = await withoutScript.newPage();
    await serverPage.goto('/nieuws');
    await expect(banner(serverPage)).toContainText('Gepland onderhoud');
    // Nothing could remember the closing without script: no button is offered.
    await expect(banner(serverPage).getByRole('button')).toHaveCount(0);
    const before = await tops(serverPage);
    await withoutScript.close();
    expect(before.height, 'the banner has a height').toBeGreaterThan(30);

    await page.goto('/nieuws');
    await expect(page.locator('[data-server-html]')).toHaveCount(0);
    await expect(banner(page)).toContainText('Gepland onderhoud');
    const after = await tops(page);
    expect(Math.abs(after.banner - before.banner), 'banner top').toBeLessThanOrEqual(2);
    expect(Math.abs(after.height - before.height), 'banner height').toBeLessThanOrEqual(2);
    expect(Math.abs(after.heading - before.heading), 'heading top').toBeLessThanOrEqual(2);

    // Closed in the app: the server leaves it out of the next page too (its cookie).
    await banner(page).getByRole('button', { name: 'Sluit deze melding' }).click();
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.find((c) => c.name === 'ether_maintenance_dismissed')?.value).toMatch(/^\d+(\.\d+)*$/);
    const html = await (await page.context().request.get('/nieuws')).text();
    expect(html).not.toContain('class="maintenance-banner"');
  });

  test("closes from the server's HTML before the app has taken the page over", async ({ page }) => {
    // The news page's own chunk is held back: the entry has run, the app's first page has not.
    let releaseChunks: () => void = () => undefined;
    const held = new Promise<undefined>((resolve) => {
      releaseChunks = () => resolve(undefined);
    });
    await page.route(/\/assets\/news-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/nieuws');
    const serverBanner = page
      .locator('[data-server-html]')
      .getByRole('region', { name: 'Onderhoudsmelding' });
    await serverBanner.getByRole('button', { name: 'Sluit deze melding' }).click();
    await expect(serverBanner).toHaveCount(0);
    releaseChunks();
    await expect(page.locator('[data-server-html]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(banner(page)).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('ether-maintenance-notifications'));
    expect(JSON.parse(stored ?? '[]')).not.toHaveLength(0);
  });
});
