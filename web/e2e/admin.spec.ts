import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enrolSecondFactor, logInFresh, totpCode } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The admin at /beheer, as a fresh station's first beheerder meets it: the one-time password the
// server wrote to <data dir>/admin-password at its first start, the forced password change and
// second factor, a new redacteur, its audit row, an API key, and logout. Needs ETHER_E2E_DATA_DIR (scripts/test-all)
// and a data dir whose first start has not been used by this test before.

// A guard against hangs, not a speed check: axe-core runs several times per test on a busy machine.
test.describe.configure({ timeout: 180_000 });

const EMAIL = 'beheer@ether.local';
const NEW_PASSWORD = 'een nieuw wachtwoord voor de test';

function firstPassword(): string {
  const dataDir = process.env.ETHER_E2E_DATA_DIR;
  if (!dataDir) throw new Error('Set ETHER_E2E_DATA_DIR to the running server data dir');
  return readFileSync(join(dataDir, 'admin-password'), 'utf8').trim();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the admin page is its own app, never indexed or cached, and the listener never loads it', async ({
  page,
  request,
}) => {
  const response = await request.get('/beheer/gebruikers');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response.headers()['cache-control']).toBe('no-store');
  const html = await response.text();
  expect(html).toContain('/assets/beheer-');
  expect(html).not.toContain('ether-page');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /beheer\n');

  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Radiospeler' })).toBeVisible();
  expect(loaded.filter((url) => url.includes('beheer'))).toEqual([]);
});

test("the login page loads only the admin's frame; a page whose script cannot be loaded says so in the shell", async ({
  page,
}) => {
  // Each page's script comes with the page: with every page in one chunk, the login page loaded
  // 1.1 MB of script (the block editor's alone about half of it).
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.body().then((body) => scripts.set(new URL(response.url()).pathname, body.length));
  });
  await page.goto('/beheer');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect.poll(() => scripts.size).toBeGreaterThan(0);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  expect(total, [...scripts.keys()].join(', ')).toBeLessThan(600_000);
  expect([...scripts.keys()].filter((path) => /content-edit-page|media-page/.test(path))).toEqual([]);

  // A page whose chunk cannot be fetched (a dropped connection, a build replaced under an open tab).
  await page.route(/\/assets\/beheer-media-page-[^/]+\.js$/, (route) => route.abort());
  await logInFresh(page, 'redacteur', NEW_PASSWORD);
  await page
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Beeld en geluid' })
    .click();
  const failed = page.getByRole('heading', { name: 'Deze pagina kon niet worden geladen', level: 1 });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Controleer de verbinding en probeer het opnieuw.');
  await expect(page.getByRole('navigation', { name: 'Beheer' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.unroute(/\/assets\/beheer-media-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByRole('heading', { name: 'Beeld en geluid', level: 1 })).toBeVisible();
});

test('a wrong password gets the one Dutch message', async ({ page }) => {
  await page.goto('/beheer');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await logIn(page, EMAIL, 'dit is niet het wachtwoord');
  await expect(page.getByRole('alert')).toHaveText('E-mailadres of wachtwoord klopt niet.');
  // Empty fields: inline errors, the focus on the first.
  await page.getByLabel('E-mailadres').fill('');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByLabel('E-mailadres')).toBeFocused();
  await expect(page.getByLabel('E-mailadres')).toHaveAccessibleDescription('Vul je e-mailadres in.');
  await expectNoSeriousAxeViolations(page);
});

test('the first beheerder changes the one-time password, makes a redacteur, sees the audit row and logs out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/beheer');
  await logIn(page, EMAIL, firstPassword());

  // Forced: nothing but the password change first.
  await expect(page.getByRole('heading', { name: 'Wachtwoord wijzigen' })).toBeVisible();
  await expect(page.getByText(/eenmalig wachtwoord/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);
  await page.getByLabel('Huidig wachtwoord').fill(firstPassword());
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();

  // Then, as a beheerder, the second factor (ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS, on by default).
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);
  const { secret: totpSecret } = await enrolSecondFactor(page, NEW_PASSWORD);

  await expect(page.getByRole('heading', { name: 'Welkom, Beheerder' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Beheerder');
  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);

  // A new redacteur: its one-time password is shown once.
  await page.getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page.getByRole('heading', { name: 'Gebruikers', level: 1 })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Gebruiker maken' }).click();
  await expect(page.getByLabel('Naam')).toBeFocused();
  await expect(page.getByLabel('Naam')).toHaveAccessibleDescription('Vul een naam in.');
  await page.getByLabel('Naam').fill('Rian Redacteur');
  await page.getByLabel('E-mailadres').fill('rian@ether.local');
  await page.getByLabel('Rol', { exact: true }).selectOption('redacteur');
  await page.getByRole('button', { name: 'Gebruiker maken' }).click();
  const secret = page.getByTestId('one-time-secret');
  await expect(secret).toHaveText(/^[A-Za-z2-9]{20}$/);
  await expect(page.getByRole('row', { name: /Rian Redacteur/ })).toContainText('rian@ether.local');
  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Gezien, verbergen' }).click();
  await expect(secret).toHaveCount(0);

  // The audit log has the creation by the beheerder, with the role after. Other specs make users
  // on the same server, so the new user's number is read from its row.
  await page.getByRole('link', { name: 'Logboek' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Aangemaakt' })
    .filter({ hasText: 'Beheerder' })
    .filter({ hasText: 'Rol: – → redacteur' });
  await expect(row).toHaveCount(1);
  const userNumber = /Gebruiker #(\d+)/.exec(await row.innerText())?.[1] ?? '';
  expect(userNumber).not.toBe('');
  await page.getByLabel('Soort').selectOption('user');
  await page.getByLabel('Nummer van het item').fill(userNumber);
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page.getByRole('status')).toHaveText('1 wijziging, pagina 1 van 1');
  await expectNoSeriousAxeViolations(page);
  await noSidewaysScroll(page);

  // An API key, shown once, then revoked.
  // The Logboek's filter has a 'Naam' too: filled there while the keys page was still loading, the
  // key was asked for without a name (a failed run of 046bedf).
  await page.getByRole('link', { name: 'API-sleutels' }).click();
  await expect(page.getByRole('heading', { name: 'API-sleutels', level: 1 })).toBeFocused();
  await page.getByLabel('Naam').fill('Playout studio 1');
  await page.getByLabel(/nowplaying:write/).check();
  await page.getByRole('button', { name: 'Sleutel maken' }).click();
  await expect(page.getByTestId('one-time-secret')).toHaveText(/^ether_[0-9a-f]{8}_[0-9a-f]{64}$/);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Intrekken Playout studio 1' }).click();
  await expect(page.getByRole('row', { name: /Playout studio 1/ })).toContainText('Ingetrokken');

  // Logout ends the session on the server too.
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  const session = await page.request.get('/api/admin/session');
  expect(session.status()).toBe(401);

  // The new password works, the one-time one no more.
  await logIn(page, EMAIL, firstPassword());
  await expect(page.getByRole('alert')).toHaveText('E-mailadres of wachtwoord klopt niet.');
  await logIn(page, EMAIL, NEW_PASSWORD);
  // With the code of the next step: the enrolment's code is not good twice.
  await page.getByLabel('Code uit je app').fill(totpCode(totpSecret, 1));
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  // Back on the page where the session ended.
  await expect(page.getByRole('heading', { name: 'API-sleutels', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
});
