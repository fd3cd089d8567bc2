import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { answerYes, logInFresh, openNew } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { audioState, expectNoSeriousAxeViolations, miniPlayer, must } from './support';
import { writeTestTone } from './test-media';

// A podcast episode with uploaded audio, end to end against the real server: an eindredacteur
// uploads a WAV made by ffmpeg from the episode form itself, makes the episode with it (the form
// first says on the audio field that audio must be chosen) and publishes it; the episode is on its
// feed's page, plays in the mini player, and the feed's RSS has an enclosure whose length is the
// byte count of the MP3 the server serves. The episode is removed at the end, so that the other
// suites meet the demo feeds as they were.

// A guard against hangs, not a speed check: ffmpeg, the loudness pass and axe-core on a busy machine.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'een wachtwoord voor de afleveringstest';
const stamp = Date.now().toString(36);
const audioName = `aflevering-${stamp}.wav`;
const SECONDS = 20;
let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ether-episode-e2e-'));
  writeTestTone(join(folder, audioName), SECONDS);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

test('an uploaded episode is on its feed page, plays in the mini player and is in the RSS at its size', async ({
  page,
}) => {
  await logInFresh(page, 'eindredacteur', PASSWORD);
  const feeds = (await (await page.request.get('/api/admin/content/podcast-feeds/options')).json()) as {
    options: { value: number; slug: string; label: string }[];
  };
  const feed = must(feeds.options[0], 'a podcast of the demo station');

  await openNew(page, 'Podcastafleveringen', 'Nieuw: aflevering');
  const title = `Stadsgeluid ${stamp}`;
  await page.getByLabel('Titel (verplicht)').fill(title);
  await expect(page.getByLabel('URL (verplicht)')).toHaveValue(`stadsgeluid-${stamp}`);
  await page.getByLabel('Podcast (verplicht)').selectOption({ label: feed.label });
  await page.getByLabel('Beschrijving').fill('Een aflevering met geüploade audio.');

  // Without audio the form refuses on the audio field and puts the focus there.
  const audio = page.getByRole('combobox', { name: 'Audio uit de mediabibliotheek (verplicht)' });
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(audio).toBeFocused();
  await expect(audio).toHaveAccessibleDescription(/Kies een audiobestand uit de mediabibliotheek\.$/);

  // The WAV is uploaded right there, processed, and chosen.
  await page.getByLabel('Nieuwe audio uploaden').setInputFiles(join(folder, audioName));
  await expect(page.getByText(`Klaar: ${audioName}`)).toBeVisible({ timeout: 90_000 });
  await expect(audio.locator('option:checked')).toHaveText(`${audioName} (0:${SECONDS})`);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // What the server took from the MP3, shown, not editable.
  await expect(page.getByText(/^Audiobestand: \/uploads\/audio\/[0-9a-f]{64}\.mp3$/)).toBeVisible();
  await expect(page.getByText(`Duur: 0:${SECONDS}`)).toBeVisible();
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByText('Status: Online')).toBeVisible();
  const editUrl = page.url();

  // Its feed page lists it; it plays in the mini player from the uploaded MP3.
  await page.goto(`/podcasts/${feed.slug}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: `Luister: ${title}` }).click();
  await expect(miniPlayer(page)).toContainText(title);
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
  const playing = await audioState(page);
  expect(playing.src).toMatch(/\/uploads\/audio\/[0-9a-f]{64}\.mp3$/);
  expect(Math.abs(playing.duration - SECONDS)).toBeLessThan(0.5);

  // The RSS the page announces: the enclosure is that MP3, its length the bytes served.
  const rssUrl = must(
    await page.locator('head link[rel="alternate"][type="application/rss+xml"]').getAttribute('href'),
    'the RSS link of the feed page',
  );
  const rss = await (await page.request.get(rssUrl)).text();
  const item = must(
    rss.split('<item>').find((part) => part.includes(`<title>${title}</title>`)),
    'the episode in the RSS',
  );
  const enclosure = must(
    item.match(/<enclosure url="([^"]+)" length="(\d+)" type="([^"]+)"/),
    'the enclosure of the episode',
  );
  const [, enclosureUrl = '', length = '', type] = enclosure;
  expect(type).toBe('audio/mpeg');
  expect(new URL(enclosureUrl).pathname).toBe(new URL(playing.src).pathname);
  const served = await page.request.get(enclosureUrl);
  expect(served.status()).toBe(200);
  expect((await served.body()).length).toBe(Number(length));
  expect(item).toContain(`<itunes:duration>0:00:${SECONDS}</itunes:duration>`);

  // Removed again: offline first, then deleted.
  await page.goto(editUrl);
  answerYes(page, /offline halen\?/);
  await page.getByRole('button', { name: 'Offline halen' }).click();
  await expect(page.getByText('Status: Concept')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
});
