import { expect, test, type Page } from '@playwright/test';
import { logInFresh, openNew, pickFirst } from './admin-login';
import { expectNoSeriousAxeViolations, must, watchCspViolations } from './support';

// The block editor keeps what was typed (issue 37): a new block goes after the block being edited
// and never replaces or splits one, undo and redo work by keyboard across blocks, bulleted and
// numbered lists reach the published article, and the editor runs under the site's real CSP
// without a violation (Tiptap's <style> element was refused). A click on a block card's heading or
// help text never lets one keystroke replace or delete the card; a selected card shows it, and a
// removed one says so with an undo (issue 48). The account is made with
// `ether-server create-user` (admin-login.ts); the article is deleted at the end.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de blokkentest';
const stamp = Date.now().toString(36);
const line = 'Nieuws uit de gemeente Den Haag.';

// Selects `word` of the editor's line `line`, where the caret is, by keyboard (as admin-flows).
async function selectWord(page: Page, word: string) {
  await expect(async () => {
    await page.keyboard.press('Home');
    for (let i = 0; i < line.indexOf(word); i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowRight');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(word);
  }).toPass({ timeout: 20_000 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

test('a quote survives a new image, undo and redo work by keyboard, lists are published, and the CSP holds', async ({
  page,
}) => {
  const cspViolations = await watchCspViolations(page);

  await logInFresh(page, 'eindredacteur', PASSWORD);
  await openNew(page, 'Nieuwsartikelen', 'Nieuw: artikel');
  const title = `Lijsten ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);
  await pickFirst(page, 'Categorie (verplicht)');
  await page.getByLabel('Intro (verplicht)').fill('Wat de gemeente besloot.');

  // A paragraph with a link, the caret then inside it.
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  const toolbar = page.getByRole('toolbar', { name: 'Opmaak en blokken' });
  await text.click();
  await page.keyboard.type(line);
  await selectWord(page, 'gemeente');
  await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Adres van de link').fill('https://example.org/gemeente');
  await toolbar.getByRole('button', { name: 'Toepassen' }).click();
  await expect(text.getByRole('link', { name: 'gemeente' })).toBeVisible();
  await page.keyboard.press('End');

  // A quote goes after the paragraph, whole, and takes the focus; so does an image after the quote.
  await toolbar.getByRole('button', { name: '+ Citaat' }).click();
  const quote = page.getByLabel('Citaat', { exact: true });
  await expect(quote).toBeFocused();
  await page.keyboard.type('Wij gaan door.');
  await toolbar.getByRole('button', { name: '+ Afbeelding' }).click();
  await expect(text.getByLabel('Zoek in de bibliotheek')).toBeFocused();
  await expect(page.getByLabel('Afbeelding uploaden', { exact: true })).toBeVisible();
  await expect(quote).toHaveValue('Wij gaan door.');
  const paragraphs = text.locator(':scope > p');
  await expect(paragraphs.first()).toHaveText(line);
  await expect(paragraphs.first().getByRole('link', { name: 'gemeente' })).toBeVisible();
  const cards = text.locator('.admin-block__title');
  await expect(cards).toHaveText(['Citaat', 'Afbeelding']);
  await expectNoSeriousAxeViolations(page);

  // Undo and redo by keyboard: the image goes and comes back; the quote's text stays.
  await page.keyboard.press('Control+z');
  await expect(cards).toHaveText(['Citaat']);
  await expect(quote).toHaveValue('Wij gaan door.');
  await page.keyboard.press('Control+Shift+z');
  await expect(cards).toHaveText(['Citaat', 'Afbeelding']);
  await page.keyboard.press('Control+z');
  await expect(cards).toHaveText(['Citaat']);
  await expect(toolbar.getByRole('button', { name: 'Opnieuw' })).toHaveAttribute('aria-disabled', 'false');

  // A bulleted list and a numbered list at the end; Enter on an empty item leaves the list.
  await paragraphs.first().click();
  await page.keyboard.press('Control+End');
  await toolbar.getByRole('button', { name: 'Opsomming' }).click();
  await page.keyboard.type('Eerste punt');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Tweede punt');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Genummerde lijst' }).click();
  await page.keyboard.type('Stap een');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Stap twee');
  await expect(text.locator('ul > li')).toHaveText(['Eerste punt', 'Tweede punt']);
  await expect(text.locator('ol > li')).toHaveText(['Stap een', 'Stap twee']);

  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const adminUrl = page.url();
  const id = must(new URL(adminUrl).pathname.split('/').pop(), 'the article id');
  expect(await cspViolations()).toEqual([]);

  // The published page, from the server's HTML and in the app.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const articlePath = must(
    sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/lijsten-${stamp}(?=<)`))?.[0],
    'the article in the sitemap',
  );
  const html = await (await page.request.get(articlePath)).text();
  expect(html).toContain('<ul><li>Eerste punt</li><li>Tweede punt</li></ul>');
  expect(html).toContain('<ol><li>Stap een</li><li>Stap twee</li></ol>');
  await page.goto(articlePath);
  const prose = page.locator('main .prose');
  await expect(prose.locator('ul > li')).toHaveText(['Eerste punt', 'Tweede punt']);
  await expect(prose.locator('ol > li')).toHaveText(['Stap een', 'Stap twee']);
  await expect(prose.locator('figure.quote')).toContainText('Wij gaan door.');
  await expect(prose.locator('p').first()).toHaveText(/^Nieuws uit de gemeente/);

  await page.goto(adminUrl);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwsartikelen' })).toBeVisible();
  expect((await page.request.get(articlePath)).status()).toBe(404);
});

test("a click on a card's heading or help text lets no keystroke replace or delete it; a removed card says so and comes back", async ({
  page,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await openNew(page, 'Nieuwsartikelen', 'Nieuw: artikel');
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  const toolbar = page.getByRole('toolbar', { name: 'Opmaak en blokken' });
  await text.click();
  await page.keyboard.type(line);
  await toolbar.getByRole('button', { name: '+ Afbeelding' }).click();
  const card = text.locator('.admin-block');
  const alt = card.getByLabel('Alt-tekst');
  const caption = card.getByLabel('Bijschrift');
  await alt.fill('Een volle markt');
  await caption.fill('De markt op zaterdag.');
  await card.getByLabel('Fotograaf of bron').fill('Eva Visser');
  const kept = async () => {
    await expect(card).toHaveCount(1);
    await expect(card.locator('.admin-block__title')).toHaveText('Afbeelding');
    await expect(alt).toHaveValue('Een volle markt');
    await expect(caption).toHaveValue('De markt op zaterdag.');
  };

  // A click on the card's heading, then a letter and Backspace: the card stays, whole.
  await card.locator('.admin-block__title').click();
  await expect(card).not.toHaveClass(/admin-block--selected/);
  await page.keyboard.press('x');
  await page.keyboard.press('Backspace');
  await kept();
  // The same after a click on a field's help text, with the caret in the text before it.
  await text.locator(':scope > p').first().click();
  await page.keyboard.press('End');
  await card.getByText('Wat er te zien is, voor wie de afbeelding niet ziet.').click();
  await page.keyboard.press('y');
  await page.keyboard.press('Backspace');
  await kept();
  await expect(text.locator(':scope > p').first()).toHaveText(line);

  // Backspace at the start of the text after the card first selects the card, visibly.
  await text.locator(':scope > p').last().click();
  await page.keyboard.type('Daarna.');
  await page.keyboard.press('Home');
  // The editor takes the caret the browser moved at the next selectionchange (as selectWord).
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  await page.keyboard.press('Backspace');
  await kept();
  await expect(card).toHaveClass(/admin-block--selected/);
  await expect(card.getByText('Geselecteerd')).toBeVisible();
  expect(await card.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

  // A second Backspace removes it, and the editor says so with an undo that brings it back whole.
  await page.keyboard.press('Backspace');
  await expect(card).toHaveCount(0);
  const removed = page.getByRole('status').filter({ hasText: 'verwijderd' });
  await expect(removed).toHaveText(/^Blok 'Afbeelding' verwijderd\./);
  await removed.getByRole('button', { name: 'Ongedaan maken' }).click();
  await kept();
  await expect(card.getByLabel('Fotograaf of bron')).toHaveValue('Eva Visser');
  await expect(removed).toHaveCount(0);
  await expect(text.locator(':scope > p').last()).toHaveText('Daarna.');
  await expectNoSeriousAxeViolations(page);
});
