import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// What the Playwright suites share: the page envelope the server embeds or answers, the mini
// player's audio element, and the accessibility check every route must pass.

/** The page envelope of web/src/api/types.ts, with the route's data as `D`. */
export interface Envelope<D> {
  status: number;
  route: string;
  title: string;
  params: Record<string, string>;
  data: D;
}

/** The envelope the HTML shell embedded as #ether-page on a full page load. */
export async function embeddedEnvelope<D>(page: Page): Promise<Envelope<D>> {
  const text = await page.locator('script#ether-page').textContent();
  if (!text) throw new Error('The page has no #ether-page data');
  return JSON.parse(text) as Envelope<D>;
}

/** The envelope /api/page answers for `path` (what client navigation reads). */
export async function pageData<D>(request: APIRequestContext, path: string): Promise<Envelope<D>> {
  const response = await request.get(`/api/page?path=${encodeURIComponent(path)}`);
  expect(response.ok(), `/api/page for ${path}`).toBe(true);
  return (await response.json()) as Envelope<D>;
}

// The newest play of today's Gedraaid as the server has it. The open page follows the radio (issue
// 51): a song that starts puts a row above the others, so a test that compares two loads of
// /gedraaid asks for this before and after, and measures again when a song came in between.
export async function newestPlay(request: APIRequestContext): Promise<number | null> {
  const answer = (await pageData<{ tracks: { id: number }[] }>(request, '/gedraaid')).data;
  return answer.tracks[0]?.id ?? null;
}

/** `value`, or a test failure naming what was expected. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

/**
 * Makes `page` refuse to play media until the visitor has clicked or pressed a key in it, as a
 * browser's autoplay policy does on a first visit: play() rejects with NotAllowedError. The suite's
 * Chromium allows autoplay (--autoplay-policy=no-user-gesture-required), so the player's first load
 * plays there (spec §4) unless a test asks for this. (navigator.userActivation will not do: the
 * evaluations Playwright makes while it waits count as a gesture.)
 */
export async function refuseAutoplay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let gesture = false;
    const note = (event: Event) => {
      if (event.isTrusted) gesture = true;
    };
    window.addEventListener('pointerdown', note, true);
    window.addEventListener('keydown', note, true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!gesture) {
        return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      }
      return play.call(this);
    };
  });
}

/** The mini player's landmark. */
export function miniPlayer(page: Page) {
  return page.getByRole('region', { name: 'Radiospeler' });
}

/**
 * The state of the mini player's audio element (id 'audio-player-id', spec §2). The server's HTML
 * has no such element: the app makes it once it has taken over the page, which a busy machine can
 * leave until after the server's heading shows; the state is read once it is there.
 */
export async function audioState(page: Page) {
  await page.locator('#audio-player-id').waitFor({ state: 'attached' });
  return page.evaluate(() => {
    const element = document.getElementById('audio-player-id') as HTMLAudioElement;
    return {
      time: element.currentTime,
      src: element.currentSrc,
      paused: element.paused,
      duration: element.duration,
      volume: element.volume,
    };
  });
}

/**
 * Waits until the app has taken over from the server's page HTML: before that a link is a plain
 * link, without the app's navigation or tracking, and a click on it loads the next page anew.
 */
export async function appShown(page: Page) {
  await expect(page.locator('[data-server-html]')).toHaveCount(0);
}

/**
 * axe-core's serious and critical WCAG 2.2 A/AA violations on the page as it is now, one line each
 * ("rule: targets"). Legacy mode runs axe in the page itself: the default opens a blank page to
 * gather the frames' results, which took 2-3 s a call against about 1 s, and the listener pages
 * have no frames of their own to gather.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core over the page as it is now: no serious or critical WCAG 2.2 A/AA violation. */
export async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/**
 * The fragments of yesterday (Amsterdam), a day that always holds several of the demo station's
 * fragments: /fragmenten without a date shows today's (spec §2), and today may have none yet.
 */
export function yesterdaysFragmentsPath(now: Date = new Date()): string {
  return fragmentsPathDaysAgo(1, now);
}

function fragmentsPathDaysAgo(days: number, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(now.getTime() - days * 24 * 3600 * 1000));
  const part = (type: string) => day.find((p) => p.type === type)?.value ?? '';
  return `/fragmenten?date=${part('day')}-${part('month')}-${part('year')}`;
}

/**
 * The fragments of the latest past day (Amsterdam) with at least `count` of them: the demo station
 * has three or four a day, depending on the weekday's programmes.
 */
export async function fragmentsPathWithAtLeast(request: APIRequestContext, count: number): Promise<string> {
  for (let days = 1; days <= 7; days += 1) {
    const path = fragmentsPathDaysAgo(days);
    const envelope = await pageData<{ fragments: unknown[] }>(request, path);
    if (envelope.data.fragments.length >= count) return path;
  }
  throw new Error(`no day of the last week has ${count} fragments`);
}

/**
 * Collects the Content Security Policy violations of `page` from its next load on: Chromium reports
 * a refused style or script to the page's securitypolicyviolation listeners (from the first byte
 * of the HTML, as the init script runs before it) and to its own console. The function returned
 * gives those seen since it was last called, of the page now open and of the console.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return async () => {
    const seen = await page.evaluate(() =>
      ((window as unknown as { cspViolations?: string[] }).cspViolations ?? []).splice(0),
    );
    return [...seen, ...refused.splice(0)];
  };
}
