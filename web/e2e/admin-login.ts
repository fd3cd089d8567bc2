import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// Fresh admin accounts for the specs: made with `ether-server create-user` on the running
// server's data dir (ETHER_E2E_SERVER, ETHER_E2E_DATA_DIR, as scripts/test-all sets them), then
// logged in with the one-time password, which is changed to `password` as the admin demands; a
// beheerder then sets up the second factor the server requires, with codes computed here.
// Also the steps through the admin's forms that the specs share.

const stamp = Date.now().toString(36);

/** Where `create-user` writes: the shared server (scripts/test-all) unless a spec's own is named. */
export interface UserStore {
  binary: string;
  dataDir: string;
}

/** A new account: on `store` (else the shared server), named `name` (else "E2E <role>"). */
export interface NewUser {
  store?: UserStore;
  name?: string;
}

export function createUser(
  role: string,
  email: string,
  { store, name = `E2E ${role}` }: NewUser = {},
): string {
  const server = store?.binary ?? process.env.ETHER_E2E_SERVER;
  const dataDir = store?.dataDir ?? process.env.ETHER_E2E_DATA_DIR;
  if (!server || !dataDir) throw new Error('Set ETHER_E2E_SERVER and ETHER_E2E_DATA_DIR (scripts/test-all)');
  const out = execFileSync(server, ['create-user', '--role', role, email, '--name', name], {
    env: { ...process.env, ETHER_DATA_DIR: dataDir, ETHER_LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return (out.trim().split('\n').pop() ?? '').trim();
}

/**
 * The admin API in `request`'s context (its cookie jar), signed in as a new account of `role` (see
 * NewUser) that has changed its one-time password to `password` and, for a beheerder, set up its
 * second factor, as the admin's forms do; `headers` carry the Origin and CSRF token that further
 * calls need. The forms themselves are proven in admin.spec.ts (the first beheerder's one-time
 * password, its change and the second factor's set-up) and admin-second-factor.spec.ts; through
 * them every admin test cost about 1.1 s of CPU more (cpuacct).
 */
export async function signInFresh(
  request: APIRequestContext,
  role: string,
  password: string,
  user: NewUser = {},
) {
  const email = `${role}-${stamp}-${Math.random().toString(36).slice(2, 7)}@ether.local`;
  const oneTime = createUser(role, email, user);
  // The context's base URL (a spec may run its own server), as the admin's origin check asks.
  let headers: Record<string, string> = { Origin: new URL((await request.head('/beheer')).url()).origin };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(path, { data, headers });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const signedIn = await post<{ csrfToken: string }>('/api/admin/session', { email, password: oneTime });
  headers = { ...headers, 'X-CSRF-Token': signedIn.csrfToken };
  const changed = await post<{ csrfToken: string }>('/api/admin/password', {
    currentPassword: oneTime,
    newPassword: password,
  });
  headers = { ...headers, 'X-CSRF-Token': changed.csrfToken };
  let secondFactor: { secret: string; recoveryCodes: string[] } | undefined;
  if (role === 'beheerder') {
    const { secret } = await post<{ secret: string }>('/api/admin/second-factor/enrolment', { password });
    const { recoveryCodes } = await post<{ recoveryCodes: string[] }>(
      '/api/admin/second-factor/confirmation',
      {
        code: totpCode(secret),
      },
    );
    secondFactor = { secret, recoveryCodes };
  }
  return { email, headers, secondFactor };
}

/** A new account of `role` (signInFresh) in the page's context, on the admin's start page. */
export async function logInFresh(page: Page, role: string, password: string, user: NewUser = {}) {
  const { email, secondFactor } = await signInFresh(page.request, role, password, user);
  await page.goto('/beheer');
  await expect(page.getByRole('heading', { name: /^Welkom/ })).toBeVisible();
  return { email, secondFactor };
}

/**
 * The TOTP code of a base32 secret, `stepsAhead` steps of 30 s from now: a code already used in
 * this step is refused as a replay, and the server takes the next step's code too.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ issuer: 'Ether', secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * Sets up the second factor from the page "Tweestapsverificatie", with the account's `password`
 * asked again: its secret and recovery codes.
 */
export async function enrolSecondFactor(page: Page, password: string) {
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie', level: 1 })).toBeVisible();
  await page.getByLabel('Je wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Tweestapsverificatie instellen' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code uit je app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await page.getByRole('button', { name: 'Ik heb ze bewaard' }).click();
  return { secret, recoveryCodes };
}

/** Opens the new-item form of a content type from the admin's navigation. */
export async function openNew(page: Page, typeLabel: string, newLabel: string) {
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Inhoud' }).click();
  await page.getByRole('link', { name: typeLabel, exact: true }).click();
  await page.getByRole('link', { name: newLabel }).click();
}

/**
 * Writes a new news article through the admin's form (a title, the first category, an intro and
 * the text's paragraphs, typed into the block editor with Enter between them) and creates it as a
 * draft: returns once its edit page shows the title.
 */
export async function createArticle(
  page: Page,
  title: string,
  { intro = `Inleiding bij ${title}.`, paragraphs = ['De eerste alinea.'], timeout = 20_000 } = {},
) {
  await openNew(page, 'Nieuwsartikelen', 'Nieuw: artikel');
  await page.getByLabel('Titel (verplicht)').fill(title);
  await pickFirst(page, 'Categorie (verplicht)');
  await page.getByLabel('Intro (verplicht)').fill(intro);
  await page.getByRole('textbox', { name: 'Tekst', exact: true }).click();
  for (const [index, paragraph] of paragraphs.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(paragraph);
  }
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout });
}

/** Picks the first real option of a select once its reference options have loaded. */
export async function pickFirst(page: Page, label: string) {
  const select = page.getByLabel(label);
  await expect(select.locator('option')).not.toHaveCount(1);
  await select.selectOption({ index: 1 });
}

/** Accepts the next confirm the page asks, which must ask `question` (the admin asks before it removes anything). */
export function answerYes(page: Page, question: RegExp) {
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toMatch(question);
    void dialog.accept();
  });
}
