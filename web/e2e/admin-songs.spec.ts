import { expect, test, type Page } from '@playwright/test';
import { logInFresh } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// Correcting what 'Gedraaid' says (issues 52 and 54). Under 'Muziek' an eindredacteur corrects a
// song that 'Gedraaid' names wrongly and adds the ISRC the royalty report asks for; the listener's
// page of the song says the new title at once (a seeded song no other spec names, put back as it was
// at the end). Under 'Gedraaid corrigeren' a play logged wrongly is hidden from the listener's
// 'Gedraaid' and shown again.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de muziektest';
const SAVED = { timeout: 20_000 };

async function save(page: Page) {
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible(SAVED);
}

test("an eindredacteur corrects a song's title and adds its ISRC, and the site says it at once", async ({
  page,
  context,
  request,
}) => {
  await suppressOverlays(context, request);
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Inhoud' }).click();
  await page.getByRole('link', { name: 'Muziek', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Muziek' })).toBeVisible();
  // Songs come from the playout and the ingest: the page says so, and offers no new one.
  await expect(page.getByText(/^Nieuwe nummers komen uit de playout/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Nieuw:/ })).toHaveCount(0);

  await page.getByLabel('Zoeken', { exact: true }).fill('Tegenwind');
  await page.getByRole('button', { name: 'Filteren' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Tegenwind', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tegenwind' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const slug = await page.getByLabel('URL (verplicht)').inputValue();
  expect(slug).toBe('tegenwind');
  await expectNoSeriousAxeViolations(page);

  // Not an ISRC: said at the field, before anything is saved.
  const isrc = page.getByLabel('ISRC');
  await isrc.fill('NL-A1B-24');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Vul een ISRC in van 12 tekens, zoals NL-A1B-24-00001.')).toBeVisible();
  await expect(isrc).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Titel (verplicht)').fill('Tegenwind (live)');
  await isrc.fill('nl-a1b-24-00001');
  await page.getByLabel('Platenlabel').fill('Golfslag Records');
  await save(page);
  // Stored as the report needs it: twelve characters without hyphens.
  await page.reload();
  await expect(page.getByLabel('ISRC')).toHaveValue('NLA1B2400001');
  await expect(page.getByLabel('Platenlabel')).toHaveValue('Golfslag Records');

  const listener = await context.newPage();
  await listener.goto(`/nummers/${id}/${slug}`);
  await expect(listener.getByRole('heading', { level: 1 })).toContainText('Tegenwind (live)');

  // Back as it was, for the other specs on this server.
  await page.getByLabel('Titel (verplicht)').fill('Tegenwind');
  await page.getByLabel('ISRC').fill('');
  await page.getByLabel('Platenlabel').fill('');
  await save(page);
  await listener.reload();
  await expect(listener.getByRole('heading', { level: 1 })).not.toContainText('(live)');
  await expect(listener.getByRole('heading', { level: 1 })).toContainText('Tegenwind');
});

test("an eindredacteur hides a play logged wrongly from the listener's 'Gedraaid' and shows it again", async ({
  page,
  context,
  request,
}) => {
  await suppressOverlays(context, request);
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const logged = page.waitForResponse(
    (r) => r.url().includes('/api/admin/plays') && r.request().method() === 'GET',
  );
  await page
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Gedraaid corrigeren' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gedraaid corrigeren' })).toBeVisible();
  const log = (await (await logged).json()) as { channel: string; plays: { id: number; title: string }[] };
  // The listener's 'Gedraaid' is the first channel's, as this page's first choice.
  expect(log.channel).toBe('radio2');
  expect(log.plays.length).toBeGreaterThan(1);
  // Newest first: the play before the one on air now, on the listener's first page of 'Gedraaid'.
  const play = log.plays[1] as { id: number; title: string };
  const onGedraaid = async () =>
    (await (await request.get('/api/page?path=%2Fgedraaid')).text()).includes(`"id":${play.id},"from"`);
  expect(await onGedraaid()).toBe(true);
  await expectNoSeriousAxeViolations(page);

  const row = page
    .getByRole('table', { name: /^Gedraaid op / })
    .locator('tbody tr')
    .nth(1);
  await expect(row).toContainText(play.title);
  await row.getByRole('button', { name: /^Verbergen: / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is verborgen.' })).toBeVisible(SAVED);
  await expect(row).toContainText('Verborgen door');
  expect(await onGedraaid()).toBe(false);

  await row.getByRole('button', { name: /^Weer tonen: / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'staat weer op de site.' })).toBeVisible(SAVED);
  await expect(row).not.toContainText('Verborgen door');
  expect(await onGedraaid()).toBe(true);
  await expectNoSeriousAxeViolations(page);
});
