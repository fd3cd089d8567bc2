import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { answerYes, logInFresh, openNew } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { appShown, expectNoSeriousAxeViolations, miniPlayer } from './support';
import { writeTestClip } from './test-media';

// A video item with an uploaded video, end to end against the real server (issue 37): an
// eindredacteur uploads a 2-second clip made by ffmpeg from the video form itself, sees it
// processed and chosen (duration and poster filled in), makes and publishes the item; /videos
// plays its HLS rendition in Chromium with its poster. The item is removed at the end, so that the
// other suites meet the demo videos as they were.

// A guard against hangs, not a speed check: ffmpeg and axe-core on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor de videotest';
const stamp = Date.now().toString(36);
const clipName = `clip-${stamp}.mp4`;
let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ether-video-e2e-'));
  writeTestClip(join(folder, clipName), 2);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

test('an uploaded video is processed, published and plays on /videos with its poster', async ({ page }) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  await openNew(page, "Video's", 'Nieuw: video');
  const title = `Studiobeeld ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);

  // The clip is uploaded right there, processed, and chosen: its file, duration and poster filled.
  await page.getByLabel('Nieuwe video uploaden').setInputFiles(join(folder, clipName));
  await expect(page.getByText(`Klaar: ${clipName}`)).toBeVisible({ timeout: 60_000 });
  const library = page.getByRole('combobox', { name: 'Video uit de mediabibliotheek' });
  await expect(library.locator('option:checked')).toHaveText(`${clipName} (0:02, 320×180)`);
  await expect(page.getByLabel(/^Videobestand/)).toHaveValue(
    /^\/uploads\/videos\/[0-9a-f]{64}\/master\.m3u8$/,
  );
  await expect(page.getByLabel(/^Duur \(ms\)/)).toHaveValue(/^(19|20|21)\d\d$/);
  await page.getByLabel('Alt-tekst bij stilstaand beeld (verplicht)').fill('Een testbeeld in kleur');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const editUrl = page.url();

  // /videos plays it from its HLS master playlist, with the poster the server made.
  await page.goto('/videos');
  // The app's player, not the server HTML's, which the app replaces when it takes over.
  await appShown(page);
  const video = page.locator(`video[aria-label="${title}"]`);
  await expect(video).toHaveAttribute('poster', /\/uploads\/videos\/[0-9a-f]{64}\/poster\.jpg$/);
  // The radio's first load (autoplay here) settles first: a radio that starts just after the video
  // was asked to play pauses it, one thing at a time (what video.spec tests).
  await expect(miniPlayer(page).locator('#player-play-button')).toHaveAttribute('aria-busy', 'false', {
    timeout: 15_000,
  });
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  await expectNoSeriousAxeViolations(page);

  // Removed again: offline first, then deleted.
  await page.goto(editUrl);
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
