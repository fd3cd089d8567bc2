import { expect, test, type Page } from '@playwright/test';
import type { FragmentsData, ProgrammeFragmentsData } from '../src/api/types';
import { suppressOverlays } from './overlay-guard';
import { appShown, expectNoSeriousAxeViolations, must, pageData } from './support';

// Issue 51: the fragments of other days can be reached. /fragmenten and a programme's fragments show
// one day (today unless a date is given, spec §2) with the days around it, a date field, and on an
// empty day a link to the latest earlier day with fragments; in the app and in the server's HTML.

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

/** The Amsterdam date (yyyy-MM-dd) `days` from now. */
function amsterdamDay(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + days * 24 * 3600 * 1000),
  );
}

const routeDate = (iso: string) => iso.split('-').reverse().join('-');
const dayNav = (page: Page) => page.getByRole('main').getByRole('navigation', { name: 'Dagen' });
const cardTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });

test("the app goes back a day to yesterday's fragments, and an empty day links to the latest one", async ({
  page,
  request,
}) => {
  const yesterday = amsterdamDay(-1);
  const expected = await pageData<FragmentsData>(request, `/fragmenten?date=${routeDate(yesterday)}`);
  const first = must(expected.data.fragments[0], "one of yesterday's fragments");

  await page.goto('/fragmenten');
  await appShown(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(/^Vandaag, /);
  await dayNav(page)
    .getByRole('link', { name: /^Vorige dag: / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/fragmenten\\?date=${routeDate(yesterday)}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^Gisteren, / })).toBeVisible();
  await expect(cardTitles(page).filter({ hasText: first.title }).first()).toBeVisible();
  await expect(dayNav(page).getByRole('link', { name: /^Volgende dag: / })).toHaveAttribute(
    'href',
    '/fragmenten',
  );
  await expectNoSeriousAxeViolations(page);

  // The date field goes to the day it names.
  const field = dayNav(page).getByLabel('Kies een dag');
  await expect(field).toHaveValue(yesterday);
  await field.fill(amsterdamDay(-2));
  await dayNav(page).getByRole('button', { name: 'Toon' }).click();
  await expect(page).toHaveURL(new RegExp(`/fragmenten\\?date=${routeDate(amsterdamDay(-2))}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
    new RegExp(`${Number(amsterdamDay(-2).slice(8))} `),
  );

  // Tomorrow has none yet (the field offers no later day than today; a link can name it): the page
  // says so and links to the latest day that has some.
  await page.goto(`/fragmenten?date=${routeDate(amsterdamDay(1))}`);
  await appShown(page);
  const empty = page.getByRole('main').locator('.state--empty');
  await expect(empty).toContainText('zijn geen fragmenten gepubliceerd.');
  await expectNoSeriousAxeViolations(page);
  await empty.getByRole('link', { name: /^Bekijk de fragmenten van / }).click();
  await expect(page.getByRole('main').locator('.state--empty')).toHaveCount(0);
  await expect(cardTitles(page).first()).toBeVisible();
});

test("a programme's fragments page reaches the programme's fragments of yesterday", async ({
  page,
  request,
}) => {
  const yesterday = amsterdamDay(-1);
  const expected = await pageData<FragmentsData>(request, `/fragmenten?date=${routeDate(yesterday)}`);
  const fragment = must(
    expected.data.fragments.find((f) => f.programme),
    "one of yesterday's fragments with a programme",
  );
  const slug = must(fragment.programme, 'its programme').slug;
  const today = await pageData<ProgrammeFragmentsData>(request, `/programmas/${slug}/fragmenten`);

  await page.goto(`/programmas/${slug}/fragmenten`);
  await appShown(page);
  if (today.data.fragments.length === 0) {
    // Today has none of this programme yet: the page says so and points back.
    await expect(page.getByRole('main').locator('.state--empty')).toContainText('zijn geen fragmenten');
    await expect(
      page.getByRole('main').getByRole('link', { name: /^Bekijk de fragmenten van / }),
    ).toHaveAttribute('href', `/programmas/${slug}/fragmenten?date=${routeDate(yesterday)}`);
  }
  await dayNav(page)
    .getByRole('link', { name: /^Vorige dag: / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/programmas/${slug}/fragmenten\\?date=${routeDate(yesterday)}$`));
  await expect(cardTitles(page).filter({ hasText: fragment.title }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the server's HTML goes back a day and picks a day in its form", async ({ page, request }) => {
    const yesterday = amsterdamDay(-1);
    const expected = await pageData<FragmentsData>(request, `/fragmenten?date=${routeDate(yesterday)}`);
    const first = must(expected.data.fragments[0], "one of yesterday's fragments");
    await page.goto('/fragmenten');
    await dayNav(page)
      .getByRole('link', { name: /^Vorige dag: / })
      .click();
    await expect(page).toHaveURL(new RegExp(`date=${routeDate(yesterday)}`));
    await expect(cardTitles(page).filter({ hasText: first.title }).first()).toBeVisible();

    await page.goto('/fragmenten');
    await dayNav(page).getByLabel('Kies een dag').fill(yesterday);
    await dayNav(page).getByRole('button', { name: 'Toon' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${yesterday}`));
    await expect(cardTitles(page).filter({ hasText: first.title }).first()).toBeVisible();
  });
});
