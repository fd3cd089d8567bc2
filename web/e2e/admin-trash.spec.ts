import { expect, test } from '@playwright/test';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The trash ('Prullenbak', issue 40) against the real server: an eindredacteur deletes a published
// article, which leaves the site at once; a beheerder finds it in the trash and puts it back, and it
// is on the site again with its saved versions; then it is removed for good from the trash. axe
// finds nothing serious on the trash page.

test.describe.configure({ timeout: 240_000 });
// Saves answer within a second or two, more on a machine busy with builds: the waits after a save
// guard against a hang, they time nothing.
const SAVED = { timeout: 20_000 };

const PASSWORD = 'een wachtwoord voor de prullenbaktest';
const stamp = Date.now().toString(36);

test('a deleted article leaves the site and comes back whole from the trash', async ({ browser }) => {
  const editor = await (await browser.newContext()).newPage();
  await logInFresh(editor, 'eindredacteur', PASSWORD);
  const title = `Vogeltrek ${stamp}`;
  await createArticle(editor, title, {
    intro: 'De eerste inleiding.',
    paragraphs: ['Duizenden vogels trokken vannacht over.'],
  });
  const versions = editor
    .getByRole('table', { name: 'Opgeslagen versies, nieuwste eerst' })
    .locator('tbody tr');
  await expect(versions).toHaveCount(1);
  await editor.getByLabel('Intro (verplicht)').fill('Een betere inleiding.');
  await editor.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(versions).toHaveCount(2, SAVED);
  await editor.getByRole('button', { name: 'Publiceren' }).click();
  await expect(editor.getByText('Status: Online')).toBeVisible(SAVED);
  // What the server keeps: the versions as a reload shows them.
  await editor.reload();
  await expect(editor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(versions.first()).toBeVisible();
  const savedVersions = await versions.count();
  expect(savedVersions).toBeGreaterThanOrEqual(2);
  const id = new URL(editor.url()).pathname.split('/').pop() ?? '';
  const sitemap = await (await editor.request.get('/sitemap.xml')).text();
  const articlePath =
    sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/vogeltrek-${stamp}(?=<)`))?.[0] ?? '';
  expect(articlePath).not.toBe('');
  expect((await editor.request.get(articlePath)).status()).toBe(200);

  // Deleted: into the trash, off the site at once.
  answerYes(editor, /naar de prullenbak/);
  await editor.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(editor.getByRole('heading', { level: 1, name: 'Nieuwsartikelen' })).toBeVisible(SAVED);
  expect((await editor.request.get(articlePath)).status()).toBe(404);
  expect(await (await editor.request.get('/nieuws')).text()).not.toContain(title);
  await editor.context().close();

  // A beheerder puts it back from the trash.
  const beheerder = await (await browser.newContext()).newPage();
  await logInFresh(beheerder, 'beheerder', PASSWORD);
  await beheerder
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Prullenbak' })
    .click();
  await expect(beheerder.getByRole('heading', { level: 1, name: 'Prullenbak' })).toBeVisible();
  const row = beheerder.getByRole('row').filter({ has: beheerder.getByRole('rowheader', { name: title }) });
  await expect(row).toContainText('Artikel');
  await expect(row).toContainText('door E2E eindredacteur');
  await expectNoSeriousAxeViolations(beheerder);
  await row.getByRole('button', { name: `'${title}' terugzetten` }).click();
  await expect(
    beheerder.getByRole('status').filter({ hasText: `Artikel '${title}' is teruggezet.` }),
  ).toBeVisible(SAVED);
  await expect(row).toHaveCount(0);
  expect((await beheerder.request.get(articlePath)).status()).toBe(200);
  expect(await (await beheerder.request.get(articlePath)).text()).toContain('Een betere inleiding.');

  // Back with its saved versions, as it was.
  await beheerder.getByRole('link', { name: `Open '${title}'` }).click();
  await expect(beheerder.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(beheerder.getByText('Status: Online')).toBeVisible();
  await expect(
    beheerder.getByRole('table', { name: 'Opgeslagen versies, nieuwste eerst' }).locator('tbody tr'),
  ).toHaveCount(savedVersions);

  // Gone for good at the end: deleted, then removed from the trash.
  answerYes(beheerder, /naar de prullenbak/);
  await beheerder.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(beheerder.getByRole('heading', { level: 1, name: 'Nieuwsartikelen' })).toBeVisible(SAVED);
  await beheerder
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Prullenbak' })
    .click();
  answerYes(beheerder, /definitief verwijderen\? Dit kan niet ongedaan worden gemaakt/);
  await beheerder.getByRole('button', { name: `'${title}' definitief verwijderen` }).click();
  await expect(
    beheerder.getByRole('status').filter({ hasText: `Artikel '${title}' is definitief verwijderd.` }),
  ).toBeVisible(SAVED);
  await expect(beheerder.getByRole('rowheader', { name: title })).toHaveCount(0);
  await beheerder.context().close();
});
