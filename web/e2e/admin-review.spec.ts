import { expect, test, type Page } from '@playwright/test';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The review step of the newsroom against the real server (issue 54): a redacteur writes an
// article and offers it for review (no 'Publiceren' for him); an eindredacteur finds it under
// 'Wacht op beoordeling' with its author and sends it back with a note; the redacteur sees the
// note, changes the article and offers it again; the eindredacteur publishes it and it is on the
// site. The redacteur then is offered only a draft of it, and a new presenter's address tells him
// he makes none. Each screen axe-clean. Two browser contexts, one per account.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de beoordeling';
const stamp = Date.now().toString(36);

/** The articles waiting for review, as an eindredacteur filters them. */
async function openWaiting(page: Page) {
  await page.goto('/beheer/inhoud/articles');
  await page.getByLabel('Status').selectOption({ label: 'Wacht op beoordeling' });
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
}

test('an article is offered, sent back with a note, offered again and published', async ({
  page,
  browser,
}) => {
  const title = `Brand in de haven ${stamp}`;
  await logInFresh(page, 'redacteur', PASSWORD);
  await createArticle(page, title, { paragraphs: ['De brandweer is er met vier wagens.'] });
  const article = page.url();
  // A redacteur is offered the review, not the publication.
  await expect(page.getByRole('button', { name: 'Publiceren' })).toHaveCount(0);
  await expect(
    page.getByText('Een eindredacteur publiceert wat je schrijft: bied het ter beoordeling aan.'),
  ).toBeVisible();
  await page.getByLabel('Notitie voor de eindredactie (niet verplicht)').fill('Graag vóór twaalf uur.');
  await page.getByRole('button', { name: 'Ter beoordeling aanbieden' }).click();
  const review = page.getByRole('form', { name: 'Beoordeling' });
  await expect(review.getByText('Wacht op beoordeling', { exact: true })).toBeVisible();
  await expect(review.getByText(/^aangeboden door E2E redacteur op /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beoordeling' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);

  // The eindredacteur finds it waiting, with its author, and sends it back with a note.
  const other = await browser.newContext();
  const editor = await other.newPage();
  await logInFresh(editor, 'eindredacteur', PASSWORD);
  await openWaiting(editor);
  const row = editor.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Wacht op beoordeling', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'E2E redacteur', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(editor);
  await row.getByRole('link', { name: title }).click();
  await expect(editor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(editor.getByText('Notitie: Graag vóór twaalf uur.')).toBeVisible();
  const note = editor.getByLabel('Wat moet er nog gebeuren? (verplicht)');
  await editor.getByRole('button', { name: 'Terugsturen' }).click();
  await expect(note).toHaveAccessibleDescription('Schrijf op wat er nog aan moet gebeuren.');
  await note.fill('Noem het aantal brandweerwagens in de intro.');
  await editor.getByRole('button', { name: 'Terugsturen' }).click();
  await expect(editor.getByText('Teruggestuurd naar E2E redacteur, met je notitie.')).toBeVisible();
  await expectNoSeriousAxeViolations(editor);
  await openWaiting(editor);
  await expect(editor.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // The redacteur sees the note, changes the intro and offers it again (the change saved first).
  await page.goto(article);
  await expect(
    page.getByText('Wat er nog moet gebeuren: Noem het aantal brandweerwagens in de intro.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Intro (verplicht)').fill('De brandweer is er met vier wagens.');
  await page.getByRole('button', { name: 'Ter beoordeling aanbieden' }).click();
  await expect(review.getByText('Wacht op beoordeling', { exact: true })).toBeVisible();
  await expect(page.getByText('Wat er nog moet gebeuren:', { exact: false })).toHaveCount(0);

  // The eindredacteur publishes it: it is on the site, and out of the queue.
  await openWaiting(editor);
  await editor.getByRole('row').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(editor.getByLabel('Intro (verplicht)')).toHaveValue('De brandweer is er met vier wagens.');
  await editor.getByRole('button', { name: 'Publiceren' }).click();
  await expect(editor.getByText('Status: Online')).toBeVisible();
  await expect(editor.getByRole('form', { name: 'Beoordeling' })).toHaveCount(0);
  expect(await (await editor.request.get('/nieuws')).text()).toContain(title);
  await openWaiting(editor);
  await expect(editor.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // On the site now: the redacteur may change it only through a draft (admin-drafts.spec.ts).
  await page.goto(article);
  await expect(page.getByRole('button', { name: 'Opslaan als concept' })).toBeVisible();
  await expect(page.getByLabel('Intro (verplicht)')).toHaveValue('De brandweer is er met vier wagens.');
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publiceren' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // What the test made goes again, so that the other suites meet the demo station as it was.
  await editor.goto(article);
  answerYes(editor, /verwijderen\?/i);
  await editor.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
  await other.close();
});

test('a redacteur is not offered a new presenter, and its address says so', async ({ page }) => {
  await logInFresh(page, 'redacteur', PASSWORD);
  await page.goto('/beheer/inhoud/presenters');
  await expect(page.getByRole('heading', { level: 1, name: 'Presentatoren' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Nieuw/ })).toHaveCount(0);
  await page.goto('/beheer/inhoud/presenters/nieuw');
  await expect(
    page.getByText(/^Je rol mag geen nieuwe presentatoren aanmaken\. Vraag een eindredacteur/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aanmaken' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  // A presenter on the site opens to read.
  await page.goto('/beheer/inhoud/presenters');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByText(/^Dit item staat meteen op de site, zonder concept\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
