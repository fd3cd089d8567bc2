import { expect, test } from '@playwright/test';
import { logInFresh } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// The 'Back-ups' page against the real server, which scripts/test-all starts with
// ETHER_BACKUP_DIR (and ETHER_BACKUP_RECORDINGS=0): the server made one at its start, and the
// button makes another, whose time the page then shows.

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor de back-uptest';

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

test('a beheerder sees the last backup and makes one with the button', async ({ page }) => {
  await logInFresh(page, 'beheerder', PASSWORD);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Back-ups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Back-ups' })).toBeVisible();
  const last = page
    .locator('dt', { hasText: 'Laatste goede back-up' })
    .locator('xpath=following-sibling::dd[1]');
  // The one made at the server's start (the page is read again until it is there).
  await expect(async () => {
    await page.reload();
    await expect(last).toContainText(/\d{2}-\d{2}-\d{4}/, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const before = await last.textContent();
  await expectNoSeriousAxeViolations(page);

  // A backup's name is its second: the new one is at least a second later.
  await page.waitForTimeout(1_100);
  await page.getByRole('button', { name: 'Nu een back-up maken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De back-up wordt gemaakt.' })).toBeVisible();
  await expect(last).not.toHaveText(before ?? '', { timeout: 60_000 });
  await expect(last).toContainText(/gemaakt in/);
  await expectNoSeriousAxeViolations(page);
});

test('an eindredacteur has no Back-ups page', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await expect(
    page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Back-ups' }),
  ).toHaveCount(0);
  await page.goto('/beheer/back-ups');
  await expect(page.getByRole('heading', { level: 1, name: 'Back-ups' })).toHaveCount(0);
});
