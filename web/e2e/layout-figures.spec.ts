import { expect, test, type Locator, type Page } from '@playwright/test';
import { presetConsent, suppressOverlays } from './overlay-guard';
import { miniPlayer } from './support';

// The layout figures of spec §2 and §9, measured in Chromium (issue 30: no test guarded them): the
// mini player 75 px high with 74 px artwork, 86 and 85 px from the L breakpoint (1200 px) on; the
// channel dropdown's 32 px items in a list at most 169 px high; the volume slider's 120 px track
// with 20 px padding; the event modal at most 760 px wide.

async function box(locator: Locator) {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error('not laid out');
  return measured;
}

async function style(locator: Locator, property: string) {
  return locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
}

async function barFigures(page: Page) {
  const bar = miniPlayer(page);
  await expect(bar).toBeVisible();
  return {
    bar: Math.round((await box(bar)).height),
    artwork: Math.round((await box(bar.locator('.mini-player__artwork').first())).height),
  };
}

test('the mini player, its channel dropdown and volume slider have the sizes of the spec', async ({
  page,
  context,
  request,
}) => {
  await suppressOverlays(context, request);
  await page.setViewportSize({ width: 1199, height: 800 });
  await page.goto('/gids');
  expect(await barFigures(page)).toEqual({ bar: 75, artwork: 74 });
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect.poll(() => barFigures(page)).toEqual({ bar: 86, artwork: 85 });

  const bar = miniPlayer(page);
  await bar.getByRole('button', { name: /^Zender: / }).click();
  const list = bar.locator('.channel-picker__list');
  await expect(list).toBeVisible();
  const items = list.getByRole('button');
  expect(await items.count()).toBeGreaterThan(5);
  for (const item of await items.all()) expect(Math.round((await box(item)).height)).toBe(32);
  expect(await style(list, 'max-height')).toBe('169px');
  expect(Math.round((await box(list)).height)).toBeLessThanOrEqual(169);
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: /^Geluid (uit|aan)$/ }).hover();
  const slider = bar.getByRole('slider', { name: 'Volume' });
  await expect(slider).toBeVisible();
  expect(Math.round((await box(slider)).height)).toBe(120);
  const popover = bar.locator('.volume__popover');
  expect(await style(popover, 'padding-top')).toBe('20px');
  expect(await style(popover, 'padding-bottom')).toBe('20px');
});

test('the event modal is at most 760 px wide', async ({ page, context, baseURL }) => {
  await presetConsent(context, baseURL ?? 'http://127.0.0.1:18080');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const dialog = page.getByRole('dialog').first();
  await expect(dialog).toBeVisible();
  expect(Math.round((await box(dialog)).width)).toBeLessThanOrEqual(760);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(async () => Math.round((await box(dialog)).width)).toBe(760);
});
