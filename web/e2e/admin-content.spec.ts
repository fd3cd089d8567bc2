import { expect, test, type Page } from '@playwright/test';
import { answerYes, createArticle, logInFresh as logInAs, openNew, pickFirst } from './admin-login';
import { bannerOnSite, suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// Content editing in the admin against the real server: an eindredacteur makes a programme (a bad
// slug shows spec §5's message), writes and publishes an article that appears on /nieuws, in the
// search and in sitemap.xml, switches on a maintenance notification that shows on the site, and
// schedules an article that appears when its time comes; a redacteur is offered no publication.
// 'Publiceren' publishes what the form shows, unsaved changes included, Enter in a publication field
// publishes nothing, and the focus stays on the button (issue 48). The accounts
// are made with `ether-server create-user` on the running server's data dir (ETHER_E2E_SERVER,
// ETHER_E2E_DATA_DIR, as scripts/test-all sets them). What the tests make is removed at the end,
// so that the other suites meet the demo station as it was.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de inhoudstest';
const stamp = Date.now().toString(36);

async function logInFresh(page: Page, role: string) {
  await logInAs(page, role, PASSWORD);
}

async function writeArticle(page: Page, title: string) {
  await createArticle(page, title, { paragraphs: ['De eerste alinea.', 'De tweede alinea.'] });
  await expect(page.getByText('Status: Concept')).toBeVisible();
}

async function removeCurrent(page: Page) {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
}

test('an eindredacteur makes a programme and publishes an article that is on the site at once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logInFresh(page, 'eindredacteur');

  // A programme: the slug follows the title until typed by hand; a bad one gets §5's message.
  await openNew(page, "Programma's", 'Nieuw: programma');
  await expectNoSeriousAxeViolations(page);
  const name = `Nachtwacht ${stamp}`;
  await page.getByLabel('Naam (verplicht)').fill(name);
  const slug = page.getByLabel('URL (verplicht)');
  await expect(slug).toHaveValue(`nachtwacht-${stamp}`);
  await slug.fill('Nacht Wacht');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(slug).toBeFocused();
  await expect(slug).toHaveAccessibleDescription(
    /De URL mag alleen kleine letters en liggende streepjes bevatten$/,
  );
  await slug.fill('');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(slug).toHaveAccessibleDescription(/Vul een URL in$/);
  await slug.fill(`nachtwacht-${stamp}`);
  await pickFirst(page, 'Kanaal (verplicht)');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const programmePage = await page.request.get(`/programmas/nachtwacht-${stamp}`);
  expect(programmePage.status()).toBe(200);
  await removeCurrent(page);

  // An article: a draft first, then published; on /nieuws, in search and in the sitemap at once.
  const title = `Sterrenregen ${stamp}`;
  await writeArticle(page, title);
  expect(await (await page.request.get('/nieuws')).text()).not.toContain(title);
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const articleUrl = new URL(page.url());
  const id = articleUrl.pathname.split('/').pop();

  const news = await page.request.get('/nieuws');
  expect(await news.text()).toContain(title);
  const search = await page.request.get(
    `/api/page?path=${encodeURIComponent(`/zoeken/sterrenregen ${stamp}`)}`,
  );
  expect(await search.text()).toContain(title);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const articlePath = sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/sterrenregen-${stamp}(?=<)`))?.[0];
  expect(articlePath).toBeTruthy();
  // The two paragraphs of the block editor, in their order.
  const articleHtml = await (await page.request.get(articlePath ?? '')).text();
  const first = articleHtml.indexOf('De eerste alinea.');
  expect(first).toBeGreaterThan(-1);
  expect(articleHtml.indexOf('De tweede alinea.')).toBeGreaterThan(first);

  // The revision list has the saves; the article goes again at the end.
  await expect(page.getByRole('table', { name: 'Opgeslagen versies, nieuwste eerst' })).toBeVisible();
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  expect(await (await page.request.get('/nieuws')).text()).not.toContain(title);
  await removeCurrent(page);
});

test('a redacteur writes a draft and is offered its review, not its publication', async ({ page }) => {
  await logInFresh(page, 'redacteur');
  await writeArticle(page, `Concept ${stamp}`);
  await expect(
    page.getByText('Een eindredacteur publiceert wat je schrijft: bied het ter beoordeling aan.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publiceren' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ter beoordeling aanbieden' })).toBeVisible();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('a maintenance notification switched on shows its banner on the site', async ({
  page,
  context,
  request,
}) => {
  // The demo's own notification is dismissed, so that the banner can only be the new one.
  await suppressOverlays(context, request);
  await logInFresh(page, 'eindredacteur');
  await openNew(page, 'Onderhoudsmeldingen', 'Nieuw: onderhoudsmelding');
  const title = `Storing bij de stream ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByLabel('Tekst').fill('We werken eraan.');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const admin = page.url();

  await page.goto('/gids');
  await expect(page.getByRole('region', { name: 'Onderhoudsmelding' })).toContainText(title);

  await page.goto(admin);
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  await removeCurrent(page);
});

