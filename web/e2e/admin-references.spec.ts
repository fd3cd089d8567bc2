import { expect, test, type Page } from '@playwright/test';
import { logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations } from './support';

// Forms show the truth (issue 37): every content type's reference selects show the stored value
// of an item that has one (they showed 'Kies…' or '(geen)' while their options were still on the
// way, so the next save risked clearing them), a save keeps them (save → reload → same values),
// and 'Opslaan' ends with a visible 'Opgeslagen' announced to screen readers while the focus
// stays on the button. Against the real server's demo station, whose items are saved unchanged.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de verwijzingstest';

interface Item {
  id: string;
  title: string;
  values: Record<string, unknown>;
}

// The reference fields of each type with one, by label (the form's), as the server describes them.
const TYPES: { type: string; fields: { name: string; label: string }[] }[] = [
  { type: 'programmes', fields: [{ name: 'channel', label: 'Kanaal (verplicht)' }] },
  {
    type: 'articles',
    fields: [
      { name: 'category', label: 'Categorie (verplicht)' },
      { name: 'programme', label: 'Programma' },
    ],
  },
  { type: 'fragments', fields: [{ name: 'programme', label: 'Programma' }] },
  { type: 'podcast-episodes', fields: [{ name: 'feed', label: 'Podcast (verplicht)' }] },
  { type: 'channels', fields: [{ name: 'parent', label: 'Hoofdkanaal' }] },
];

async function getItem(page: Page, type: string, id: string): Promise<Item> {
  const answer = await page.request.get(`/api/admin/content/${type}/${encodeURIComponent(id)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { item: Item }).item;
}

// The item of `type` with the most of `fields` set (the demo station's own).
async function itemWithReferences(page: Page, type: string, fields: string[]): Promise<Item> {
  const answer = await page.request.get(`/api/admin/content/${type}`);
  expect(answer.ok()).toBe(true);
  const { items } = (await answer.json()) as { items: Item[] };
  expect(items.length, `${type} has items`).toBeGreaterThan(0);
  const set = (item: Item) =>
    fields.filter((name) => item.values[name] !== null && item.values[name] !== undefined).length;
  const best = [...items].sort((a, b) => set(b) - set(a))[0] as Item;
  return getItem(page, type, best.id);
}

async function expectShown(page: Page, item: Item, fields: { name: string; label: string }[]) {
  for (const field of fields) {
    const select = page.getByLabel(field.label, { exact: true });
    const stored = item.values[field.name];
    await expect(select, `${field.label} of ${item.title}`).toHaveValue(
      stored === null || stored === undefined ? '' : String(stored),
    );
    if (stored !== null && stored !== undefined)
      await expect(select.locator('option:checked')).not.toHaveText(/^(Kies…|\(geen\))$/);
  }
}

test('reference selects show the stored values and keep them through save and reload, for every type', async ({
  page,
}) => {
  await logInFresh(page, 'beheerder', PASSWORD);
  let anySet = 0;
  for (const { type, fields } of TYPES) {
    const item = await itemWithReferences(
      page,
      type,
      fields.map((field) => field.name),
    );
    anySet += fields.filter((field) => item.values[field.name] !== null).length;
    await page.goto(`/beheer/inhoud/${type}/${encodeURIComponent(item.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expectShown(page, item, fields);

    const save = page.getByRole('button', { name: 'Opslaan', exact: true });
    const stored = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().includes(`/api/admin/content/${type}/`),
    );
    await save.click();
    expect((await stored).status(), `saving ${type} ${item.title}`).toBe(200);
    // The form says it is saved, to everyone, and the focus stays where it was.
    const status = page.getByRole('status').filter({ hasText: 'Opgeslagen' });
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(save).toBeFocused();

    await page.reload();
    const after = await getItem(page, type, item.id);
    for (const field of fields)
      expect(after.values[field.name], `${type}.${field.name}`).toEqual(item.values[field.name]);
    await expectShown(page, after, fields);
  }
  // The demo station has items with references, so the test saw stored values, not only empty ones.
  expect(anySet).toBeGreaterThanOrEqual(4);
  await expectNoSeriousAxeViolations(page);
});
