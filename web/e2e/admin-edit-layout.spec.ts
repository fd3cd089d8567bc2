import { expect, test, type Locator } from '@playwright/test';
import { answerYes, createArticle, logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The edit page uses a desktop's width (issue 37): at 1366×768 the body editor is wide and the
// publication controls, the image and the settings stand to its right; on a 390 px phone it is one
// column and nothing overflows sideways. The account is made with `ether-server create-user`; the article is removed.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de opmaaktest';
const stamp = Date.now().toString(36);

async function box(selector: Locator) {
  const found = await selector.boundingBox();
  if (!found) throw new Error('not shown');
  return found;
}

test('the edit page is two columns on a desktop and one on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Breed artikel ${stamp}`;
  await createArticle(page, title);

  const body = await box(page.locator('.admin-block-editor'));
  const publication = await box(page.getByRole('form', { name: 'Publicatie' }));
  expect(body.width).toBeGreaterThan(600);
  expect(publication.x).toBeGreaterThanOrEqual(body.x + body.width);
  // Beside the form, not below it.
  expect(publication.y).toBeLessThan(body.y + body.height);
  // The image and the settings stand beside the text too, below the publication.
  const category = await box(page.getByLabel('Categorie (verplicht)'));
  const image = await box(page.getByRole('button', { name: 'Nieuwe afbeelding uploaden' }));
  for (const setting of [category, image]) {
    expect(setting.x).toBeGreaterThanOrEqual(body.x + body.width);
    expect(setting.y).toBeGreaterThan(publication.y);
  }
  const chosen = await page.getByLabel('Categorie (verplicht)').inputValue();
  expect(chosen).not.toBe('');
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  const phoneBody = await box(page.locator('.admin-block-editor'));
  const phonePublication = await box(page.getByRole('form', { name: 'Publicatie' }));
  expect(phonePublication.y).toBeGreaterThan(phoneBody.y + phoneBody.height);
  // On a phone the settings are in the form again, in its order, with what was chosen.
  expect((await box(page.getByLabel('Categorie (verplicht)'))).y).toBeLessThan(phoneBody.y);
  await expect(page.getByLabel('Categorie (verplicht)')).toHaveValue(chosen);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});

test("on a phone the list shows each article's state, and 'Opslaan' stays on screen down a long form (issue 54)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInFresh(page, 'eindredacteur', PASSWORD);
  // A title of one long Dutch compound, which cannot break between words.
  const long = `Verkeersinformatiecentrumwoordvoerdersoverleg${stamp}`;
  await createArticle(page, long);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Inhoud' }).click();
  await page.getByRole('link', { name: 'Nieuwsartikelen', exact: true }).click();
  // Status and Publicatie within the screen's width, without scrolling the table sideways: on the
  // list's first page, and with the long title alone in it.
  const table = page.getByRole('table');
  const fits = async () => {
    for (const name of ['Titel', 'Status', 'Publicatie']) {
      const header = await box(table.getByRole('columnheader', { name }));
      expect(header.x + header.width, `${name} within the screen`).toBeLessThanOrEqual(390);
    }
    const wrap = page.locator('.admin-table-wrap');
    expect(await wrap.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  };
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/\S/);
  await fits();
  await page.getByLabel('Zoeken', { exact: true }).fill(long);
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(long);
  await fits();
  await page.getByLabel('Zoeken', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(table.getByRole('row').nth(2)).toBeVisible();

  // A seeded article is longer than the screen; its 'Opslaan' is on screen at every scroll position.
  await table.getByRole('row').nth(1).getByRole('link').click();
  const save = page.getByRole('button', { name: 'Opslaan', exact: true });
  await expect(save).toBeInViewport();
  const form = await box(page.locator('.admin-edit-main > .admin-form'));
  expect(form.height).toBeGreaterThan(2 * 844);
  // Every control the keyboard reaches, from the title to the bar, shows above the bar, not behind
  // it (WCAG 2.4.11); the bar stays on screen all the way.
  await page.getByLabel('Titel (verplicht)').focus();
  const hidden: string[] = [];
  for (let step = 0; step < 200; step += 1) {
    const where = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const bar = document.querySelector('.admin-save-bar');
      if (!bar || bar.contains(focused)) return null;
      const rect = focused.getBoundingClientRect();
      const name = focused.getAttribute('aria-label') ?? focused.id ?? focused.tagName;
      return { name, bottom: rect.bottom, top: rect.top, barTop: bar.getBoundingClientRect().top };
    });
    if (!where) break;
    // A control taller than the room above the bar (the body's text box) shows its top part.
    const room = where.barTop - where.top;
    if (room < Math.min(24, where.bottom - where.top))
      hidden.push(`${where.name}: top ${Math.round(where.top)}, bar at ${Math.round(where.barTop)}`);
    await page.keyboard.press('Tab');
  }
  expect(hidden).toEqual([]);
  await expect(save).toBeFocused();
  await expect(save).toBeInViewport();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Inhoud' }).click();
  await page.getByRole('link', { name: 'Nieuwsartikelen', exact: true }).click();
  await page.getByLabel('Zoeken', { exact: true }).fill(long);
  await page.getByRole('button', { name: 'Filteren' }).click();
  await table.getByRole('link', { name: long }).click();
  answerYes(page, /verwijderen/i);
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
