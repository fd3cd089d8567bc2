import { expect, test } from '@playwright/test';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The list tools of the admin's content lists against the real server (issue 54): an
// eindredacteur filters the news articles (a search and 'Mijn nieuwsartikelen'), sorts them by
// title, selects two and publishes them in bulk (asked with the count, answered with how many),
// opens one and comes back, by '← Nieuwsartikelen' and by Back, to the same list: its search,
// filter and sort in the address and on the screen. Axe-clean at desktop and phone width.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de lijsten';
const stamp = Date.now().toString(36);

test('an eindredacteur filters, sorts, publishes two articles in bulk and comes back to the same list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const first = `Lijsttest ${stamp} Aalscholver`;
  const second = `Lijsttest ${stamp} Zeehond`;
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await createArticle(page, first);
  await createArticle(page, second);

  // Filter: the search and only what this account wrote.
  await page.goto('/beheer/inhoud/articles');
  await page.getByLabel('Zoeken', { exact: true }).fill(`lijsttest ${stamp}`);
  await page.getByLabel('Mijn nieuwsartikelen').check();
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 items, pagina 1 van 1' })).toBeVisible();

  // Sort by title, then the other way round: the server sorts, the header says how.
  const titleHeader = page.getByRole('columnheader', { name: 'Titel' });
  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(second);
  await expect(rows.nth(2)).toContainText(first);
  await expect(rows.nth(1).getByRole('cell', { name: 'E2E eindredacteur', exact: true })).toBeVisible();
  await expect(rows.nth(1)).toContainText('door E2E eindredacteur');
  const listUrl = page.url();
  expect(new URL(listUrl).search).toBe(`?q=lijsttest+${stamp}&mine=1&sort=title&dir=desc`);

  // Both selected, published in bulk after the question that names the count.
  await page.getByRole('checkbox', { name: `Selecteer ‘${first}’` }).check();
  await page.getByRole('checkbox', { name: `Selecteer ‘${second}’` }).check();
  await expect(page.getByText('2 geselecteerd')).toBeVisible();
  await page.getByLabel('Actie').selectOption({ label: 'Publiceren' });
  answerYes(page, /^2 nieuwsartikelen publiceren\?/);
  await page.getByRole('button', { name: 'Uitvoeren' }).click();
  await expect(page.getByText('2 nieuwsartikelen gepubliceerd.')).toBeVisible();
  await expect(rows.nth(1).getByText('Online', { exact: true })).toBeVisible();
  await expect(rows.nth(2).getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByText('Niets geselecteerd')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Into one and back by '← Nieuwsartikelen': the same list, as it was.
  await rows.nth(2).getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await page.getByRole('link', { name: '← Nieuwsartikelen' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByLabel('Zoeken', { exact: true })).toHaveValue(`lijsttest ${stamp}`);
  await expect(page.getByLabel('Mijn nieuwsartikelen')).toBeChecked();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(1)).toContainText(second);

  // And by Back.
  await rows.nth(1).getByRole('link', { name: second }).click();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.nth(2)).toContainText(first);

  // On a phone: the same tools, axe-clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Uitvoeren' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // What the test made goes again (into the trash, in bulk), so that the other suites meet the
  // demo station as it was.
  await page.getByRole('checkbox', { name: 'Alle items op deze pagina selecteren' }).check();
  await page.getByLabel('Actie').selectOption({ label: 'Naar de prullenbak' });
  answerYes(page, /^2 nieuwsartikelen naar de prullenbak verplaatsen\?/);
  await page.getByRole('button', { name: 'Uitvoeren' }).click();
  await expect(page.getByText('2 nieuwsartikelen naar de prullenbak verplaatst.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '0 items' })).toBeVisible();
});
