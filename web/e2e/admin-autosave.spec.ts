import { expect, test, type Page } from '@playwright/test';
import { logInFresh, openNew } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// A content form's autosave against the real server (issue 37): what an editor types is kept on
// the server a few seconds later, apart from the item; after a crash or a closed tab the form
// offers it ('Herstellen' / 'Weggooien'), and a normal save clears it. The account is made with
// `ether-server create-user` (admin-login.ts); what the test makes is removed.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de autosavetest';
const stamp = Date.now().toString(36);
const offer = /^Er is een automatisch opgeslagen versie van \d\d:\d\d\.$/;

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
  await again.getByRole('button', { name: 'Opslaan' }).click();
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
  await again.getByRole('button', { name: 'Weggooien' }).click();
  await expect(again.getByLabel('Titel (verplicht)')).toHaveValue('');
  await again.reload();
  await expect(again.getByRole('heading', { level: 1, name: /^Nieuw/ })).toBeVisible();
  await expect(again.getByText(offer)).toHaveCount(0);

  await again.goto(url);
  again.once('dialog', (dialog) => void dialog.accept());
  await again.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
