import { expect, test, type Locator, type Page } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { appShown, expectNoSeriousAxeViolations, yesterdaysFragmentsPath } from './support';

// The listener site on a phone (issue 39): every section reachable behind the header's menu button
// (items 3), the guide's fifteen days a compact strip opened at today (21), and a focus ring that
// keeps a round control round (17). The desktop header stays one row of every section.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SECTIONS = [
  'Gids',
  'Gedraaid',
  "Programma's",
  'Presentatoren',
  'Nieuws',
  'Fragmenten',
  'Gemist',
  'Podcasts',
  "Video's",
  'Kijk live',
];

test.beforeEach(async ({ context, request }) => {
  await suppressOverlays(context, request);
});

/** The element's box, which must be wholly inside the viewport and above the fixed player bar. */
async function expectOnScreen(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  const playerTop = await page.evaluate(
    () => document.querySelector('.mini-player')?.getBoundingClientRect().top ?? window.innerHeight,
  );
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom, clear of the player bar`).toBeLessThanOrEqual(playerTop);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the menu button shows every section; keyboard, Escape and a link close it', async ({ page }) => {
    await page.goto('/nieuws');
    await appShown(page);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const button = nav.getByRole('button', { name: 'Menu' });
    await expectOnScreen(page, button, 'the menu button');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(list).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    for (const name of SECTIONS) {
      await expectOnScreen(page, list.getByRole('link', { name, exact: true }), name);
    }
    await expect(list.getByRole('link', { name: 'Nieuws' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousAxeViolations(page);

    // Tab walks the sections in order, each in full view above the player bar.
    for (const name of SECTIONS) {
      await page.keyboard.press('Tab');
      const link = list.getByRole('link', { name, exact: true });
      await expect(link).toBeFocused();
      await expectOnScreen(page, link, `${name}, focused`);
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await list.getByRole('link', { name: 'Podcasts' }).click();
    await expect(page).toHaveURL(/\/podcasts$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Podcasts');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
  });

  test('without JavaScript the server shows every section at once, and the guide at today', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      await suppressOverlays(context, request);
      const page = await context.newPage();
      await page.goto('/gids');
      const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
      await expect(nav.getByRole('link', { name: 'Menu' })).toBeHidden();
      for (const name of SECTIONS) {
        await expectOnScreen(page, nav.getByRole('link', { name, exact: true }), name);
      }
      const today = page.getByRole('navigation', { name: 'Dagen' }).locator('[aria-current="date"]');
      await expectOnScreen(page, today, "today's tab");
    } finally {
      await context.close();
    }
  });

  test("the guide's days are one scrolling strip opened at today, the schedule on the first screen", async ({
    page,
  }) => {
    await page.goto('/gids');
    await appShown(page);
    const strip = page.getByRole('navigation', { name: 'Dagen' });
    const today = strip.getByRole('link', { name: /Vandaag/ });
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expectOnScreen(page, today, "today's tab");
    // One row of tabs that scrolls sideways, with a shade at the edge that has more beyond it.
    const geometry = await strip.evaluate((element) => {
      const tabs = [...element.querySelectorAll('a')].map((a) => a.getBoundingClientRect().top);
      const style = getComputedStyle(element);
      return {
        rows: new Set(tabs).size,
        scrolls: element.scrollWidth > element.clientWidth && style.overflowX === 'auto',
        height: element.getBoundingClientRect().height,
        attachments: style.backgroundAttachment,
      };
    });
    expect(geometry.rows).toBe(1);
    expect(geometry.scrolls).toBe(true);
    expect(geometry.height).toBeLessThan(80);
    expect(geometry.attachments).toBe('local, local, scroll, scroll');
    const first = page.locator('.guide-list > li, .broadcast-list > li').first();
    await expectOnScreen(page, first.getByRole('heading').first(), "the schedule's first row");

    // The keyboard reaches every day; a tab taken by Tab scrolls into the strip's view.
    const last = strip.getByRole('link').last();
    await last.focus();
    await expectOnScreen(page, last, 'the last day, focused');
    await page.keyboard.press('Shift+Tab');
    await expect(strip.getByRole('link').nth(-2)).toBeFocused();
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: DESKTOP });

  test('the header stays one row of every section, with no menu button', async ({ page }) => {
    await page.goto('/gids');
    await appShown(page);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
    const tops = new Set<number>();
    for (const name of SECTIONS) {
      const link = nav.getByRole('link', { name, exact: true });
      await expectOnScreen(page, link, name);
      tops.add(Math.round((await link.boundingBox())?.y ?? -1));
    }
    expect([...tops]).toHaveLength(1);
    await expectNoSeriousAxeViolations(page);
  });
});

/** Focuses `control` as by keyboard; the ring and the corners it has then, against before. */
async function focusRing(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const before = await control.evaluate((element) => getComputedStyle(element).borderRadius);
  await control.focus();
  const after = await control.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      radius: style.borderRadius,
    };
  });
  return { before, ...after };
}

for (const [which, viewport] of [
  ['a phone, the fragments', PHONE],
  ['a laptop, the guide', DESKTOP],
] as const) {
  test(`a focus ring keeps a round control round (${which})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const phone = viewport === PHONE;
    await page.goto(phone ? yesterdaysFragmentsPath() : '/gids');
    await appShown(page);
    // A key press first: focus() then counts as by keyboard (:focus-visible).
    await page.keyboard.press('Shift');
    const controls: [string, Locator][] = [
      ['the play button', page.locator('#player-play-button')],
      ['a channel', page.getByRole('navigation', { name: 'Zenders' }).getByRole('link').first()],
      ['the search box', page.getByRole('combobox', { name: 'Zoeken' })],
    ];
    if (phone) {
      controls.push(
        [
          "a card's Luister button",
          page
            .locator('.card')
            .getByRole('button', { name: /Luister/ })
            .first(),
        ],
        ['the menu button', page.getByRole('button', { name: 'Menu' })],
      );
    } else {
      controls.push(['Toon gids', page.getByRole('button', { name: 'Toon gids' })]);
    }
    for (const [name, control] of controls) {
      const ring = await focusRing(control);
      expect(ring.focusVisible, name).toBe(true);
      expect(ring.outline, name).toBe('solid 3px');
      expect(ring.before, name).not.toBe('0px');
      expect(ring.radius, `${name}: the ring follows its corners`).toBe(ring.before);
    }
  });
}

test("the search box's hint is read whole on a phone, and ends with an ellipsis where it must give way (issue 51 polish)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await appShown(page);
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Zoeken' });
  await expect(box).toBeVisible();
  // The hint as the box sets it (its own font size), typed into the box: does it fit?
  const fits = await box.evaluate((input: HTMLInputElement) => {
    input.style.fontSize = getComputedStyle(input, '::placeholder').fontSize;
    input.value = input.placeholder;
    const whole = input.scrollWidth <= input.clientWidth;
    input.value = '';
    input.style.fontSize = '';
    return whole;
  });
  expect(fits).toBe(true);
  expect(await box.evaluate((input) => getComputedStyle(input).textOverflow)).toBe('ellipsis');
  // What is typed stays at 16 px: a smaller font makes iOS zoom in on focus.
  expect(await box.evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
});
