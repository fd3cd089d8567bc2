import { expect, test, type Page } from '@playwright/test';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// Drafts of a live article against the real server (issue 54): an eindredacteur saves changes of a
// published article as a draft; the public page keeps the published text while the preview link
// shows the draft (also after a reload); publishing the draft puts it on the public page. A page
// with a draft is marked 'Concept in bewerking' in its list, and its preview shows the draft too.
// Each admin screen axe-clean.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de concepten';
const stamp = Date.now().toString(36);

/** The public address of the article open in the admin: /nieuws/{category}/{id}/{slug}. */
async function publicPath(page: Page): Promise<string> {
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const answer = await page.request.get(`/api/admin/content/articles/${id}`);
  expect(answer.ok()).toBe(true);
  const { item } = (await answer.json()) as { item: { values: { category: string; slug: string } } };
  return `/nieuws/${item.values.category}/${id}/${item.values.slug}`;
}

test('a draft of a published article stays off the site until it is published', async ({ page, context }) => {
  const title = `Brand in de haven ${stamp}`;
  const changed = `Brand geblust ${stamp}`;
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await createArticle(page, title, { intro: 'De brandweer is er met vier wagens.' });
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const address = await publicPath(page);
  const site = await context.newPage();
  await site.goto(address);
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Changes saved as a draft: the form says so; the public page is as it was.
  await page.getByLabel('Titel (verplicht)').fill(changed);
  await page.getByLabel('Intro (verplicht)').fill('Het vuur is uit.');
  await page.getByRole('button', { name: 'Opslaan als concept' }).click();
  await expect(
    page.getByText('Concept opgeslagen. De site toont nog de gepubliceerde versie.'),
  ).toBeVisible();
  const notice = page.getByRole('heading', { name: 'Je bewerkt een concept van een gepubliceerd artikel' });
  await expect(notice).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await site.reload();
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(site.getByText('Het vuur is uit.')).toHaveCount(0);

  // After a reload the draft is still in the form; its preview shows it.
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('Titel (verplicht)')).toHaveValue(changed);
  await expect(
    page.getByText('Het voorbeeld toont het opgeslagen concept, niet wat je nog niet hebt opgeslagen.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Voorbeeldlink maken' }).click();
  const preview = await page
    .getByRole('link', { name: 'Voorbeeld openen (een uur geldig)' })
    .getAttribute('href');
  expect(preview).toBeTruthy();
  await site.goto(preview ?? '');
  await expect(site.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(site.getByText('Het vuur is uit.')).toBeVisible();
  await site.goto(address);
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Published: the public page shows the draft, and the form the live version again.
  await page.getByRole('button', { name: 'Concept publiceren' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await site.goto(address);
  await expect(site.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(site.getByText('Het vuur is uit.')).toBeVisible();

  // What the test made goes again, so that the other suites meet the demo station as it was.
  answerYes(page, /verwijderen\?/i);
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});

test('the list marks a page with a draft, and its preview shows the draft', async ({ page, context }) => {
  const title = `Zomerfeesten ${stamp}`;
  const changed = `Zomerfeesten vernieuwd ${stamp}`;
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await page.goto('/beheer/inhoud/pages/nieuw');
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByLabel('Soort').selectOption({ label: 'Themapagina' });
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  await page.getByLabel('Titel (verplicht)').fill(changed);
  await page.getByRole('button', { name: 'Opslaan als concept' }).click();
  await expect(page.getByRole('heading', { name: /^Je bewerkt een concept/ })).toBeVisible();
  const edit = page.url();

  // The list says it in the row's status cell.
  await page.goto(`/beheer/inhoud/pages?q=${stamp}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row.getByRole('cell', { name: 'Online Concept in bewerking' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The page's preview shows the draft, as an article's does.
  await page.goto(edit);
  await page.getByRole('button', { name: 'Voorbeeldlink maken' }).click();
  const preview = await page
    .getByRole('link', { name: 'Voorbeeld openen (een uur geldig)' })
    .getAttribute('href');
  const site = await context.newPage();
  await site.goto(preview ?? '');
  await expect(site.getByRole('heading', { level: 1, name: changed })).toBeVisible();

  answerYes(page, /verwijderen\?/i);
  await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
