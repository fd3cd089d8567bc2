import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ArticleData, NewsData, PlayedTracksData } from '../src/api/types';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { bannerOnSite, suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations, must, pageData } from './support';

// A day in the newsroom as one story against the real server (issue 54), each role in a browser
// of its own: a redacteur (on a phone) writes an article and offers it for review; the
// eindredacteur finds it in the start page's queue, sends it back with a note; the redacteur mends
// it and offers it again; the eindredacteur publishes it (the listener's page, the server's HTML
// and /api/page have it), hides a play logged wrongly from the listener's 'Gedraaid' and puts the
// new maintenance banner before the demo's by their 'Volgorde', which visitors then see; the
// beheerder reads each step in the audit log in Dutch. Every key screen is axe-clean and as wide
// as the screen at a desktop's size and a phone's. What the story changed is put back at the end.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de redactiedag';
const stamp = Date.now().toString(36);
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SAVED = { timeout: 20_000 };

/** A logged-in account of `role` in a browser context of its own, at `viewport`. */
async function signIn(browser: Browser, role: string, viewport: typeof DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await logInFresh(page, role, PASSWORD);
  return page;
}

/**
 * The screen as it is, at the page's own size and then at the other (a phone's or a desktop's):
 * no serious axe violation and nothing wider than the screen at either; left at its own size.
 */
