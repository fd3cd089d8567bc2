import { expect, test, type APIRequestContext } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { pageData, seriousAxeViolations, watchCspViolations } from './support';

// Every route of spec §2, each at one real URL of the demo store: the URLs come from the server's
// own /sitemap.xml (and, for the routes a crawler is not sent to, from the page data), so the list
// follows the store. Each route must answer 200, render its heading, pass axe-core without a
// serious or critical violation and log no Content Security Policy violation (issue 39: the
// server's HTML of /gids had an inline style the CSP refused).

const FROM_SITEMAP: [string, RegExp][] = [
  ['home', /^\/$/],
  ['sitemap', /^\/sitemap$/],
  ['live', /^\/live$/],
  ['gedraaid', /^\/gedraaid$/],
  ['gids', /^\/gids$/],
  ['programmas', /^\/programmas$/],
  ['programma', /^\/programmas\/[^/]+$/],
  ['programma-fragmenten', /^\/programmas\/[^/]+\/fragmenten$/],
  ['programma-nieuws', /^\/programmas\/[^/]+\/nieuws$/],
  ['presentatoren', /^\/presentatoren$/],
  ['presentator', /^\/presentatoren\/[^/]+$/],
  ['nieuws', /^\/nieuws$/],
  ['nieuws-categorie', /^\/nieuws\/[^/]+$/],
  ['artikel', /^\/nieuws\/[^/]+\/\d+\/[^/]+$/],
  ['fragmenten', /^\/fragmenten$/],
  ['fragment', /^\/fragmenten\/[^/]+\/\d+\/[^/]+$/],
  ['uitzendingen', /^\/uitzendingen$/],
  ['podcasts', /^\/podcasts$/],
  ['podcast', /^\/podcasts\/[^/]+$/],
  ['podcast-aflevering', /^\/podcasts\/[^/]+\/\d+\/[^/]+$/],
  ['thema', /^\/thema\/[^/]+$/],
  ['overzicht', /^\/overzicht\/[^/]+$/],
  ['videos', /^\/videos$/],
];

function amsterdamDate(offsetDays: number): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + offsetDays * 864e5));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('day'), month: get('month'), year: get('year') };
}

async function routeUrls(request: APIRequestContext): Promise<[string, string][]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
  const urls: [string, string][] = FROM_SITEMAP.map(([name, pattern]) => {
    const path = paths.find((p) => pattern.test(p));
    if (!path) throw new Error(`/sitemap.xml lists no URL for the route '${name}'`);
    return [name, path];
  });
  const yesterday = amsterdamDate(-1);
  const today = amsterdamDate(0);
  urls.push(['gedraaid-datum', `/gedraaid/${yesterday.day}-${yesterday.month}-${yesterday.year}`]);
  urls.push(['gids-datum', `/gids/${today.year}/${today.month}/${today.day}`]);
  const sitemap = await pageData<{ groups?: { slug?: string; key?: string }[] }>(request, '/sitemap');
  const group = sitemap.data.groups?.[1];
  const groupSlug = group?.slug ?? group?.key;
  if (!groupSlug) throw new Error('the sitemap page data has no second group');
  urls.push(['sitemap-groep', `/sitemap/${groupSlug}`]);
  const article = urls.find(([name]) => name === 'artikel')?.[1] ?? '';
  urls.push(['app-artikel', `/app${article}`]);
  const theme = urls.find(([name]) => name === 'thema')?.[1] ?? '';
  urls.push(['app-thema', `/app${theme}`]);
  urls.push(['zoeken', '/zoeken/muziek']);
  // A song's page (spec §3 Track's url), from today's played tracks or, just after midnight, yesterday's.
  let played = await pageData<{ tracks: { url: string }[] }>(request, '/gedraaid');
  if (!played.data.tracks.length) {
    played = await pageData(request, `/gedraaid/${yesterday.day}-${yesterday.month}-${yesterday.year}`);
  }
  const song = played.data.tracks[0]?.url;
  if (!song) throw new Error('/gedraaid lists no track to open');
  urls.push(['nummer', song]);
  return urls;
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

test('every route of §2 answers 200 with its heading, no serious or critical axe violation and no CSP violation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const cspViolations = await watchCspViolations(page);
  const urls = await routeUrls(request);
  // A missed broadcast's URL is built by the app: take the first one the list links to.
  await page.goto('/uitzendingen');
  const detail = page.locator('main a[href^="/uitzendingen/"]').first();
  await expect(detail, 'a missed broadcast with a recording to open').toBeVisible();
  urls.push(['uitzending', (await detail.getAttribute('href')) ?? '']);
  const failures: string[] = [];
  for (const [name, path] of urls) {
    const response = await page.goto(path);
    expect(response?.status(), `${name}: ${path}`).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${name}: ${path}`).toBeVisible();
    for (const violation of await seriousAxeViolations(page)) failures.push(`${name} ${path}: ${violation}`);
    for (const violation of await cspViolations()) failures.push(`${name} ${path}: CSP ${violation}`);
  }
  expect(failures).toEqual([]);
});
