import { expect, test, type Page } from '@playwright/test';
import { createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// Two editors on one article, and restoring a version (issue 37 parts 2 and 4) against the real
// server: Eva adds a sentence to block 1 and saves; Bram, who opened the article before, changes
// block 2 and saves: the conflict panel shows Eva's sentence as a diff, and Samenvoegen then
// Opslaan keeps both on the published page. Restoring an earlier version first shows its diff and
// asks; as a draft it goes into the form and the live article stays as it is. axe finds nothing
// serious in the conflict panel or the restore question.

test.describe.configure({ timeout: 240_000 });
// Saves answer within a second or two, more on a machine busy with builds: the waits after a save
// guard against a hang, they time nothing.
const SAVED = { timeout: 20_000 };

const PASSWORD = 'een wachtwoord voor de versietest';
const stamp = Date.now().toString(36);
const EVA = 'Eva voegt een zin toe.';
const BRAM = 'Bram vult aan.';

/** Puts the cursor at the end of block `index` of the body and types `text`. */
async function typeAtEndOfBlock(page: Page, index: number, text: string) {
  await page.getByRole('textbox', { name: 'Tekst', exact: true }).locator('p').nth(index).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
}

test('a conflict is shown as a diff and merged; a version is restored as a draft after its diff', async ({
  browser,
}) => {
  const eva = await (await browser.newContext()).newPage();
  const bram = await (await browser.newContext()).newPage();
  for (const page of [eva, bram]) page.on('dialog', (dialog) => void dialog.accept());
  await logInFresh(eva, 'eindredacteur', PASSWORD);
  await logInFresh(bram, 'eindredacteur', PASSWORD);

  const title = `Dijkversterking ${stamp}`;
  await createArticle(eva, title, {
    intro: 'De dijk wordt versterkt.',
    paragraphs: ['De eerste alinea.', 'De tweede alinea.'],
  });
  await eva.getByRole('button', { name: 'Publiceren' }).click();
  await expect(eva.getByText('Status: Online')).toBeVisible(SAVED);
  const id = new URL(eva.url()).pathname.split('/').pop() ?? '';
  const sitemap = await (await eva.request.get('/sitemap.xml')).text();
  const articlePath =
    sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/dijkversterking-${stamp}(?=<)`))?.[0] ?? '';
  expect(articlePath).not.toBe('');
  const live = async () => (await eva.request.get(articlePath)).text();

  // Bram opens the article before Eva saves her sentence.
  await bram.goto(eva.url());
  await expect(bram.getByRole('textbox', { name: 'Tekst', exact: true })).toContainText('De tweede alinea.');

  await typeAtEndOfBlock(eva, 0, ` ${EVA}`);
  await save(eva);
  await expect(eva.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible(SAVED);

  await typeAtEndOfBlock(bram, 1, ` ${BRAM}`);
  await save(bram);
  const panel = bram.locator('section.admin-conflict');
  await expect(panel.getByRole('heading', { name: /^Nu opgeslagen door een collega/ })).toBeVisible(SAVED);
  // Eva's sentence, in block 1 of the body, as an addition.
  await expect(panel.locator('ins').filter({ hasText: 'Eva voegt een zin toe' })).toBeVisible();
  await expectNoSeriousAxeViolations(bram);

  await panel.getByRole('button', { name: 'Samenvoegen' }).click();
  const merged = bram.getByRole('heading', { name: /^Samengevoegd met versie/ });
  await expect(merged).toBeFocused();
  await expect(
    bram.getByText('Jullie wijzigingen overlappen niet; beide staan in het formulier.'),
  ).toBeVisible();
  // Nothing is saved by the merge itself.
  expect(await live()).not.toContain(BRAM);
  const editor = bram.getByRole('textbox', { name: 'Tekst', exact: true });
  await expect(editor).toContainText(EVA);
  await expect(editor).toContainText(BRAM);
  await save(bram);
  await expect(bram.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible(SAVED);
  const page = await live();
  expect(page).toContain(EVA);
  expect(page).toContain(BRAM);

  // Eva restores her own version (before the merge): a diff and a question first.
  await eva.reload();
  const versions = eva.getByRole('table', { name: 'Opgeslagen versies, nieuwste eerst' }).locator('tbody tr');
  await expect(versions.first()).toBeVisible();
  await versions
    .nth(1)
    .getByRole('button', { name: /^Label/ })
    .click();
  await eva.getByLabel('Label', { exact: true }).fill('Voor de correctie');
  await eva.getByRole('button', { name: 'Label opslaan' }).click();
  await expect(versions.nth(1)).toContainText('Label: Voor de correctie', SAVED);

  await versions
    .nth(1)
    .getByRole('button', { name: /^Terugzetten…/ })
    .click();
  const question = eva.getByRole('heading', { name: /Voor de correctie.*terugzetten\?/ });
  await expect(question).toBeFocused(SAVED);
  const restore = eva.locator('section.admin-conflict');
  await expect(restore.locator('del').filter({ hasText: 'Bram vult aan' })).toBeVisible();
  await expect(restore).toContainText('meteen op de site');
  await expectNoSeriousAxeViolations(eva);
  await restore.getByRole('button', { name: 'Als concept in het formulier' }).click();
  const text = eva.getByRole('textbox', { name: 'Tekst', exact: true });
  await expect(text).not.toContainText(BRAM);
  await expect(text).toContainText(EVA);
  await expect(eva.getByText('staat als concept in het formulier; er is niets opgeslagen')).toBeVisible();
  // The live article is as it was.
  expect(await live()).toContain(BRAM);

  // Cleanup: the article goes (the form's unsaved draft is answered by the dialog handler).
  await eva.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(eva.getByRole('heading', { level: 1, name: 'Nieuwsartikelen' })).toBeVisible(SAVED);
});
