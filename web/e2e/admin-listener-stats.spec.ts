import http from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInFresh } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// 'Luistercijfers' against the real server: while a listener streams radio2 (a real HTTP client
// from this spec, holding the MP3 stream open), the page shows it in the live count; the history's
// chart and table render; 'Per nummer' lists the demo playout's songs of a month; the controls are
// reached and used with the keyboard; a podcast's and an episode's pages show the downloads of
// an episode fetched here; axe finds nothing.

test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'een wachtwoord voor de luistercijfers';

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

/** The CSV a link offers, fetched as the signed-in page would (200), in its lines. */
async function csvLines(page: Page, link: Locator): Promise<string[]> {
  const answer = await page.evaluate(
    async (target) => {
      const response = await fetch(target);
      return { status: response.status, text: await response.text() };
    },
    (await link.getAttribute('href')) ?? '',
  );
  expect(answer.status).toBe(200);
  return answer.text.split('\r\n').filter((line) => line !== '');
}

/** Opens radio2's live stream and reads it until close() is called. */
async function listen(baseURL: string, streamUrl: string) {
  const url = new URL(streamUrl, baseURL);
  return await new Promise<{ close: () => void }>((resolve, reject) => {
    const request = http.get(url, { headers: { 'User-Agent': 'E2E speler/1.0' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.on('data', () => undefined);
      response.on('error', () => undefined);
      resolve({ close: () => request.destroy() });
    });
    request.on('error', () => undefined);
  });
}

test('a redacteur sees the live count of a listener, the chart and the table', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await (await request.get('/api/player/radio2/token')).json();
  const listener = await listen(baseURL ?? '', token.streamUrl as string);
  try {
    await logInFresh(page, 'redacteur', PASSWORD);
    await page
      .getByRole('navigation', { name: 'Beheer' })
      .getByRole('link', { name: 'Luistercijfers' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Luistercijfers' })).toBeVisible();
    await expect(page.getByTestId('listeners-now')).toHaveText(/^[1-9]\d*$/);
    const now = page.getByRole('table', { name: 'Luisteraars nu per kanaal en formaat' });
    await expect(
      now
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Ether Radio 2', exact: true }) })
        .getByRole('cell')
        .first(),
    ).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole('img', { name: /^Grafiek: Bereik/ })).toBeVisible();
    const history = page.getByRole('table', { name: 'Luistercijfers per dag (UTC)' });
    await expect(history.getByRole('row').filter({ hasText: 'Totaal' }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The keyboard alone: from 'Indeling' the other controls follow in order, and a choice loads anew.
    await page.getByLabel('Indeling').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Kanaal', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Van (UTC)')).toBeFocused();
    await page.getByLabel('Indeling').focus();
    await page.getByLabel('Indeling').selectOption('week');
    await expect(page.getByRole('table', { name: 'Luistercijfers per week (UTC)' })).toBeVisible();
    const csv = page.getByRole('link', { name: 'Download als CSV' });
    await csv.focus();
    await expect(csv).toBeFocused();
    await expect(csv).toHaveAttribute('href', /format=csv/);
    // The page's session downloads it: the CSV's documented header first.
    expect((await csvLines(page, csv))[0]).toBe(
      'bucket_start,bucket_end,channel,starts,average_active,aqh,cume,cume_basis,listening_hours,median_session_seconds',
    );
    await expectNoSeriousAxeViolations(page);
  } finally {
    listener.close();
  }
});

test("a programme's admin page lists each broadcast's audience, the one on air marked", async ({
  page,
  request,
}) => {
  // The exact figures are proven by ctest (ListenerStatsServer) with players of its own; this is
  // the page that shows them, from the real server.
  const info = (await (await request.get('/api/miniplayer/info?channel=radio2')).json()) as {
    data: { radioBroadcasts: { data: { radioProgrammes: { name: string } | null }[] } };
  };
  const programme = info.data.radioBroadcasts.data[0]?.radioProgrammes?.name ?? '';
  expect(programme, 'the programme on air on radio2').not.toBe('');
  await logInFresh(page, 'redacteur', PASSWORD);
  const found = (await (
    await page.request.get(`/api/admin/content/programmes?q=${encodeURIComponent(programme)}`)
  ).json()) as { items: { id: string; title: string }[] };
  const item = found.items.find((candidate) => candidate.title === programme);
  expect(item, `${programme} in the admin`).toBeDefined();
  await page.goto(`/beheer/inhoud/programmes/${encodeURIComponent(item?.id ?? '')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Luistercijfers per uitzending' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Uitzendingen van de afgelopen 28 dagen/ });
  await expect(table.getByRole('row').filter({ hasText: 'nu op de zender' })).toHaveCount(1);
  // The demo's playout has two weeks of broadcasts behind it: more than the one on air.
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);
  await expectNoSeriousAxeViolations(page);
});

test("a podcast's and an episode's admin pages show the downloads counted from the real audio route", async ({
  page,
  request,
}) => {
  // The counting rules are proven by ctest (PodcastDownloadsServer); here a podcast app fetches a
  // demo episode whole (shorter than a minute, so the whole file makes a download) in two ranges.
  const audio = '/media/podcasts/de-nieuwsduik/waarom-bouwen-zo-lang-duurt.mp3';
  const headers = { 'User-Agent': 'E2E podcastapp/1.0' };
  expect((await request.get(audio, { headers: { ...headers, Range: 'bytes=0-49999' } })).status()).toBe(206);
  expect((await request.get(audio, { headers: { ...headers, Range: 'bytes=50000-' } })).status()).toBe(206);
  await logInFresh(page, 'redacteur', PASSWORD);
  const feeds = (await (
    await page.request.get(`/api/admin/content/podcast-feeds?q=${encodeURIComponent('De Nieuwsduik')}`)
  ).json()) as { items: { id: string; title: string }[] };
  const feed = feeds.items.find((candidate) => candidate.title === 'De Nieuwsduik');
  expect(feed, 'De Nieuwsduik in the admin').toBeDefined();
  await page.goto(`/beheer/inhoud/podcast-feeds/${encodeURIComponent(feed?.id ?? '')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Downloads per dag' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Downloads van de afgelopen 28 dagen/ });
  await expect(table.getByRole('row').nth(1)).toContainText('Waarom bouwen zo lang duurt: ');
  await expectNoSeriousAxeViolations(page);
  // The same days as CSV, from the keyboard: the documented header, then a line of the episode.
  const csv = page.getByRole('link', { name: 'Download als CSV' });
  await csv.focus();
  await expect(csv).toBeFocused();
  const lines = await csvLines(page, csv);
  expect(lines[0]).toBe('date,feed,episode,episode_title,downloads');
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^\d{4}-\d{2}-\d{2},de-nieuwsduik,waarom-bouwen-zo-lang-duurt,Waarom bouwen zo lang duurt,[1-9]\d*$/,
    ),
  );

  const episodes = (await (
    await page.request.get(`/api/admin/content/podcast-episodes?q=${encodeURIComponent('Waarom bouwen')}`)
  ).json()) as { items: { id: string; title: string }[] };
  const episode = episodes.items.find((candidate) => candidate.title === 'Waarom bouwen zo lang duurt');
  expect(episode, 'the episode in the admin').toBeDefined();
  await page.goto(`/beheer/inhoud/podcast-episodes/${encodeURIComponent(episode?.id ?? '')}`);
  const own = page.getByRole('table', { name: 'Downloads van deze aflevering, de nieuwste dag eerst' });
  await expect(own.getByRole('row')).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
});

/** The Amsterdam month (YYYY-MM) of a day before now. */
function amsterdamMonthOf(daysAgo: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(Date.now() - daysAgo * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

test("'Per nummer' lists a month's songs of radio2, sorted with the keyboard, and its CSV", async ({
  page,
}) => {
  // The exact figures are proven by ctest (SongAudienceServer) with scripted sessions; this is the
  // section that shows them, from the real server. The demo's playout has two weeks of plays behind
  // it, so yesterday's month has songs.
  await logInFresh(page, 'redacteur', PASSWORD);
  await page
    .getByRole('navigation', { name: 'Beheer' })
    .getByRole('link', { name: 'Luistercijfers' })
    .click();
  const section = page.getByRole('region', { name: 'Per nummer', exact: true });
  await expect(section.getByRole('heading', { level: 2, name: 'Per nummer' })).toBeVisible();
  const month = amsterdamMonthOf(1);
  await section.getByLabel('Kanaal van de nummers').selectOption('radio2');
  await section.getByLabel('Maand van de nummers').fill(month);
  const table = section.getByRole('table', { name: /^Per nummer op Ether Radio 2 in / });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Nummer',
    'Gedraaid',
    'Speelduur',
    'Ingeschakeld (verwacht)',
    'Uitgeschakeld (verwacht)',
    'Verschil (verwacht)',
    'Afwijking ▲',
  ]);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expect(table.getByRole('columnheader', { name: /Afwijking/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expectNoSeriousAxeViolations(page);

  // The keyboard alone: the channel, then the month; from the CSV link the table's frame and its
  // headers (a month field takes Tab for its own month and year first).
  await section.getByLabel('Kanaal van de nummers').focus();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Maand van de nummers')).toBeFocused();
  const csv = section.getByRole('link', { name: 'Download per nummer als CSV' });
  await csv.focus();
  await expect(csv).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('region', { name: /^Per nummer, / })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: 'Nummer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: 'Gedraaid' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: /Gedraaid/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.getByRole('columnheader', { name: /Afwijking/ })).not.toHaveAttribute('aria-sort');
  const plays = async () =>
    (await table.getByRole('row').locator('td:nth-of-type(1)').allInnerTexts()).map((text) => Number(text));
  const descending = await plays();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.keyboard.press('Space');
  await expect(table.getByRole('columnheader', { name: /Gedraaid/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const ascending = await plays();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // The page's session downloads the CSV: the documented header, a line per song.
  await expect(csv).toHaveAttribute(
    'href',
    `/api/admin/listeners/songs?channel=radio2&month=${month}&format=csv`,
  );
  const lines = await csvLines(page, csv);
  expect(lines[0]).toBe(
    'channel,month,song_id,artist,title,plays,minutes_played,tune_ins,expected_tune_ins,tune_outs,' +
      'expected_tune_outs,net,expected_net,difference',
  );
  // A line per song: the header and at least the songs shown (a play may have ended since).
  expect(lines.length).toBeGreaterThanOrEqual(await table.getByRole('row').count());
  await expectNoSeriousAxeViolations(page);
});
