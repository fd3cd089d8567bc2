import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerYes, logInFresh } from './admin-login';
import { seriousAxeViolations } from './support';

// The newsroom's tasks that the other admin specs leave (issue 37): every admin screen is
// axe-clean and fits at a desktop's and a phone's size, and an article is written, published and
// its typo fixed with the keyboard alone, the fix then on the site. The other tasks have their own
// specs: the first login and a new account (admin.spec), an article with an image, quote and link
// (admin-flows, admin-block-editor), preview, publish, scheduling and unpublishing (content,
// admin-content), a version restored (admin-versions), a presenter's portrait (admin-images), an
// episode (admin-episode), a video (admin-video), two editors at once (admin-presence,
// admin-versions) and a session that ends mid-edit (admin-session).

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de redactietest';
const stamp = Date.now().toString(36);

// Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the
// page; fails when it is not reached (not in the tab order, or a field keeps the focus).
async function tabTo(page: Page, target: Locator, direction: 'forward' | 'backward' = 'forward') {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  await expect(target, 'reached with the Tab key').toBeFocused();
}

test('every admin screen has no serious axe violation and fits a desktop and a phone', async ({ page }) => {
  await logInFresh(page, 'beheerder', PASSWORD);
  const screens = [
    '/beheer',
    '/beheer/inhoud',
    '/beheer/inhoud/articles',
    '/beheer/inhoud/articles/nieuw',
    '/beheer/programmering',
    '/beheer/media',
    '/beheer/prullenbak',
    '/beheer/logboek',
    '/beheer/gebruikers',
    '/beheer/sleutels',
    '/beheer/webhooks',
    '/beheer/bronlogins',
    '/beheer/back-ups',
    '/beheer/wachtwoord',
    '/beheer/tweestapsverificatie',
  ];
  await page.goto('/beheer/programmering');
  const channel = page.getByRole('main').getByRole('link').first();
  await expect(channel).toBeVisible();
  screens.push((await channel.getAttribute('href')) ?? '');
  const failures: string[] = [];
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByText('Laden…')).toHaveCount(0);
      for (const violation of await seriousAxeViolations(page))
        failures.push(`${width} px ${path}: ${violation}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) failures.push(`${width} px ${path}: ${overflow} px wider than the screen`);
    }
  }
  expect(failures).toEqual([]);
});

test('an article is written, published and its typo fixed with the keyboard alone', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await page.goto('/beheer/inhoud/articles/nieuw');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw: artikel' })).toBeVisible();

  // In the order of the page: the text on the left, then the settings beside it.
  const title = page.getByLabel('Titel (verplicht)');
  await tabTo(page, title);
  await page.keyboard.type(`Gemeentraad ${stamp} kiest`);
  await tabTo(page, page.getByLabel('Intro (verplicht)'));
  await page.keyboard.type('De raad koos vanavond.');
  await tabTo(page, page.getByRole('textbox', { name: 'Tekst', exact: true }));
  await page.keyboard.type('Met een ruime meerderheid.');
  const category = page.getByLabel('Categorie (verplicht)');
  await expect(category.locator('option')).not.toHaveCount(1);
  await tabTo(page, category);
  await page.keyboard.press('ArrowDown');
  await expect(category).not.toHaveValue('');
  await tabTo(page, page.getByRole('button', { name: 'Aanmaken' }), 'backward');
  await page.keyboard.press('Enter');
  const typo = `Gemeentraad ${stamp} kiest`;
  await expect(page.getByRole('heading', { level: 1, name: typo })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Publiceren' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status: Online')).toBeVisible();

  // The typo: the title fixed in place, saved with Enter on its button.
  await tabTo(page, title, 'backward');
  await page.keyboard.press('End');
  for (let i = 0; i < `raad ${stamp} kiest`.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('e');
  const fixed = `Gemeenteraad ${stamp} kiest`;
  await expect(title).toHaveValue(fixed);
  await tabTo(page, page.getByRole('button', { name: 'Opslaan', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeFocused();

  // On the site at once, fixed; nothing typed was lost.
  const news = await (await page.request.get('/nieuws')).text();
  expect(news).toContain(fixed);
  expect(news).not.toContain(typo);

  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  answerYes(page, /naar de prullenbak/);
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
