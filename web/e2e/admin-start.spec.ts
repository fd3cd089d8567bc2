import { expect, test, type Page } from '@playwright/test';
import { createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The start page of /beheer (issue 54): an editor finds the draft she saved under 'Mijn
// concepten', another role's edit under 'Onlangs bewerkt' with its name, and the demo station's
// live event modal under 'Nu op de site'; axe-clean and as wide as the screen on a desktop and a phone.

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor de startpagina';
const stamp = Date.now().toString(36);

const block = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name });

async function openStart(page: Page) {
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welkom, / })).toBeVisible();
  await expect(page.getByText('Laden…')).toHaveCount(0);
}

test('the start page shows my drafts, the newsroom’s edits and what is on the site', async ({
  page,
  browser,
}) => {
  await logInFresh(page, 'redacteur', PASSWORD);
  const draft = `Concept voor de startpagina ${stamp}`;
  await createArticle(page, draft);
  await openStart(page);
  const mine = block(page, 'Mijn concepten');
  await expect(mine.getByRole('link', { name: draft })).toBeVisible();
  await expect(
    mine.getByText(/Artikel · Concept · bewerkt door E2E redacteur op \d\d-\d\d-\d{4}, \d\d:\d\d/),
  ).toBeVisible();

  // An eindredacteur writes an article in another browser: it shows under 'Onlangs bewerkt' with
  // her name, not under the redacteur's own drafts.
  const other = await browser.newContext();
  const eind = await other.newPage();
  await logInFresh(eind, 'eindredacteur', PASSWORD);
  const theirs = `Stuk van de eindredactie ${stamp}`;
  await createArticle(eind, theirs);
  await other.close();

  await page.reload();
  await expect(page.getByText('Laden…')).toHaveCount(0);
  const recent = block(page, 'Onlangs bewerkt');
  await expect(recent.getByRole('listitem').first().getByRole('link')).toHaveText(theirs);
  await expect(recent.getByRole('listitem').first()).toContainText('bewerkt door E2E eindredacteur');
  await expect(mine.getByRole('link', { name: theirs })).toHaveCount(0);

  // The demo station's event modal is what visitors see now.
  const onSite = block(page, 'Nu op de site');
  await expect(onSite.getByRole('link', { name: 'De Top 2000 Dagen komen eraan!' })).toBeVisible();

  // A link opens the item, with the keyboard.
  await mine.getByRole('link', { name: draft }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: draft })).toBeVisible();
});

test('the start page has no serious axe violation and fits a desktop and a phone', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await createArticle(page, `Concept voor axe ${stamp}`);
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/beheer');
    await expect(page.getByRole('heading', { level: 1, name: /^Welkom, / })).toBeVisible();
    await expect(page.getByText('Laden…')).toHaveCount(0);
    await expect(block(page, 'Mijn concepten').getByRole('link')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px: wider than the screen`).toBeLessThanOrEqual(0);
  }
});