test('the overlay list says which banner visitors see; a new one of the same order takes over from the older', async ({
  page,
  browser,
  baseURL,
}) => {
  await logInFresh(page, 'eindredacteur');
  const nav = page.getByRole('navigation', { name: 'Beheer' });
  const openList = async () => {
    await nav.getByRole('link', { name: 'Inhoud' }).click();
    await page.getByRole('link', { name: 'Onderhoudsmeldingen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Onderhoudsmeldingen' })).toBeVisible();
  };
  const table = page.getByRole('table', { name: 'Onderhoudsmeldingen' });
  const rowOf = (title: string) => table.getByRole('row').filter({ hasText: title });
  // What a visitor sees, in a browser of its own.
  const visitorSees = () => bannerOnSite(browser, baseURL ?? '');

  // The demo's banner is the one on the site, and the list marks it and says so.
  await openList();
  const sentence = page.getByText(/^Een bezoeker ziet nu de onderhoudsmelding ‘/);
  await expect(sentence).toBeVisible();
  const demoTitle = /‘(.+?)’/.exec((await sentence.textContent()) ?? '')?.[1] ?? '';
  expect(demoTitle, 'the demo station has a banner online').not.toBe('');
  await expect(rowOf(demoTitle)).toContainText('Nu zichtbaar voor bezoekers');
  await expect(table.getByRole('columnheader', { name: 'Volgorde' })).toBeVisible();
  const demoOrder = (await rowOf(demoTitle).getByRole('cell').allTextContents()).map((t) => t.trim());
  expect(await visitorSees()).toContain(demoTitle);

  // A new banner with the same order, published: the newer is the one visitors see.
  await page.getByRole('link', { name: 'Nieuw: onderhoudsmelding' }).click();
  const title = `Nieuwe storing ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByLabel('Tekst').fill('De stream hapert.');
  const order = page.getByLabel('Volgorde');
  const sameOrder = demoOrder.find((cell) => /^-?\d+$/.test(cell)) ?? '0';
  await order.fill(sameOrder);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const admin = page.url();

  await openList();
  await expect(
    page.getByText(`Een bezoeker ziet nu de onderhoudsmelding ‘${title}’`, { exact: false }),
  ).toBeVisible();
  await expect(rowOf(title)).toContainText('Nu zichtbaar voor bezoekers');
  await expect(rowOf(demoTitle)).not.toContainText('Nu zichtbaar voor bezoekers');
  await expectNoSeriousAxeViolations(page);
  const seen = await visitorSees();
  expect(seen).toContain(title);
  expect(seen).not.toContain(demoTitle);

  // Taken offline and removed: the demo's banner is back, on the site and in the list.
  await page.goto(admin);
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  await removeCurrent(page);
  await openList();
  await expect(rowOf(demoTitle)).toContainText('Nu zichtbaar voor bezoekers');
  expect(await visitorSees()).toContain(demoTitle);
});

test('a scheduled article appears when its time comes', async ({ page }) => {
  await logInFresh(page, 'eindredacteur');
  const title = `Ingepland ${stamp}`;
  await writeArticle(page, title);
  // Twenty seconds ahead, in the browser's own time zone (the picker's).
  const local = await page.evaluate(() => {
    const at = new Date(Date.now() + 20_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  });
  await page.getByLabel('Publiceren vanaf (leeg: nu)').fill(local);
  await page.getByRole('button', { name: 'Inplannen' }).click();
  await expect(page.getByText('Status: Ingepland')).toBeVisible();
  expect(await (await page.request.get('/nieuws')).text()).not.toContain(title);
  // Nothing is done at that moment: the store's queries compare the time with the clock.
  await expect(async () => {
    expect(await (await page.request.get('/nieuws')).text()).toContain(title);
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await page.reload();
  await expect(page.getByText('Status: Online')).toBeVisible();
  await removeCurrent(page);
});

test("'Publiceren' publishes the unsaved title the form shows; Enter in a moment field publishes nothing", async ({
  page,
}) => {
  await logInFresh(page, 'eindredacteur');
  const title = `Ochtendnieuws ${stamp}`;
  await writeArticle(page, title);
  const publications: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/publish')) publications.push(request.url());
  });

  // Enter in the empty 'Publiceren vanaf' field: no publication.
  await page.getByLabel('Publiceren vanaf (leeg: nu)').press('Enter');
  // A title changed and not saved, then 'Publiceren': the site shows the new title.
  const changed = `Avondnieuws ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(changed);
  const publish = page.getByRole('button', { name: 'Publiceren' });
  await publish.click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  await expect(publish).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  expect(publications).toHaveLength(1);
  const id = new URL(page.url()).pathname.split('/').pop();
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const articlePath = sitemap.match(new RegExp(`/nieuws/[a-z0-9-]+/${id}/[a-z0-9-]+(?=<)`))?.[0];
  expect(articlePath).toBeTruthy();
  const html = await (await page.request.get(articlePath ?? '')).text();
  // The article's heading (its intro still names the old title, as typed).
  expect(html).toMatch(new RegExp(`<h1[^>]*>${changed}</h1>`));
  // The stored item is the one published: nothing the form shows is left unsaved.
  const stored = (await (await page.request.get(`/api/admin/content/articles/${id}`)).json()) as {
    item: { values: { title: string } };
  };
  expect(stored.item.values.title).toBe(changed);
  await removeCurrent(page);
});
