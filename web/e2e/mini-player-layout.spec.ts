import { expect, test, type Locator, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { appShown, expectNoSeriousAxeViolations, miniPlayer, must } from './support';

// The mini player's layout (spec §2, issue 30 deviation 8; issue 39 #10) in Chromium against the
// real server: on a laptop the right side has an expand trigger and the show its broadcaster icons;
// on a phone no control of the bar is lost (the expanded player has each one the bar hides); the
// channel list shows that it scrolls and groups the sub-channels under their parent.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

interface InfoBroadcaster {
  name: string;
  logoUrl: string;
}

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

/** The accessible names of the controls a part of the bar shows, in order. */
async function controlNames(part: Locator): Promise<string[]> {
  const controls = part.locator('a, button, [aria-disabled="true"]');
  const names: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const label = await control.getAttribute('aria-label');
    names.push((label ?? (await control.innerText())).replace(/\s+/g, ' ').trim());
  }
  return names;
}

async function barLoaded(page: Page) {
  await appShown(page);
  await expect(miniPlayer(page).locator('#player-play-button')).toHaveAttribute('aria-busy', 'false');
}

test('on a phone the expanded player has every control the bar shows on a laptop', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  // What the laptop's bar offers besides the play button and the expand trigger.
  const laptop = [
    ...(await controlNames(bar.locator('.mini-player__controls'))),
    ...(await controlNames(bar.locator('.mini-player__side'))),
  ].filter((name) => !['Afspelen', 'Stop', 'Pauze', 'Volledige speler'].includes(name));
  expect(laptop).toEqual(
    expect.arrayContaining(['Gemist', 'Laatste journaal', 'Open in venster', 'Geluid uit']),
  );
  expect(laptop.some((name) => name.startsWith('Zender: '))).toBe(true);

  await page.setViewportSize(PHONE);
  // The phone's bar hides most of them.
  const phoneBar = [
    ...(await controlNames(bar.locator('.mini-player__controls'))),
    ...(await controlNames(bar.locator('.mini-player__side'))),
  ];
  expect(phoneBar.filter((name) => laptop.includes(name))).toEqual([]);
  await bar.getByRole('button', { name: /Speler uitklappen/ }).click();
  const dialog = bar.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const name of laptop) {
    const control = dialog
      .getByText(name, { exact: true })
      .or(dialog.getByRole('button', { name, exact: true }));
    await expect(control.first(), name).toBeVisible();
  }
  await expect(dialog.getByRole('slider', { name: 'Volume' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('on a laptop the right side has an expand trigger, and the show its broadcaster icons', async ({
  page,
  request,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  const trigger = bar.locator('.mini-player__side').getByRole('button', { name: 'Volledige speler' });
  await expect(trigger).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  // At the right edge of the bar.
  const box = must(await trigger.boundingBox(), 'the trigger laid out');
  expect(box.x + box.width).toBeGreaterThan(LAPTOP.width - 80);
  await trigger.click();
  const dialog = bar.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // A talk channel (reading A) shows its show all the time: its broadcasters as the server has them.
  await bar.getByRole('button', { name: /^Zender: / }).click();
  await bar.getByRole('button', { name: 'Ether Radio 1', exact: true }).click();
  await expect(bar.getByRole('button', { name: /^Zender: / })).toHaveText(/Ether Radio 1/);
  await barLoaded(page);
  const info = await (await request.get('/api/miniplayer/info?channel=radio1')).json();
  const broadcasters = (info.data.radioBroadcasts.data[0]?.coreBroadcasters ?? []) as InfoBroadcaster[];
  const withLogo = broadcasters.filter((b) => b.logoUrl);
  const icons = bar.locator('.mini-player__broadcasters img');
  await expect(icons).toHaveCount(withLogo.length);
  for (const [index, broadcaster] of withLogo.entries()) {
    const icon = icons.nth(index);
    await expect(icon).toHaveAttribute('alt', broadcaster.name);
    await expect(icon).toHaveAttribute('src', broadcaster.logoUrl);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const iconBox = must(await icon.boundingBox(), 'the icon laid out');
    expect(Math.round(iconBox.height)).toBe(22);
  }
  // The time on a talk channel, with an en dash and no spaces (issue 39 #15).
  await expect(bar.locator('.mini-player__subtitle')).toHaveText(/^\d\d:\d\d–\d\d:\d\d$/);
  await expectNoSeriousAxeViolations(page);
});

test('the channel list shows that it scrolls and groups the sub-channels under their parent', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  await bar.getByRole('button', { name: /^Zender: / }).click();
  const list = bar.getByRole('list', { name: 'Zenders' });
  await expect(list).toBeVisible();
  const below = bar.locator('.channel-picker__more--below');
  const above = bar.locator('.channel-picker__more--above');
  // At the top: more below, drawn over the cut edge of the list.
  await expect(below).toBeVisible();
  await expect(above).toHaveCount(0);
  const listBox = must(await list.boundingBox(), 'the list laid out');
  const belowBox = must(await below.boundingBox(), 'the arrow laid out');
  expect(Math.round(belowBox.y + belowBox.height)).toBe(Math.round(listBox.y + listBox.height));

  // Each family with sub-channels: a list named by the parent, right under it.
  for (const [parent, child] of [
    ['Ether Radio 2', 'Soul & Jazz'],
    ['Ether 3FM', 'KX'],
    ['Ether Radio 5', 'Sterren NL'],
  ]) {
    const group = list.getByRole('list', { name: parent });
    await expect(group.getByRole('button', { name: child, exact: true })).toHaveCount(1);
  }

  // The keyboard walks down the list, which scrolls along; at the end the arrow is above only.
  const current = list.getByRole('button', { name: 'Ether Radio 2', exact: true });
  await expect(current).toBeFocused();
  await page.keyboard.press('End');
  await expect(list.getByRole('button', { name: 'Sterren NL' })).toBeFocused();
  await expect(above).toBeVisible();
  await expect(below).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Home');
  await expect(current).toBeFocused();
  await expect(below).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('button', { name: 'Soul & Jazz' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(bar.getByRole('button', { name: /^Zender: / })).toBeFocused();
});

test('on demand the expanded player names what plays, not the live channel', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  await bar.getByRole('button', { name: /Speler uitklappen/ }).click();
  const dialog = bar.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Laatste journaal' }).click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Laatste journaal');
  await expect(dialog.locator('.expanded-player__pill')).toHaveText(/^Journaal · Het nieuws van .*\d\d:00$/);
  await expect(dialog.getByRole('button', { name: /^Zender: / })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Open in venster' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Luister live' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
});

test('starting an item keeps every control of the bar where it was under the pointer (issue 51, trip 2)', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  await expect(bar.getByRole('button', { name: /^Zender: / })).toBeVisible();
  const controls = {
    play: bar.locator('#player-play-button'),
    news: bar.getByRole('button', { name: 'Laatste journaal', exact: true }),
    expand: bar.getByRole('button', { name: 'Volledige speler' }),
  };
  const where = async () => {
    const boxes: Record<string, { x: number; y: number }> = {};
    for (const [name, control] of Object.entries(controls)) {
      const box = must(await control.boundingBox(), `${name} laid out`);
      boxes[name] = { x: Math.round(box.x), y: Math.round(box.y) };
    }
    return boxes;
  };
  const before = await where();
  const news = must(await controls.news.boundingBox(), 'the bulletin button laid out');
  await page.mouse.click(news.x + news.width / 2, news.y + news.height / 2);
  await expect(bar.getByRole('button', { name: 'Luister live' })).toBeVisible({ timeout: 15_000 });
  await expect(bar.locator('.mini-player__clock')).toBeVisible();
  // On demand the dropdown is not shown (spec §6), and nothing took the place under the pointer.
  await expect(bar.getByRole('button', { name: /^Zender: / })).toHaveCount(0);
  expect(await where()).toEqual(before);
  const under = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
    { x: news.x + news.width / 2, y: news.y + news.height / 2 },
  );
  expect(under).toContain('Laatste journaal');
  await expectNoSeriousAxeViolations(page);
});

test("on a phone an item's title keeps the room its time would take; the time is still read out (issue 51, trip 3)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/gids');
  await barLoaded(page);
  const bar = miniPlayer(page);
  // The room the title may take: from where its text starts to the end of the info area. The text's
  // own width follows its words, which differ between the live show and the item.
  const room = async () => {
    const text = must(await bar.locator('.mini-player__text').boundingBox(), 'the bar text laid out');
    const info = must(await bar.locator('.mini-player__info').boundingBox(), 'the info area laid out');
    return info.x + info.width - text.x;
  };
  const liveRoom = await room();
  await bar.getByRole('button', { name: /Speler uitklappen/ }).click();
  const dialog = bar.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Laatste journaal' }).click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Laatste journaal');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bar.locator('.mini-player__title')).toHaveText('Laatste journaal');
  const clock = bar.locator('.mini-player__clock');
  await expect(clock.locator('.visually-hidden')).toHaveText(/\S/);
  await expect(clock.locator('[aria-hidden="true"]')).toBeHidden();
  const itemRoom = await room();
  expect(itemRoom).toBeGreaterThanOrEqual(Math.floor(liveRoom) - 1);
  expect(itemRoom).toBeGreaterThan(PHONE.width / 3);
});