async function checkBothSizes(page: Page) {
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [own, own.width === PHONE.width ? DESKTOP : PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${size.width} px: wider than the screen`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(own);
}

function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Beheer' });
}

/** The start page's queue 'Wacht op beoordeling', loaded. */
async function openQueue(page: Page) {
  await adminNav(page).getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welkom, / })).toBeVisible();
  await expect(page.getByText('Laden…')).toHaveCount(0);
  return page.getByRole('main').getByRole('region', { name: 'Wacht op beoordeling' });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible(SAVED);
}

test('a day in the newsroom: written, reviewed, sent back, published, a play hidden, the banners reordered, all in the log', async ({
  browser,
  baseURL,
}) => {
  const title = `Storm sluit de pont ${stamp}`;
  const mended = 'De pont bij Velsen vaart tot morgenochtend niet.';

  // The redacteur, on his phone, writes the article and offers it: no 'Publiceren' for him.
  const reporter = await signIn(browser, 'redacteur', PHONE);
  await createArticle(reporter, title, { paragraphs: ['De wind haalt windkracht tien.'] });
  const articleAdmin = reporter.url();
  const articleId = new URL(articleAdmin).pathname.split('/').pop() ?? '';
  await expect(reporter.getByRole('button', { name: 'Publiceren' })).toHaveCount(0);
  await reporter.getByLabel('Notitie voor de eindredactie (niet verplicht)').fill('Graag voor het journaal.');
  await reporter.getByRole('button', { name: 'Ter beoordeling aanbieden' }).click();
  const review = reporter.getByRole('form', { name: 'Beoordeling' });
  await expect(review.getByText('Wacht op beoordeling', { exact: true })).toBeVisible();
  await checkBothSizes(reporter);

  // The eindredacteur finds it in her start page's queue and sends it back with a note.
  const desk = await signIn(browser, 'eindredacteur', DESKTOP);
  let queue = await openQueue(desk);
  await expect(queue.getByRole('listitem').filter({ hasText: title })).toContainText('E2E redacteur');
  await checkBothSizes(desk);
  await queue.getByRole('link', { name: title }).click();
  await expect(desk.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(desk.getByText('Notitie: Graag voor het journaal.')).toBeVisible();
  await desk.getByLabel('Wat moet er nog gebeuren? (verplicht)').fill('Zeg in de intro welke pont.');
  await desk.getByRole('button', { name: 'Terugsturen' }).click();
  await expect(desk.getByText('Teruggestuurd naar E2E redacteur, met je notitie.')).toBeVisible();

  // The redacteur reads the note, mends the intro and offers it again.
  await reporter.reload();
  await expect(reporter.getByText('Wat er nog moet gebeuren: Zeg in de intro welke pont.')).toBeVisible();
  await checkBothSizes(reporter);
  await reporter.getByLabel('Intro (verplicht)').fill(mended);
  await reporter.getByRole('button', { name: 'Ter beoordeling aanbieden' }).click();
  await expect(review.getByText('Wacht op beoordeling', { exact: true })).toBeVisible();

  // The eindredacteur publishes it from the queue.
  queue = await openQueue(desk);
  await queue.getByRole('link', { name: title }).click();
  await expect(desk.getByLabel('Intro (verplicht)')).toHaveValue(mended);
  await desk.getByRole('button', { name: 'Publiceren' }).click();
  await expect(desk.getByText('Status: Online')).toBeVisible();

  // On the site: in the news list and the article's own page, from /api/page, the server's HTML
  // and the app a listener opens.
  const listenerContext = await browser.newContext({ viewport: DESKTOP });
  await suppressOverlays(listenerContext, listenerContext.request);
  const listener = await listenerContext.newPage();
  const news = await pageData<NewsData>(listener.request, '/nieuws');
  const card = must(
    news.data.articles.find((a) => String(a.id) === articleId),
    'the article on /nieuws',
  );
  const articlePath = `/nieuws/${card.category.slug}/${card.id}/${card.slug}`;
  const article = await pageData<ArticleData>(listener.request, articlePath);
  expect([article.data.article.title, article.data.article.intro]).toEqual([title, mended]);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverHtml = await noScript.newPage();
  await serverHtml.goto(articlePath);
  await expect(serverHtml.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(serverHtml.getByText(mended)).toBeVisible();
  await noScript.close();
  await listener.goto(articlePath);
  await expect(listener.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(listener.getByText(mended)).toBeVisible();
  await checkBothSizes(listener);

  // A play logged wrongly: hidden under 'Gedraaid corrigeren', gone from the listener's 'Gedraaid'.
  const logged = desk.waitForResponse(
    (r) => r.url().includes('/api/admin/plays') && r.request().method() === 'GET',
  );
  await adminNav(desk).getByRole('link', { name: 'Gedraaid corrigeren' }).click();
  const log = (await (await logged).json()) as { channel: string; plays: { id: number; title: string }[] };
  // The listener's 'Gedraaid' is the first channel's, as this page's first choice.
  expect(log.channel).toBe('radio2');
  // Newest first: the play before the one on air now, on the first page of the listener's 'Gedraaid'.
  const play = must(log.plays[1], 'a second play today');
  const row = desk
    .getByRole('table', { name: /^Gedraaid op / })
    .locator('tbody tr')
    .nth(1);
  await expect(row).toContainText(play.title);
  const time = (await row.getByRole('cell').first().textContent()) ?? '';
  await listener.goto('/gedraaid');
  const onGedraaid = listener
    .getByRole('list', { name: /^Gedraaide nummers op / })
    .getByRole('listitem')
    .filter({ hasText: time })
    .filter({ hasText: play.title });
  await expect(onGedraaid).toHaveCount(1);
  await row.getByRole('button', { name: /^Verbergen: / }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'is verborgen.' })).toBeVisible(SAVED);
  await expect(row).toContainText('Verborgen door E2E eindredacteur');
  await checkBothSizes(desk);
  await listener.reload();
  await expect(listener.getByRole('heading', { level: 1, name: /^Gedraaid op / })).toBeVisible();
  await expect(onGedraaid).toHaveCount(0);
  const played = await pageData<PlayedTracksData>(listener.request, '/gedraaid');
  expect(played.data.tracks.map((track) => track.id)).not.toContain(play.id);
  await listenerContext.close();
  // Shown again, for the other specs on this server ('Weer getoond' in the log).
  await row.getByRole('button', { name: /^Weer tonen: / }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'staat weer op de site.' })).toBeVisible(SAVED);
  await expect(row).not.toContainText('Verborgen door');
  const again = await pageData<PlayedTracksData>(desk.request, '/gedraaid');
  expect(again.data.tracks.map((track) => track.id)).toContain(play.id);

  // The overlays: a new banner behind the demo's (a higher 'Volgorde'), then put before it.
  const openBanners = async () => {
    await adminNav(desk).getByRole('link', { name: 'Inhoud' }).click();
    await desk.getByRole('link', { name: 'Onderhoudsmeldingen', exact: true }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Onderhoudsmeldingen' })).toBeVisible();
  };
  const banners = desk.getByRole('table', { name: 'Onderhoudsmeldingen' });
  const bannerRow = (name: string) => banners.getByRole('row').filter({ hasText: name });
  const seen = (name: string) => desk.getByText(`Een bezoeker ziet nu de onderhoudsmelding ‘${name}’`);
  await openBanners();
  const sentence = desk.getByText(/^Een bezoeker ziet nu de onderhoudsmelding ‘/);
  const demoTitle = must(/‘(.+?)’/.exec((await sentence.textContent()) ?? '')?.[1], 'a banner online');
  const demoAdmin = must(
    await bannerRow(demoTitle).getByRole('link', { name: demoTitle }).getAttribute('href'),
    "the demo banner's link",
  );
  const demoOrder = Number(
    must(
      (await bannerRow(demoTitle).getByRole('cell').allTextContents()).find((c) => /^\d+$/.test(c.trim())),
      "the demo banner's order",
    ),
  );
  const bannerTitle = `Pont uit de vaart ${stamp}`;
  await desk.getByRole('link', { name: 'Nieuw: onderhoudsmelding' }).click();
  await desk.getByLabel('Titel (verplicht)').fill(bannerTitle);
  await desk.getByLabel('Tekst').fill('De pont bij Velsen vaart niet.');
  await desk.getByLabel('Volgorde').fill(String(demoOrder + 1));
  await desk.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: bannerTitle })).toBeVisible();
  await desk.getByRole('button', { name: 'Publiceren' }).click();
  await expect(desk.getByText('Status: Online')).toBeVisible();
  const bannerAdmin = desk.url();
  await openBanners();
  await expect(seen(demoTitle)).toBeVisible();
  await expect(bannerRow(bannerTitle)).not.toContainText('Nu zichtbaar voor bezoekers');

  await bannerRow(demoTitle).getByRole('link', { name: demoTitle }).click();
  await desk.getByLabel('Volgorde').fill(String(demoOrder + 2));
  await save(desk);
  await openBanners();
  await expect(seen(bannerTitle)).toBeVisible();
  await expect(bannerRow(bannerTitle)).toContainText('Nu zichtbaar voor bezoekers');
  await expect(bannerRow(demoTitle)).not.toContainText('Nu zichtbaar voor bezoekers');
  await checkBothSizes(desk);
  const onSite = await bannerOnSite(browser, must(baseURL, 'the base URL'));
  expect(onSite).toContain(bannerTitle);
  expect(onSite).not.toContain(demoTitle);

  // The beheerder reads the day in the audit log, in words.
  const admin = await signIn(browser, 'beheerder', DESKTOP);
  await adminNav(admin).getByRole('link', { name: 'Logboek' }).click();
  const entries = admin.getByRole('table', { name: 'Wijzigingen, nieuwste eerst' });
  const entry = (item: string, action: string) =>
    entries
      .getByRole('row')
      .filter({ hasText: new RegExp(`${item}(?!\\d)`) })
      .filter({ has: admin.getByRole('cell', { name: action, exact: true }) });
  const theArticle = `Artikel #${articleId}`;
  await expect(entry(theArticle, 'Ter beoordeling aangeboden')).toHaveCount(2);
  await expect(entry(theArticle, 'Ter beoordeling aangeboden').first()).toContainText('E2E redacteur');
  await expect(entry(theArticle, 'Teruggestuurd')).toContainText('E2E eindredacteur');
  await expect(entry(theArticle, 'Gepubliceerd')).toContainText('Beoordeling: Wacht op beoordeling');
  await expect(entry(`Gedraaide titel #${play.id}`, 'Verborgen')).toHaveCount(1);
  await expect(entry(`Gedraaide titel #${play.id}`, 'Weer getoond')).toHaveCount(1);
  const demoId = demoAdmin.split('/').pop() ?? '';
  await expect(entry(`Onderhoudsmelding #${demoId}`, 'Gewijzigd')).toContainText(
    `Volgorde: ${demoOrder} → ${demoOrder + 2}`,
  );
  await expect(entries).not.toContainText(/offer_review|send_back|sortOrder|articles #|play #/);
  await checkBothSizes(admin);
  await admin.context().close();

  // Back as it was for the other specs: the demo banner first again, the new one and the article gone.
  await desk.goto(demoAdmin);
  await desk.getByLabel('Volgorde').fill(String(demoOrder));
  await save(desk);
  for (const item of [bannerAdmin, articleAdmin]) {
    await desk.goto(item);
    answerYes(desk, /naar de prullenbak/);
    await desk.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
  }
  expect(await bannerOnSite(browser, must(baseURL, 'the base URL'))).toContain(demoTitle);
  await desk.context().close();
  await reporter.context().close();
});
