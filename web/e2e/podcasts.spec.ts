import { expect, test, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';

// The podcast pages against the real server and store: what they show, an episode playing in the
// mini player with its position and duration, the RSS feed a podcast app subscribes to, and axe.

interface Feed {
  slug: string;
  title: string;
}
interface Episode {
  id: number;
  slug: string;
  feedSlug: string;
  title: string;
  durationSeconds: number;
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

async function embedded<T>(page: Page): Promise<T> {
  const text = await page.locator('script#ether-page').textContent();
  if (!text) throw new Error('The page has no #ether-page data');
  return (JSON.parse(text) as { data: T }).data;
}

const HMS = /^(\d+:)?\d{1,2}:\d{2}$/;

test('the three podcast routes show the store content, axe-clean', async ({ page }) => {
  await page.goto('/podcasts');
  await expect(page.getByRole('heading', { level: 1, name: 'Podcasts' })).toBeVisible();
  const { feeds } = await embedded<{ feeds: Feed[] }>(page);
  expect(feeds.length).toBeGreaterThan(0);
  const tiles = page.getByRole('list', { name: 'Podcasts' });
  for (const feed of feeds) await expect(tiles.getByRole('link', { name: feed.title })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const feed = feeds[0] as Feed;
  await tiles.getByRole('link', { name: feed.title }).click();
  await expect(page).toHaveURL(new RegExp(`/podcasts/${feed.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: feed.title })).toBeVisible();
  // After client-side navigation the head announces the feed as the shell does on a full load.
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    new RegExp(`/podcasts/${feed.slug}/feed\\.xml$`),
  );

  await page.goto(`/podcasts/${feed.slug}`);
  const { episodes } = await embedded<{ episodes: Episode[] }>(page);
  expect(episodes.length).toBeGreaterThan(1);
  const headings = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(headings).toHaveText(episodes.map((e) => e.title));
  for (const duration of await page.locator('.podcast-episode__duration').allTextContents()) {
    expect(duration).toMatch(HMS);
  }
  await expectNoSeriousAxeViolations(page);

  const episode = episodes[1] as Episode;
  await page.getByRole('link', { name: episode.title }).click();
  await expect(page).toHaveURL(new RegExp(`/podcasts/${feed.slug}/${episode.id}/${episode.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: episode.title })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  const types = (JSON.parse(jsonLd ?? '{}') as { '@graph': { '@type': string }[] })['@graph'].map(
    (n) => n['@type'],
  );
  expect(types).toContain('PodcastEpisode');
  await expectNoSeriousAxeViolations(page);
});

test('an episode plays in the mini player with position and duration, then the next one is queued', async ({
  page,
}) => {
  await page.goto('/podcasts');
  const { feeds } = await embedded<{ feeds: Feed[] }>(page);
  const feed = feeds[0] as Feed;
  await page.goto(`/podcasts/${feed.slug}`);
  const { episodes } = await embedded<{ episodes: Episode[] }>(page);
  const [first, second] = episodes as [Episode, Episode];

  await page.getByRole('button', { name: `Luister: ${first.title}` }).click();
  const player = page.getByRole('region', { name: 'Radiospeler' });
  await expect(player).toContainText(first.title);
  await expect(player.getByRole('button', { name: 'Pauze', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () =>
        page.evaluate(() => (document.getElementById('audio-player-id') as HTMLAudioElement).currentTime),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(1);
  await expect(player.locator('.mini-player__position')).toHaveText(/^0:0[1-9]$|^0:[1-5]\d$/, {
    timeout: 10_000,
  });
  const duration = player.locator('.mini-player__duration');
  await expect(duration).toHaveText(HMS);
  const shown = (await duration.textContent()) ?? '';
  const [m, s] = shown.split(':').map(Number) as [number, number];
  expect(Math.abs(m * 60 + s - first.durationSeconds)).toBeLessThanOrEqual(1);

  // The queue: when the episode ends, the one after it in the list plays.
  await page.evaluate(() => {
    const element = document.getElementById('audio-player-id') as HTMLAudioElement;
    element.currentTime = element.duration - 0.3;
  });
  await expect(player).toContainText(second.title, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: `Pauze: ${second.title}` })).toBeVisible({ timeout: 15_000 });
});

test("'Abonneer via RSS' is a feed podcast apps can read, announced in the head", async ({
  page,
  request,
}) => {
  await page.goto('/podcasts');
  const { feeds } = await embedded<{ feeds: Feed[] }>(page);
  const feed = feeds[0] as Feed;
  await page.goto(`/podcasts/${feed.slug}`);
  const alternate = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(alternate).toHaveAttribute('href', new RegExp(`/podcasts/${feed.slug}/feed\\.xml$`));
  const link = page.getByRole('link', { name: `Abonneer via RSS op ${feed.title}` });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toBe(`/podcasts/${feed.slug}/feed.xml`);

  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/rss+xml');
  const xml = await response.text();
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      title: doc.querySelector('channel > title')?.textContent,
      items: doc.getElementsByTagName('item').length,
      enclosure: doc.querySelector('item > enclosure')?.getAttribute('url'),
    };
  }, xml);
  expect(parsed.error).toBe(false);
  expect(parsed.title).toBe(feed.title);
  expect(parsed.items).toBeGreaterThan(0);
  // The enclosure downloads without a token.
  const audio = await request.get(parsed.enclosure ?? '');
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');

  // Clicking the link leaves the app for the XML document.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/podcasts/${feed.slug}/feed\\.xml$`));
});
