import { expect, test } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { audioState, embeddedEnvelope, expectNoSeriousAxeViolations, type Envelope } from './support';

// Missed broadcasts against the real server: the recordings its broadcast logger wrote (a fresh
// data dir has the last hours rebuilt from the play log), played in the mini player by Chromium.

interface ListData {
  broadcasts: { id: number; title: string }[];
  programmes: { slug: string; name: string }[];
}
interface DetailData {
  broadcast: { id: number; title: string };
  recording: { available: boolean; durationSeconds: number | null };
  tracks: { offsetSeconds: number; title: string }[];
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

// The offset as the page writes it: 'm:ss', or 'h:mm:ss' from an hour on.
function clock(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

test('the list shows recorded broadcasts and filters by programme on submit', async ({ page }) => {
  await page.goto('/uitzendingen');
  await expect(page.getByRole('heading', { level: 1, name: 'Gemist' })).toBeVisible();
  const { data } = await embeddedEnvelope<ListData>(page);
  expect(data.broadcasts.length, 'the backfill recorded at least one whole broadcast').toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page);

  const select = page.getByLabel('Programma', { exact: true });
  const programme = data.programmes[0];
  if (!programme) throw new Error('the demo station has programmes');
  await select.selectOption(programme.slug);
  // WCAG 3.2.2: choosing alone does not navigate.
  await expect(page).toHaveURL(/\/uitzendingen$/);
  await page.getByRole('button', { name: 'Toon uitzendingen' }).click();
  await expect(page).toHaveURL(new RegExp(`programme=${programme.slug}`));
});

test('a missed broadcast plays in the mini player and a track seeks there', async ({ page }) => {
  await page.goto('/uitzendingen');
  const { data } = await embeddedEnvelope<ListData>(page);
  const first = data.broadcasts[0];
  if (!first) throw new Error('no recorded broadcast');
  await page.getByRole('main').getByRole('link', { name: first.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/uitzendingen/[^/]+/${first.id}/`));
  await expect(page.getByText(/ \d\d - \d\d uur/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The detail's data, as the server sends it to the app.
  const detail = (await (
    await page.request.get(`/api/page?path=${encodeURIComponent(new URL(page.url()).pathname)}`)
  ).json()) as Envelope<DetailData>;
  expect(detail.data.recording.available).toBe(true);

  await page.getByRole('button', { name: 'Luister de uitzending' }).click();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  const playing = await audioState(page);
  expect(playing.src).toContain(`/recordings/broadcast/${first.id}.mp3?expires=`);
  expect(playing.duration).toBeGreaterThan((detail.data.recording.durationSeconds ?? 0) - 5);
  await expect(page.getByRole('region', { name: 'Radiospeler' })).toContainText(first.title);

  const target = detail.data.tracks.find((t) => t.offsetSeconds > 60);
  if (!target) throw new Error('the broadcast has a track more than a minute in');
  await page
    .getByRole('button', { name: new RegExp(`^Speel vanaf ${clock(target.offsetSeconds)}: `) })
    .click();
  await expect
    .poll(async () => (await audioState(page)).time, { timeout: 15_000 })
    .toBeGreaterThan(target.offsetSeconds - 1);
  const after = await audioState(page);
  expect(after.time).toBeLessThan(target.offsetSeconds + 10);
  expect(after.paused).toBe(false);
});
