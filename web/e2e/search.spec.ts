import { expect, test, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { seriousAxeViolations } from './support';

// "muziek" is in the demo station's programmes, presenters, news and fragments: several groups.
const TERM = 'muziek';

interface Suggestions {
  suggestions: { type: string; title: string; url: string }[];
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

async function typeInHeader(page: Page, text: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Zoeken' });
  await box.click();
  await box.pressSequentially(text, { delay: 30 });
  return box;
}

test('typing in the header search box shows suggestions, announced in Dutch', async ({ page, request }) => {
  const api = (await (await request.get(`/api/search/${TERM}`)).json()) as Suggestions;
  expect(api.suggestions.length).toBeGreaterThan(0);
  const box = await typeInHeader(page, TERM);
  const list = page.getByRole('listbox', { name: 'Suggesties' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveCount(api.suggestions.length);
  await expect(list.getByRole('option').first()).toContainText(api.suggestions[0]?.title ?? '');
  const count = api.suggestions.length;
  await expect(page.getByRole('status').filter({ hasText: /suggestie/ })).toHaveText(
    count === 1 ? '1 suggestie' : `${count} suggesties`,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('arrow keys and Enter open a suggestion', async ({ page, request }) => {
  const api = (await (await request.get(`/api/search/${TERM}`)).json()) as Suggestions;
  const second = api.suggestions[1] ?? api.suggestions[0];
  if (!second) throw new Error('no suggestions for the demo term');
  const box = await typeInHeader(page, TERM);
  // The list shows the suggestions of each term typed so far: wait for the whole term's, or the
  // arrow keys may choose in a list that is then replaced.
  const options = page.getByRole('listbox', { name: 'Suggesties' }).getByRole('option');
  await expect(options).toHaveCount(api.suggestions.length);
  await expect(options.nth(api.suggestions.indexOf(second))).toContainText(second.title);
  await box.press('ArrowDown');
  if (api.suggestions.length > 1) await box.press('ArrowDown');
  const activeId = await box.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname + url.search === second.url);
  await expect(page.getByRole('listbox', { name: 'Suggesties' })).toBeHidden();
});

test('Enter opens the results page with grouped results', async ({ page }) => {
  const box = await typeInHeader(page, TERM);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/zoeken/${TERM}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Zoekresultaten voor ‘${TERM}’`);
  const groups = page.getByRole('main').getByRole('heading', { level: 2 });
  expect(await groups.count()).toBeGreaterThan(1);
  await expect(groups.first()).toHaveText(/\(\d+\)$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toBeVisible();
});

test('the results page is accessible and says when nothing is found', async ({ page }) => {
  const response = await page.goto(`/zoeken/${TERM}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.goto('/zoeken/qqqxyzzy');
  await expect(page.getByText('Geen resultaten voor ‘qqqxyzzy’. Probeer een ander woord.')).toBeVisible();
});

test('the suggestion API refuses a bad term', async ({ request }) => {
  const response = await request.get(`/api/search/${'a'.repeat(101)}`);
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_term');
});
