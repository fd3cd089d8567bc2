import { expect, test, type Page } from '@playwright/test';
import { logInFresh, openNew, totpCode } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// An editor never loses work to a login (issue 37): when the session ends mid-edit, a dialog over
// the form signs the editor in again (password, and the code for an account with a second factor)
// and the same save then goes through; when the editor signed in again in another tab, the save
// takes that session's CSRF token and goes through at once. Against the real server; the accounts
// are made with `ether-server create-user` (admin-login.ts). What the tests make is removed.

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de sessietest';
const stamp = Date.now().toString(36);

// A maintenance notification (a draft, never on the site) with its text field to type in.
async function newNotification(page: Page, title: string) {
  await openNew(page, 'Onderhoudsmeldingen', 'Nieuw: onderhoudsmelding');
  await page.getByLabel('Titel (verplicht)').fill(title);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

async function expectStoredText(page: Page, text: string) {
  await page.reload();
  await expect(page.getByLabel('Tekst', { exact: true })).toHaveValue(text);
}

// Clicks 'Opslaan' and waits for the save that goes through (after whatever comes in between).
async function saveAndWait(page: Page, between: () => Promise<void> = async () => undefined) {
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/api/admin/content/') &&
      response.ok(),
  );
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await between();
  await stored;
}

async function removeCurrent(page: Page) {
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
}

test('a save after signing in again in another tab takes the new session and goes through', async ({
  page,
  context,
}) => {
  const { email } = await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Storing elders ${stamp}`;
  await newNotification(page, title);
  const typed = 'Getypt voordat de sessie in een ander tabblad opnieuw begon.';
  await page.getByLabel('Tekst', { exact: true }).fill(typed);

  // Another tab: log out (this tab's session ends) and log in again (a new session and token).
  const other = await context.newPage();
  await other.goto('/beheer');
  await other.getByRole('button', { name: 'Uitloggen' }).click();
  await other.getByLabel('E-mailadres').fill(email);
  await other.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Inloggen' }).click();
  await expect(other.getByRole('heading', { name: /^Welkom/ })).toBeVisible();
  await other.close();

  await saveAndWait(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The form stays: it says so to everyone, and the focus stays on the button (issue 37).
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeFocused();
  await expectStoredText(page, typed);
  await removeCurrent(page);
});

test('the dialog of a tab whose session ended closes by itself when the editor signs in in another tab', async ({
  page,
  context,
}) => {
  const { email } = await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Elders terug ${stamp}`;
  await newNotification(page, title);

  const other = await context.newPage();
  await other.goto('/beheer');
  await other.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(other.getByLabel('E-mailadres')).toBeVisible();
  // Signed out: this tab's next call (the autosave of what is typed, or the presence heartbeat) is
  // refused, and the dialog asks for the password over the form.
  const typed = 'Opgeslagen nadat een ander tabblad opnieuw inlogde.';
  await page.getByLabel('Tekst', { exact: true }).fill(typed);
  const dialog = page.getByRole('dialog', { name: 'Opnieuw inloggen' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await other.getByLabel('E-mailadres').fill(email);
  await other.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Inloggen' }).click();
  await expect(other.getByRole('heading', { name: /^Welkom/ })).toBeVisible();
  // Signed in there, this tab takes the session: the dialog goes, and the form saves.
  await expect(dialog).toHaveCount(0);
  await other.close();
  await saveAndWait(page);
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen' })).toBeVisible();
  await expectStoredText(page, typed);
  await removeCurrent(page);
});

test('when the session ends mid-edit, a dialog signs the editor in again (password and code) and the save goes through', async ({
  page,
  context,
}) => {
  const { secondFactor } = await logInFresh(page, 'beheerder', PASSWORD);
  if (!secondFactor) throw new Error('a beheerder has a second factor');
  const title = `Storing verlopen ${stamp}`;
  await newNotification(page, title);
  const typed = 'Getypt terwijl de sessie verliep.';
  await page.getByLabel('Tekst', { exact: true }).fill(typed);

  // The session ends (its cookie is gone, as after two hours without use).
  await context.clearCookies();
  const dialog = page.getByRole('dialog', { name: 'Opnieuw inloggen' });
  const { secret } = secondFactor;
  await saveAndWait(page, async () => {
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Wachtwoord')).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    // A wrong password is refused in the dialog; the right one asks for the code.
    await dialog.getByLabel('Wachtwoord').fill('niet het wachtwoord');
    await dialog.getByRole('button', { name: 'Inloggen' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByLabel('Wachtwoord').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Inloggen' }).click();
    await dialog.getByLabel('Code uit je app').fill(totpCode(secret, 1));
    await dialog.getByRole('button', { name: 'Inloggen' }).click();
    await expect(dialog).toBeHidden();
  });
  // The same save went through with the new session: the text is stored.
  await expectStoredText(page, typed);
  await removeCurrent(page);
});

test('leaving a form with unsaved changes asks first, in the app and when the tab closes', async ({
  page,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const title = `Storing niet bewaard ${stamp}`;
  await newNotification(page, title);
  const text = page.getByLabel('Tekst', { exact: true });

  // Nothing changed: another page opens without a question.
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: /^Welkom/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await text.fill('Nog niet opgeslagen.');
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Start' }).click();
  await expect.poll(() => questions).toEqual(['confirm']);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(text).toHaveValue('Nog niet opgeslagen.');

  // Closing the tab: the browser's own question (beforeunload).
  page.once('dialog', (dialog) => {
    questions.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => questions).toEqual(['confirm', 'beforeunload']);
  // Dismissed, the tab stays, with the text.
  await expect(text).toHaveValue('Nog niet opgeslagen.');
  await removeCurrent(page);
});
