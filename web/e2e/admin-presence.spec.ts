import { expect, test, type Page } from '@playwright/test';
import { logInFresh, openNew } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// Who else has an item open (issue 37), against the real server with two browsers: an editor who
// opens an item another has open sees the other's name at once, the other sees it at the next
// heartbeat (here: their tab shown again), and it goes when the second one leaves. The accounts
// are made with `ether-server create-user` (admin-login.ts); the item is removed afterwards.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de aanwezigheidstest';
const stamp = Date.now().toString(36);

// The heartbeat a tab sends when it is shown again, without waiting for the timer.
async function showAgain(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

test('two editors of one item see each other by name until one leaves', async ({ page, browser }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Storing aanwezig ${stamp}`;
  await openNew(page, 'Onderhoudsmeldingen', 'Nieuw: onderhoudsmelding');
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const url = page.url();

  const other = await browser.newContext();
  const second = await other.newPage();
  await logInFresh(second, 'redacteur', PASSWORD);
  await second.goto(url);
  await expect(second.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const seenBySecond = second.getByRole('status').filter({ hasText: 'ook' });
  await expect(seenBySecond).toHaveText('E2E eindredacteur bewerkt deze onderhoudsmelding ook');
  await expectNoSeriousAxeViolations(second);

  await showAgain(page);
  const seenByFirst = page.getByRole('status').filter({ hasText: 'ook' });
  await expect(seenByFirst).toHaveText('E2E redacteur bewerkt deze onderhoudsmelding ook');

  // The second editor goes elsewhere: the first sees nobody at the next heartbeat.
  const left = second.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/api/admin/presence/'),
  );
  await second.getByRole('link', { name: /Onderhoudsmeldingen/ }).click();
  await left;
  await showAgain(page);
  await expect(page.getByText('bewerkt deze onderhoudsmelding ook')).toHaveCount(0);
  await other.close();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
