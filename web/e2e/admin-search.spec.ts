import { expect, test, type Page } from '@playwright/test';
import { createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The search in the admin's header (issue 54): a redacteur and an eindredacteur find an article by
// the name of the redacteur who wrote it, from the search field every admin page has; the results
// keep the term in the URL (Back and a reload), open the item with the keyboard, and are axe-clean
// and as wide as the screen on a desktop and a phone.

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor het zoeken';
const stamp = Date.now().toString(36);
const author = `Zoekredacteur ${stamp}`;
const title = `Artikel om te vinden ${stamp}`;

// Types `term` in the header's search and presses Enter.
async function searchFromHeader(page: Page, term: string) {
  const form = page.getByRole('search', { name: 'Zoeken in beheer' });
  await form.getByRole('searchbox', { name: 'Zoeken in beheer' }).fill(term);
  await form.getByRole('searchbox', { name: 'Zoeken in beheer' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Zoeken naar "${term}"` })).toBeVisible();
  await expect(page.getByRole('main').getByText('Zoeken…')).toHaveCount(0);
}

test('a redacteur and an eindredacteur find an article by its author’s name from the header', async ({
  page,
  browser,
}) => {
  await logInFresh(page, 'redacteur', PASSWORD, { name: author });
  await createArticle(page, title);
  // From the edit page itself: the field is in the header of every page.
  await searchFromHeader(page, author);
  const articles = page.getByRole('main').getByRole('region', { name: /^Nieuwsartikelen \(1\)$/ });
  await expect(articles.getByRole('link', { name: title })).toBeVisible();
  await expect(
    articles.getByText(new RegExp(`^Artikel · Concept · door ${author} · bewerkt door`)),
  ).toBeVisible();

  const other = await browser.newContext();
  const eind = await other.newPage();
  await logInFresh(eind, 'eindredacteur', PASSWORD);
  await searchFromHeader(eind, author.toUpperCase());
  expect(new URL(eind.url()).pathname).toBe('/beheer/zoeken');
  const found = eind.getByRole('main').getByRole('region', { name: /^Nieuwsartikelen/ });
  await expect(found.getByRole('link', { name: title })).toBeVisible();
  // A reload keeps the results; a link opens the item with the keyboard; Back shows them again.
  await eind.reload();
  await found.getByRole('link', { name: title }).focus();
  await eind.keyboard.press('Enter');
  await expect(eind.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await eind.goBack();
  await expect(found.getByRole('link', { name: title })).toBeVisible();
  await expect(eind.getByRole('searchbox', { name: 'Zoeken in beheer' })).toHaveValue(author.toUpperCase());

  // A term nothing matches says so in Dutch.
  await searchFromHeader(eind, `niets-${stamp}`);
  await expect(eind.getByText(`Niets gevonden voor "niets-${stamp}".`)).toBeVisible();
  await other.close();
});

test('the search results have no serious axe violation and fit a desktop and a phone', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD, { name: `Axe ${author}` });
  await createArticle(page, `Axe ${title}`);
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/beheer');
    await searchFromHeader(page, `Axe ${author}`);
    await expect(page.getByRole('main').getByRole('link', { name: `Axe ${title}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px: wider than the screen`).toBeLessThanOrEqual(0);
  }
});
