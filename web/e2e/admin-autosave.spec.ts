import { expect, test, type Page } from '@playwright/test';
import { logInFresh, openNew } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// A content form's autosave against the real server (issue 37): what an editor types is kept on
// the server a few seconds later, apart from the item; after a crash or a closed tab the form
// offers it ('Herstellen' / 'Weggooien'), and a normal save clears it. An autosave belongs to the
// version it was typed on (issue 48): restored over a colleague's newer save it is a conflict,
// shown and merged like any other, never a silent overwrite. The accounts are made with
// `ether-server create-user` (admin-login.ts); what the test makes is removed.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de autosavetest';
const stamp = Date.now().toString(36);
const offer = /^Er is een automatisch opgeslagen versie van \d\d:\d\d( \(op versie \d+\))?\.$/;

async function newNotification(page: Page, title: string) {
  await openNew(page, 'Onderhoudsmeldingen', 'Nieuw: onderhoudsmelding');
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('typed text survives a closed tab as an autosave that is offered, restored and cleared by a save', async ({
  page,
  context,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Storing autosave ${stamp}`;
  await newNotification(page, title);
  const url = page.url();

  const typed = 'Getypt en nooit met de hand opgeslagen.';
  await page.getByLabel('Tekst', { exact: true }).fill(typed);
  await expect(page.getByText(/^Automatisch opgeslagen om \d\d:\d\d$/)).toBeVisible({ timeout: 15_000 });
  // The tab is gone without a save (a crash, or closed past the question).
  await page.close();

  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByText(offer)).toBeVisible();
  await expectNoSeriousAxeViolations(again);
  // The stored item is as it was until the editor restores the autosave.
  const text = again.getByLabel('Tekst', { exact: true });
  await expect(text).toHaveValue('');
  await again.getByRole('button', { name: 'Herstellen' }).click();
  await expect(text).toHaveValue(typed);
  await expect(again.getByText(offer)).toBeHidden();

  // A normal save stores it and clears the autosave: nothing is offered after a reload.
  const stored = again.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/api/admin/content/') &&
      response.ok(),
  );
  await again.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await stored;
  await again.reload();
  await expect(again.getByLabel('Tekst', { exact: true })).toHaveValue(typed);
  await expect(again.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(again.getByText(offer)).toHaveCount(0);

  // A new item's form keeps its autosave too; thrown away, it is not offered again.
  await openNew(again, 'Onderhoudsmeldingen', 'Nieuw: onderhoudsmelding');
  await again.getByLabel('Titel (verplicht)').fill(`Nooit aangemaakt ${stamp}`);
  await expect(again.getByText(/^Automatisch opgeslagen om/)).toBeVisible({ timeout: 15_000 });
  again.once('dialog', (dialog) => void dialog.accept());
  await again.reload();
  await expect(again.getByText(offer)).toBeVisible();
  // The reload waits for the autosave to be thrown away on the server: reloaded while the request is
  // on its way, the page finds it still there (seen on a busy machine).
  const thrownAway = again.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' &&
      response.url().includes('/api/admin/autosaves/') &&
      response.ok(),
  );
  await again.getByRole('button', { name: 'Weggooien' }).click();
  await thrownAway;
  await expect(again.getByLabel('Titel (verplicht)')).toHaveValue('');
  await again.reload();
  await expect(again.getByRole('heading', { level: 1, name: /^Nieuw/ })).toBeVisible();
  await expect(again.getByText(offer)).toHaveCount(0);

  await again.goto(url);
  again.once('dialog', (dialog) => void dialog.accept());
  await again.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});

test("an autosave restored over a colleague's newer save is a conflict with its diff and merge, never an overwrite", async ({
  page,
  context,
  browser,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Uitslag PvdA ${stamp}`;
  await newNotification(page, title);
  const url = page.url();
  const typed = 'Getypt door de eindredacteur, nooit opgeslagen.';
  await page.getByLabel('Tekst', { exact: true }).fill(typed);
  await expect(page.getByText(/^Automatisch opgeslagen om \d\d:\d\d$/)).toBeVisible({ timeout: 15_000 });

  // A colleague, in a browser of her own, changes the title and saves.
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await logInFresh(colleague, 'eindredacteur', PASSWORD);
  await colleague.goto(url);
  const changed = `Uitslag GroenLinks ${stamp}`;
  await colleague.getByLabel('Titel (verplicht)').fill(changed);
  await colleague.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(colleague.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();

  // The first editor's tab closes without a save; opened again, the form says when the autosave
  // was made, on which version, and that a newer one was saved since.
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(
    again.getByText(
      /^Er is een automatisch opgeslagen versie van \d\d:\d\d, getypt op versie 1\. Daarna is versie 2 opgeslagen:/,
    ),
  ).toBeVisible();
  await expect(again.getByLabel('Titel (verplicht)')).toHaveValue(changed);
  await again.getByRole('button', { name: 'Herstellen' }).click();
  const text = again.getByLabel('Tekst', { exact: true });
  await expect(text).toHaveValue(typed);

  // Restored over version 2: the colleague's change is shown as a diff, with the merge.
  const panel = again.locator('section.admin-conflict');
  await expect(
    panel.getByRole('heading', { name: /^Nu opgeslagen door een collega \(versie 2\)/ }),
  ).toBeVisible();
  await expect(panel.locator('ins').filter({ hasText: 'GroenLinks' })).toBeVisible();
  await expectNoSeriousAxeViolations(again);

  // 'Opslaan' before choosing is refused as the conflict it is: nothing of the colleague's is lost.
  const refused = again.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/admin/content/'),
  );
  await again.getByRole('button', { name: 'Opslaan', exact: true }).click();
  expect((await refused).status()).toBe(409);
  await expect(panel.getByRole('heading', { name: /^Nu opgeslagen door een collega/ })).toBeVisible();
  await expect(text).toHaveValue(typed);

  // Merged: the colleague's title and the typed text, both stored.
  await panel.getByRole('button', { name: 'Samenvoegen' }).click();
  await expect(again.getByRole('heading', { name: /^Samengevoegd met versie 2/ })).toBeFocused();
  await expect(again.getByLabel('Titel (verplicht)')).toHaveValue(changed);
  await expect(text).toHaveValue(typed);
  await again.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();
  await colleague.reload();
  await expect(colleague.getByLabel('Titel (verplicht)')).toHaveValue(changed);
  await expect(colleague.getByLabel('Tekst', { exact: true })).toHaveValue(typed);
  await other.close();

  again.once('dialog', (dialog) => void dialog.accept());
  await again.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
