import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInFresh } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { startOwnServer, type OwnServer } from './own-server';
import { expectNoSeriousAxeViolations } from './support';

// Issue 52, 'Proven': scripted listeners give exactly the expected figures on 'Luistercijfers'. A
// server of this spec's own (no other spec's listeners, a minimum session of 5 s) streams to real
// HTTP clients from here: a known number on radio2 and radio4, some shorter than the minimum, one a
// known bot, each reading real audio for a known time. A beheerder then sees in the table, the CSV
// and the chart's description exactly the session starts and distinct listeners the script made,
// and listening time and median session length within what the measured durations allow. Every
// expected figure is computed here from the script, never read from the server.

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de luistercijfers';
const MIN_SESSION_SECONDS = 5;
// A session starts on the server between our request and its answer, and ends when the server's
// next write finds the connection closed: allowed this much beyond what the client measured.
const SLACK_MS = 2000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Listen {
  channel: string;
  agent: string;
  seconds: number;
}

// Radio 2: player A twice (one listener), B, and a short listen; radio 4: C, a short listen and a bot.
const SCRIPT: Listen[] = [
  { channel: 'radio2', agent: 'E2E speler A/1.0', seconds: 20 },
  { channel: 'radio2', agent: 'E2E speler A/1.0', seconds: 12 },
  { channel: 'radio2', agent: 'E2E speler B/1.0', seconds: 30 },
  { channel: 'radio2', agent: 'E2E speler K/1.0', seconds: 1 },
  { channel: 'radio4', agent: 'E2E speler C/1.0', seconds: 15 },
  { channel: 'radio4', agent: 'E2E speler D/1.0', seconds: 2 },
  { channel: 'radio4', agent: BOT, seconds: 15 },
];

interface Heard extends Listen {
  requestedAt: number;
  answeredAt: number;
  closedAt: number;
  bytes: number;
}

