import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { answerYes, logInFresh, openNew, pickFirst } from './admin-login';
import { expectNoSeriousAxeViolations, must } from './support';
import { writeTestImage } from './test-media';

// The editor's flows of issue 10 that admin-content.spec.ts does not walk, against the real
// server: a beheerder gives a programme its presenters and broadcasters (relations), archives it
// (off the site, kept) and puts it back; an eindredacteur writes an article with an image uploaded
// in the block editor and a paragraph with bold, italic and a link, publishes it, and the public
// article shows <strong>, <em> and <a rel="noopener noreferrer"> (issue 12) while a javascript:
// link is refused by the editor and, sent to the API by hand, never reaches the page. Accounts are
// made with `ether-server create-user` (ETHER_E2E_SERVER, ETHER_E2E_DATA_DIR); what the tests make
// is removed at the end.

// A guard against hangs, not a speed check: ffmpeg, image processing and axe on a busy machine.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de stroomtest';
const stamp = Date.now().toString(36);
const imageName = `zaal-${stamp}.jpg`;
let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ether-flows-e2e-'));
  writeTestImage(join(folder, imageName));
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// Accepts the next confirm() after checking its Dutch question.

// Selects `word` of the block editor's line `line`, where the caret is, by keyboard; a key the
// editor took while still busy with the last one is made up for by selecting again.
async function selectWord(page: Page, line: string, word: string) {
  await expect(async () => {
    await page.keyboard.press('Home');
    for (let i = 0; i < line.indexOf(word); i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowRight');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(word);
  }).toPass({ timeout: 20_000 });
  // The editor reads the selection on the page's selectionchange event: let it run first.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

test('a beheerder gives a programme presenters and broadcasters, archives it and puts it back', async ({
  page,
}) => {
  await logInFresh(page, 'beheerder', PASSWORD);
  await openNew(page, "Programma's", 'Nieuw: programma');
  const name = `Dageraad ${stamp}`;
  const slugText = `dageraad-${stamp}`;
  await page.getByLabel('Naam (verplicht)').fill(name);
  const slug = page.getByLabel('URL (verplicht)');
  await expect(slug).toHaveValue(slugText);
  await slug.fill('Dage Raad');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(slug).toHaveAccessibleDescription(
    /De URL mag alleen kleine letters en liggende streepjes bevatten$/,
  );
  await slug.fill(slugText);
  await pickFirst(page, 'Kanaal (verplicht)');

  // The relations: checkboxes of the demo station's presenters and broadcasters.
  const presenters = page.getByRole('group', { name: 'Presentatoren' });
  await expect(presenters.getByRole('checkbox')).not.toHaveCount(0);
  const chosen = presenters.getByRole('checkbox').nth(1);
  const presenterName = must(
    await presenters.locator('label').nth(1).textContent(),
    'the second presenter',
  ).trim();
  await chosen.check();
  const broadcasters = page.getByRole('group', { name: 'Omroepen' });
  await broadcasters.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Presentatoren' }).getByRole('checkbox', { checked: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'Presentatoren' }).getByLabel(presenterName)).toBeChecked();
  await expect(broadcasters.getByRole('checkbox').first()).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  // The presenter is on the public programme page at once.
  const before = await page.request.get(`/programmas/${slugText}`);
  expect(before.status()).toBe(200);
  expect(await before.text()).toContain(presenterName);

  // Archived: off the site (404), still in the admin; put back: on the site again.
  answerYes(page, new RegExp(`^Programma '${name}' archiveren\\? Het verdwijnt van de site`));
  await page.getByRole('button', { name: 'Archiveren' }).click();
  await expect(page.getByText('Gearchiveerd: niet op de site, wel bewaard.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terugzetten' })).toBeFocused();
  expect((await page.request.get(`/programmas/${slugText}`)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/programmas/${slugText}<`);
  answerYes(page, new RegExp(`^Programma '${name}' terugzetten\\?`));
  await page.getByRole('button', { name: 'Terugzetten' }).click();
  await expect(page.getByRole('button', { name: 'Archiveren' })).toBeFocused();
  expect((await page.request.get(`/programmas/${slugText}`)).status()).toBe(200);

  // Nothing refers to it: it can be deleted (into the trash).
  answerYes(page, new RegExp(`^Programma '${name}' verwijderen\\? Het gaat van de site naar de prullenbak`));
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Programma's" })).toBeVisible();
  expect((await page.request.get(`/programmas/${slugText}`)).status()).toBe(404);
});

test('an article with an uploaded image, used again from the library, and bold, italic and a link is published as safe markup', async ({
  page,
  baseURL,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await openNew(page, 'Nieuwsartikelen', 'Nieuw: artikel');
  const title = `Concertzaal ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);
  await pickFirst(page, 'Categorie (verplicht)');
  await page.getByLabel('Intro (verplicht)').fill('De zaal gaat weer open.');

  // A paragraph with bold, italic and a link, put with the toolbar on words already typed (typing
  // on after a mark would extend it).
  const sentence = 'Een vette en schuine zin met een bron en een val';
  const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
  const toolbar = page.getByRole('toolbar', { name: 'Opmaak en blokken' });
  await text.click();
  await page.keyboard.type(sentence);
  await selectWord(page, sentence, 'vette');
  await toolbar.getByRole('button', { name: 'Vet' }).click();
  await expect(text.locator('strong')).toHaveText('vette');
  await selectWord(page, sentence, 'schuine');
  await toolbar.getByRole('button', { name: 'Cursief' }).click();
  await expect(text.locator('em')).toHaveText('schuine');
  await selectWord(page, sentence, 'bron');
  await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Adres van de link').fill('https://example.org/bron');
  await toolbar.getByRole('button', { name: 'Toepassen' }).click();
  // A javascript: link is refused in the editor.
  await selectWord(page, sentence, 'val');
  await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Adres van de link').fill('javascript:alert(1)');
  await toolbar.getByRole('button', { name: 'Toepassen' }).click();
  await expect(
    page.getByText('Een link begint met https://, http://, mailto: of / (een pagina van de site).'),
  ).toBeVisible();
  await toolbar.getByRole('button', { name: 'Annuleren' }).click();
  // The caret to the end of the text, so that the image comes after it.
  await page.getByRole('textbox', { name: 'Tekst', exact: true }).getByText('schuine').click();
  await page.keyboard.press('End');

  // An image block with a real upload through the media API.
  await toolbar.getByRole('button', { name: '+ Afbeelding' }).click();
  await page.getByLabel('Afbeelding uploaden', { exact: true }).setInputFiles(join(folder, imageName));
  await expect(page.getByRole('button', { name: 'Andere afbeelding kiezen' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel('Alt-tekst', { exact: true }).fill('De lege zaal');
  await page.getByLabel('Bijschrift').fill(`De zaal ${stamp}`);
  await page.getByLabel('Fotograaf of bron').fill('Foto: Ether');
  // The same picture again further on, chosen from the library: the same file, not a second upload.
  await page.keyboard.press('Control+End');
  await toolbar.getByRole('button', { name: '+ Afbeelding' }).click();
  const again = page.locator('.admin-block').nth(1);
  await again.getByLabel('Zoek in de bibliotheek').fill(imageName);
  await again
    .getByRole('list', { name: 'Afbeeldingen uit de bibliotheek' })
    .getByRole('button', { name: imageName })
    .click();
  await expect(again.getByRole('button', { name: 'Andere afbeelding kiezen' })).toBeVisible();
  await again.getByLabel('Alt-tekst').fill('De zaal, weer leeg');
  const images = page.locator('.admin-block__image');
  await expect(images).toHaveCount(2);
  expect(await images.nth(1).getAttribute('src')).toBe(await images.nth(0).getAttribute('src'));
  const listed = await page.request.get(`/api/admin/media?kind=image&q=${encodeURIComponent(imageName)}`);
  expect(((await listed.json()) as { total: number }).total).toBe(1);
  await page.getByLabel('Tags').fill('Zaal, concert, zaal');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const id = must(new URL(page.url()).pathname.split('/').pop(), 'the article id');

  // On the site: /nieuws, the search, the sitemap, and the article's own page.
  expect(await (await page.request.get('/nieuws')).text()).toContain(title);
  const search = await page.request.get(
    `/api/page?path=${encodeURIComponent(`/zoeken/concertzaal ${stamp}`)}`,
  );
  expect(await search.text()).toContain(title);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const articlePath = must(
    sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/concertzaal-${stamp}(?=<)`))?.[0],
    'the article in the sitemap',
  );
  const html = await (await page.request.get(articlePath)).text();
  expect(html).toContain('<strong>vette</strong>');
  expect(html).toContain('<em>schuine</em>');
  // A link out of the site opens in a new tab and says so (spec §2), in the server's HTML too.
  expect(html).toContain(
    '<a href="https://example.org/bron" target="_blank" rel="noopener noreferrer">bron' +
      '<span class="visually-hidden"> (opent in een nieuw venster)</span></a>',
  );
  expect(html).toContain('Beeld: Foto: Ether');
  expect(html).toMatch(/\/uploads\/images\/[^"]+\.webp/);
  expect(html).toContain('"tags":["concert","zaal"]');

  await page.goto(articlePath);
  const article = page.locator('main');
  await expect(article.locator('strong', { hasText: 'vette' })).toBeVisible();
  await expect(article.locator('em', { hasText: 'schuine' })).toBeVisible();
  // An external link says that it opens a new window.
  const link = article.getByRole('link', { name: /^bron\b/ });
  await expect(link).toHaveAttribute('href', 'https://example.org/bron');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(article.getByRole('img', { name: 'De lege zaal' })).toBeVisible();
  expect(html).toContain('</a> en een val');
  await expect(article.locator('a[href^="javascript"]')).toHaveCount(0);

  // A javascript: link sent to the API by hand is stored but never reaches the page.
  const session = (await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string };
  const current = (await (await page.request.get(`/api/admin/content/articles/${id}`)).json()) as {
    item: { version: number; values: { body: unknown[] } };
  };
  const body = [
    ...current.item.values.body,
    { type: 'paragraph', text: 'Klik hier', html: '<a href="javascript:alert(1)">Klik hier</a>' },
  ];
  const saved = await page.request.put(`/api/admin/content/articles/${id}`, {
    headers: { 'X-CSRF-Token': session.csrfToken, Origin: must(baseURL, 'the base URL') },
    data: { version: current.item.version, values: { body } },
  });
  expect(saved.status()).toBe(200);
  const after = await (await page.request.get(articlePath)).text();
  expect(after).toContain('Klik hier');
  expect(after).not.toContain('javascript:');
  await page.reload();
  await expect(page.locator('main').getByText('Klik hier')).toBeVisible();
  await expect(page.locator('main a[href^="javascript"]')).toHaveCount(0);

  // Gone again at the end.
  await page.goto(`/beheer/inhoud/articles/${id}`);
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  answerYes(page, /naar de prullenbak/);
  await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwsartikelen' })).toBeVisible();
});
