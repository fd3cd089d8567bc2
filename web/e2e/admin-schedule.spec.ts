import { expect, test } from '@playwright/test';
import { logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// The schedule editor ('Programmering') against the real server: an eindredacteur opens Ether
// Radio 2's week, sees an overlapping slot refused with the server's message on its field, adds a
// special broadcast for tomorrow that is in the guide (/gids) at once, and removes it again, after
// which the guide is as it was. The account is made with `ether-server create-user` on the running
// server's data dir (ETHER_E2E_SERVER, ETHER_E2E_DATA_DIR, as scripts/test-all sets them).

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de programmering';
const stamp = Date.now().toString(36);

// Tomorrow's Amsterdam date as yyyy-mm-dd.
const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(
  Date.now() + 24 * 3600 * 1000,
);
const guidePath = `/gids/${tomorrow.replaceAll('-', '/')}`;

test('an eindredacteur edits the schedule and the guide follows at once', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Programmering' }).click();
  await page.getByRole('link', { name: 'Ether Radio 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programmering Ether Radio 2' })).toBeVisible();
  const monday = page.getByRole('region', { name: 'maandag' });
  await expect(monday.getByText('06:00–10:00 De Ochtendploeg')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The demo's Monday is full: a new slot at 07:00 is refused, the message on its start field.
  const slotForm = page.getByRole('form', { name: 'Nieuw tijdvak' });
  await slotForm.getByLabel('Dag').selectOption('maandag');
  await slotForm.getByLabel('Programma').selectOption('De Ochtendploeg');
  await slotForm.getByLabel('Begintijd').fill('07:00');
  await slotForm.getByLabel('Eindtijd').fill('08:00');
  await slotForm.getByRole('button', { name: 'Tijdvak toevoegen' }).click();
  const start = slotForm.getByLabel('Begintijd');
  await expect(start).toBeFocused();
  await expect(start).toHaveAccessibleDescription(
    /Dit tijdvak overlapt met De Ochtendploeg \(maandag 06:00–10:00\)\.$/,
  );

  // A special broadcast tomorrow night is in the guide at once.
  const title = `Nachtspecial ${stamp}`;
  expect(await (await page.request.get(guidePath)).text()).not.toContain(title);
  const changeForm = page.getByRole('form', { name: 'Nieuwe wijziging op een datum' });
  await changeForm.getByLabel('Datum').fill(tomorrow);
  await changeForm.getByLabel('Titel').fill(title);
  await changeForm.getByLabel('Begintijd').fill('03:00');
  await changeForm.getByLabel('Eindtijd').fill('03:30');
  await changeForm.getByRole('button', { name: 'Wijziging toevoegen' }).click();
  await expect(page.getByRole('status')).toHaveText(`De wijziging op ${tomorrow} is opgeslagen.`);
  const changes = page.getByRole('table', { name: 'Wijzigingen op een datum' });
  await expect(changes.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await (await page.request.get(guidePath)).text()).toContain(title);

  // Removed again after the confirmation: gone from the guide.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(`De wijziging op ${tomorrow}`);
    void dialog.accept();
  });
  await changes
    .getByRole('button', { name: `Verwijderen wijziging ${tomorrow}` })
    .first()
    .click();
  await expect(page.getByRole('status')).toHaveText(`De wijziging op ${tomorrow} is verwijderd.`);
  expect(await (await page.request.get(guidePath)).text()).not.toContain(title);
});