/** Plays `listen.channel`'s MP3 stream for `listen.seconds` from its answer, reading every byte. */
async function play(baseURL: string, streamUrl: string, listen: Listen): Promise<Heard> {
  const requestedAt = Date.now();
  return await new Promise<Heard>((resolve, reject) => {
    const request = http.get(
      new URL(streamUrl, baseURL),
      { headers: { 'User-Agent': listen.agent } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${listen.channel} answered ${response.statusCode}`));
          return;
        }
        const answeredAt = Date.now();
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('error', () => undefined);
        setTimeout(() => {
          request.destroy();
          resolve({ ...listen, requestedAt, answeredAt, closedAt: Date.now(), bytes });
        }, listen.seconds * 1000);
      },
    );
    request.on('error', () => undefined);
  });
}

const counted = (heard: Heard) => heard.agent !== BOT && heard.seconds >= MIN_SESSION_SECONDS;
/** The shortest and longest the server can have measured a session (seconds). */
const shortest = (h: Heard) => (h.closedAt - h.answeredAt) / 1000;
const longest = (h: Heard) => (h.closedAt + SLACK_MS - h.requestedAt) / 1000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** What the script makes of a channel ('' for all together). */
function expected(heard: Heard[], channel: string) {
  const mine = heard.filter((h) => counted(h) && (channel === '' || h.channel === channel));
  return {
    starts: mine.length,
    cume: new Set(mine.map((h) => h.agent)).size,
    hours: [sum(mine.map(shortest)) / 3600, sum(mine.map(longest)) / 3600] as const,
    median: [median(mine.map(shortest)), median(mine.map(longest))] as const,
  };
}

/** A Dutch figure of the table ("1.234,5") as a number. */
const dutch = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
/** A session length of the table ("3 min 05 s", "45 s") in seconds. */
function seconds(text: string): number {
  const match = /^(?:(\d+) min )?(\d+) s$/.exec(text.trim());
  expect(match, `a session length: ${text}`).not.toBeNull();
  return Number(match?.[1] ?? 0) * 60 + Number(match?.[2] ?? 0);
}

/** The history table's rows as cell texts: period, channel, starts, active, AQH, cume, hours, median. */
async function historyRows(table: Locator): Promise<string[][]> {
  return await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

/** The CSV the link downloads when Enter is pressed on it, in its lines. */
async function downloadedLines(page: Page, link: Locator): Promise<string[]> {
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^luistercijfers-(day|hour)\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  return text.split('\r\n').filter((line) => line !== '');
}

/** A UTC day as the page names it: "28-11-2026". */
const dayLabel = (at: number) => {
  const iso = new Date(at).toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
};

test.describe('listener figures from scripted listeners', () => {
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer(() => ({
      ETHER_LISTENER_MIN_SESSION_SECONDS: String(MIN_SESSION_SECONDS),
      ETHER_LISTENER_FLUSH_SECONDS: '1',
    }));
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("'Luistercijfers' shows exactly what the listeners did: table, CSV and chart, by keyboard, axe clean", async ({
    browser,
  }) => {
    const own = server as OwnServer;
    const context = await browser.newContext({ baseURL: own.baseURL });
    await suppressOverlays(context, context.request);
    const page = await context.newPage();
    await logInFresh(page, 'beheerder', PASSWORD, { store: own });
    await page
      .getByRole('navigation', { name: 'Beheer' })
      .getByRole('link', { name: 'Luistercijfers' })
      .click();
    const liveCount = page.getByTestId('listeners-now');
    await expect(liveCount).toHaveText('0');
    const names = new Map(
      (
        (await (await page.request.get('/api/admin/listeners/now')).json()) as {
          channels: { slug: string; name: string }[];
        }
      ).channels.map((c) => [c.slug, c.name]),
    );
    const radio2 = names.get('radio2') ?? 'radio2';
    const radio4 = names.get('radio4') ?? 'radio4';

    // The listeners, all at once, each with a stream token of its own.
    const urls = await Promise.all(
      SCRIPT.map(async (listen) => {
        const answer = await context.request.get(`/api/player/${listen.channel}/token`);
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as { streamUrl: string }).streamUrl;
      }),
    );
    const playing = Promise.all(SCRIPT.map((listen, i) => play(own.baseURL, urls[i] ?? '', listen)));
    // Once the short ones have gone: A twice and B on radio 2, C on radio 4; the bot is no listener.
    await expect(liveCount).toHaveText('4', { timeout: 10_000 });
    const heard = await playing;
    for (const h of heard) expect(h.bytes, `${h.agent} on ${h.channel} heard audio`).toBeGreaterThan(10_000);
    for (const h of heard.filter((one) => one.agent !== BOT && !counted(one))) {
      expect(longest(h), 'a short listen stays under the minimum').toBeLessThan(MIN_SESSION_SECONDS);
    }
    await expect(liveCount).toHaveText('0', { timeout: 10_000 });
    const first = Math.min(...heard.map((h) => h.requestedAt));
    const last = Math.max(...heard.map((h) => h.closedAt)) + SLACK_MS;
    // Across UTC midnight the sessions' starts still add up, but a day's distinct listeners and
    // median are then of part of them: those are compared on one day only.
    const oneDay = dayLabel(first) === dayLabel(last);
    const today = dayLabel(last);

    await page.reload();
    const byDay = page.getByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    await expect(byDay).toBeVisible();
    await expect(
      page.getByText(`Sessies korter dan ${MIN_SESSION_SECONDS} seconden tellen niet mee.`).first(),
    ).toBeVisible();
    const rows = await historyRows(byDay);
    const channelsShown = [...new Set(rows.map((row) => row[1] ?? ''))];
    expect(channelsShown).toEqual(expect.arrayContaining([radio2, radio4, 'Totaal']));
    for (const name of channelsShown) {
      const slug = name === 'Totaal' ? '' : ([...names].find(([, n]) => n === name)?.[0] ?? name);
      const want = expected(heard, slug);
      const mine = rows.filter((row) => row[1] === name);
      expect(sum(mine.map((row) => Number(row[2]))), `session starts of ${name}`).toBe(want.starts);
      const hours = sum(mine.map((row) => dutch(row[6] ?? '')));
      expect(hours, `listening hours of ${name}`).toBeGreaterThanOrEqual(want.hours[0] - 0.005 * mine.length);
      expect(hours, `listening hours of ${name}`).toBeLessThanOrEqual(want.hours[1] + 0.005 * mine.length);
      if (!oneDay) continue;
      const row = mine.find((one) => one[0] === today) ?? [];
      expect(Number(row[5]), `distinct listeners of ${name}`).toBe(want.cume);
      if (want.starts === 0) continue;
      const length = seconds(row[7] ?? '');
      expect(length, `median session of ${name}`).toBeGreaterThanOrEqual(Math.floor(want.median[0]));
      expect(length, `median session of ${name}`).toBeLessThanOrEqual(Math.ceil(want.median[1]));
    }

    // The CSV the page downloads (Enter on its link): the same figures, by channel slug.
    const csv = page.getByRole('link', { name: 'Download als CSV' });
    const lines = await downloadedLines(page, csv);
    expect(lines[0]).toBe(
      'bucket_start,bucket_end,channel,starts,average_active,aqh,cume,cume_basis,listening_hours,median_session_seconds',
    );
    const fields = lines.slice(1).map((line) => line.split(','));
    for (const slug of ['radio2', 'radio4', '']) {
      const want = expected(heard, slug);
      const mine = fields.filter((f) => f[2] === (slug || 'total'));
      expect(mine.length, `CSV lines of ${slug || 'total'}`).toBe(7);
      expect(sum(mine.map((f) => Number(f[3]))), `CSV starts of ${slug || 'total'}`).toBe(want.starts);
      const hours = sum(mine.map((f) => Number(f[8])));
      expect(hours).toBeGreaterThanOrEqual(want.hours[0] - 0.0005 * mine.length);
      expect(hours).toBeLessThanOrEqual(want.hours[1] + 0.0005 * mine.length);
      if (!oneDay) continue;
      const line = mine.find((f) => dayLabel(Date.parse(f[0] ?? '')) === today) ?? [];
      expect(Number(line[6]), `CSV distinct listeners of ${slug || 'total'}`).toBe(want.cume);
      expect(line[7]).toBe('distinct');
      expect(Number(line[9])).toBeGreaterThanOrEqual(want.median[0] - 0.001);
      expect(Number(line[9])).toBeLessThanOrEqual(want.median[1] + 0.001);
    }

    // The chart says in words what it draws: each line's highest and last value.
    const chart = page.getByRole('img', { name: /^Grafiek: Bereik/ });
    await expect(chart).toBeVisible();
    if (oneDay) {
      for (const [name, slug] of [
        [radio2, 'radio2'],
        [radio4, 'radio4'],
        ['Totaal', ''],
      ] as const) {
        const cume = expected(heard, slug).cume;
        await expect(chart).toHaveAccessibleDescription(
          new RegExp(`${name}: hoogste ${cume} \\(${today}\\), laatste ${cume} \\(${today}\\)\\.`),
        );
      }
    }
    await expectNoSeriousAxeViolations(page);

    // The keyboard alone: the chart's figure, then radio 4 by hour.
    const chartFigure = page.getByLabel('In de grafiek');
    await chartFigure.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const startsChart = page.getByRole('img', { name: /^Grafiek: Gestarte sessies/ });
    await expect(startsChart).toBeVisible();
    if (oneDay) {
      const starts = expected(heard, '').starts;
      await expect(startsChart).toHaveAccessibleDescription(
        new RegExp(`Totaal: hoogste ${starts} \\(${today}\\), laatste ${starts} \\(${today}\\)\\.`),
      );
    }
    const indeling = page.getByLabel('Indeling');
    await indeling.focus();
    await page.keyboard.press('Tab');
    const channel = page.getByRole('combobox', { name: 'Kanaal', exact: true });
    await expect(channel).toBeFocused();
    for (let i = 0; i < 10 && (await channel.inputValue()) !== 'radio4'; i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(channel).toHaveValue('radio4');
    await page.keyboard.press('Shift+Tab');
    await expect(indeling).toBeFocused();
    await page.keyboard.press('ArrowUp');
    const byHour = page.getByRole('table', { name: 'Luistercijfers per uur (UTC)' });
    await expect(byHour).toBeVisible();
    await expect(csv).toHaveAttribute('href', /by=hour.*channel=radio4/);
    const hourRows = await historyRows(byHour);
    expect(new Set(hourRows.map((row) => row[1]))).toEqual(new Set([radio4, 'Totaal']));
    for (const name of [radio4, 'Totaal']) {
      const want = expected(heard, 'radio4');
      const mine = hourRows.filter((row) => row[1] === name);
      expect(sum(mine.map((row) => Number(row[2]))), `hourly session starts of ${name}`).toBe(want.starts);
    }
    const hourLines = (await downloadedLines(page, csv)).slice(1).map((line) => line.split(','));
    expect(sum(hourLines.filter((f) => f[2] === 'radio4').map((f) => Number(f[3])))).toBe(
      expected(heard, 'radio4').starts,
    );
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
