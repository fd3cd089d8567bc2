import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';

interface MaintenanceBody {
  data?: { maintenanceNotifications?: { data?: { id: number }[] } };
}

/**
 * Stores a consent choice of only 'necessary' (in the cookie format of vanilla-cookieconsent v3) for
 * `baseURL`, so the consent box does not open over what a suite clicks. consent.spec.ts tests the box.
 */
export async function presetConsent(
  context: BrowserContext,
  baseURL: string,
  categories: readonly string[] = ['necessary'],
): Promise<void> {
  const now = new Date();
  const expires = new Date(now.getTime() + 182 * 864e5);
  const value = {
    categories,
    revision: 0,
    data: null,
    consentTimestamp: now.toISOString(),
    consentId: '00000000-0000-4000-8000-000000000000',
    services: { necessary: [], analytics: [], social: [] },
    languageCode: 'nl',
    lastConsentTimestamp: now.toISOString(),
    expirationTime: expires.getTime(),
  };
  await context.addCookies([
    {
      name: 'cc_cookie',
      value: encodeURIComponent(JSON.stringify(value)),
      url: baseURL,
      expires: Math.floor(expires.getTime() / 1000),
      sameSite: 'Lax',
    },
  ]);
}

/**
 * Marks the event modal as checked for the session and every current maintenance notification as
 * dismissed (in localStorage and, for the server's HTML, in its cookie), in every page of `context`,
 * before any script of the app runs. The site's own overlays
 * are tested in overlays.spec.ts; suites about other things use this so that a modal dialog does
 * not sit on top of what they click, nor a banner shift the layout they look at. Unless
 * `consent: false`, the consent box is kept closed too (presetConsent).
 */
export async function suppressOverlays(
  context: BrowserContext,
  request: APIRequestContext,
  options: { consent?: boolean } = {},
): Promise<void> {
  const home = await request.get('/');
  if (options.consent !== false) await presetConsent(context, new URL(home.url()).origin);
  const html = await home.text();
  const siteJson = /<script[^>]*id="ether-site"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const siteCode = siteJson ? (JSON.parse(siteJson) as { siteCode: string }).siteCode : 'ether';
  const response = await request.get('/api/maintenance-notification');
  const ids = response.ok()
    ? (((await response.json()) as MaintenanceBody).data?.maintenanceNotifications?.data ?? []).map(
        (n) => n.id,
      )
    : [];
  // The server draws the banner into its HTML unless this cookie lists it (the app keeps it so);
  // without it the page would move up by the banner's height when the app takes over.
  if (ids.length) {
    await context.addCookies([
      {
        name: 'ether_maintenance_dismissed',
        value: ids.join('.'),
        url: new URL(home.url()).origin,
        sameSite: 'Lax',
      },
    ]);
  }
  await context.addInitScript(
    ({ key, dismissed }) => {
      window.sessionStorage.setItem('isModalChecked', '1');
      window.localStorage.setItem(key, JSON.stringify(dismissed));
    },
    { key: `${siteCode}-maintenance-notifications`, dismissed: ids },
  );
}

/**
 * The text of the maintenance banner a first-time visitor sees now on /gids, in a browser context
 * of its own: consent given and the event modal seen, no banner dismissed.
 */
export async function bannerOnSite(browser: Browser, baseURL: string): Promise<string> {
  const visitor = await browser.newContext();
  await presetConsent(visitor, baseURL);
  await visitor.addInitScript(() => window.sessionStorage.setItem('isModalChecked', '1'));
  const site = await visitor.newPage();
  await site.goto('/gids');
  const banner = site.getByRole('region', { name: 'Onderhoudsmelding' });
  await expect(banner).toBeVisible();
  const text = (await banner.textContent()) ?? '';
  await visitor.close();
  return text;
}
