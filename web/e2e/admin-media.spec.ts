import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInFresh } from './admin-login';
import { expectNoSeriousAxeViolations, must } from './support';
import { writeTestImage, writeTestTone } from './test-media';

// The media library of the admin against the real server: an eindredacteur uploads a JPEG made by
// ffmpeg, sees it become ready with the sizes the site asks for, moves its focal point (new crops
// are made) and gives it a credit and caption, uploads a WAV tone that becomes a
// loudness-normalised MP3 with its duration, and finds both in the lists. The files differ on every
// run (a random hue and pitch), so that the library, which keeps each content once, processes them
// anew.

// A guard against hangs, not a speed check: ffmpeg and axe-core run on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor de mediatest';
const stamp = Date.now().toString(36);
const imageName = `studio-${stamp}.jpg`;
const audioName = `toon-${stamp}.wav`;
let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ether-media-e2e-'));
  writeTestImage(join(folder, imageName));
  writeTestTone(join(folder, audioName), 3);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// Waits until an <img> has loaded a picture.
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true });
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

test('an eindredacteur uploads an image and audio, sees them processed and moves the focal point', async ({
  page,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await page
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Beeld en geluid' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beeld en geluid' })).toBeVisible();

  // The image: sent, processed into its sizes, shown with its crops.
  await page.getByLabel('Afbeelding uploaden').setInputFiles(join(folder, imageName));
  await expect(page.getByText(`Klaar: ${imageName}`)).toBeVisible({ timeout: 60_000 });
  const listed = (await (await page.request.get('/api/admin/media?kind=image')).json()) as {
    items: { id: number; name: string }[];
  };
  const media = must(
    listed.items.find((item) => item.name === imageName),
    'the uploaded image in the list',
  );
  const editor = page.getByRole('region', { name: imageName });
  await expect(editor.getByText('800 × 600 pixels')).toBeVisible();
  for (const crop of ['Artikelkaart (4:3)', 'Breed (16:9)', 'Vierkant']) {
    await expectLoaded(page, `${crop} van ${imageName}`);
  }
  const before = (await (await page.request.get(`/api/admin/media/${media.id}`)).json()) as {
    media: { status: string; url: string; focalPoint: { x: number; y: number } };
  };
  expect(before.media.status).toBe('ready');
  expect(before.media.focalPoint).toEqual({ x: 0.5, y: 0.5 });
  const card = await page.request.get(before.media.url.replace('{format}', 'h_424,w_564,c_north'));
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/webp');

  // The focal point, moved by keyboard to the right and up: the crops are made for it.
  const picker = editor.getByRole('button', { name: /^Focuspunt:/ });
  await picker.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await editor.getByRole('button', { name: 'Focuspunt bewaren' }).click();
  await expect(editor.getByRole('button', { name: 'Focuspunt bewaren' })).toBeDisabled();
  await expect(editor.getByText(/Uitsneden maken/)).toHaveCount(0, { timeout: 60_000 });
  await expect(editor.getByRole('alert')).toHaveCount(0);
  const after = (await (await page.request.get(`/api/admin/media/${media.id}`)).json()) as typeof before;
  expect(after.media.status).toBe('ready');
  expect(after.media.focalPoint.x).toBeGreaterThan(0.5);
  expect(after.media.focalPoint.y).toBeLessThan(0.5);
  expect(after.media.url).not.toBe(before.media.url);
  const moved = await page.request.get(after.media.url.replace('{format}', 'h_424,w_564,c_north'));
  expect(moved.status()).toBe(200);
  expect(moved.headers()['content-type']).toBe('image/webp');
  await expectLoaded(page, `Artikelkaart (4:3) van ${imageName}`);

  // Its credit and caption, kept with the picture (trimmed) and there again after a reload.
  const details = page.getByRole('form', { name: `Fotograaf of bron en bijschrift van ${imageName}` });
  await details.getByLabel('Fotograaf of bron').fill('  Studio Ether  ');
  await details.getByLabel('Bijschrift').fill('De presentator achter de tafel');
  await details.getByRole('button', { name: 'Opslaan' }).click();
  await expect(
    page.getByText(`De fotograaf of bron en het bijschrift van ${imageName} zijn bewaard.`),
  ).toBeAttached();
  const described = (await (await page.request.get(`/api/admin/media/${media.id}`)).json()) as {
    media: { credit: string; caption: string };
  };
  expect(described.media).toMatchObject({
    credit: 'Studio Ether',
    caption: 'De presentator achter de tafel',
  });
  await page.reload();
  await page.getByRole('button', { name: imageName, exact: true }).click();
  await expect(details.getByLabel('Fotograaf of bron')).toHaveValue('Studio Ether');
  await expect(details.getByLabel('Bijschrift')).toHaveValue('De presentator achter de tafel');

  // The audio: normalised into an MP3 of the tone's 3 seconds.
  await page.getByLabel('Audio uploaden').setInputFiles(join(folder, audioName));
  await expect(page.getByText(`Klaar: ${audioName}`)).toBeVisible({ timeout: 60_000 });
  const audioRow = page.getByRole('listitem').filter({ hasText: audioName });
  await expect(audioRow).toContainText(`${audioName} · 0:03 ·`);
  await expect(audioRow).toContainText('LUFS');
  const mp3 = await page.request.get(
    (await audioRow.getByRole('link', { name: 'Beluisteren (MP3)' }).getAttribute('href')) ?? '',
  );
  expect(mp3.status()).toBe(200);
  expect(mp3.headers()['content-type']).toBe('audio/mpeg');

  // Both in the lists, the image ready (with its thumbnail).
  await expect(page.getByRole('button', { name: imageName, exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: audioName })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});
