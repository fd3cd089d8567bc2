import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { logInFresh, openNew, pickFirst } from './admin-login';
import { suppressOverlays } from './overlay-guard';
import { expectNoSeriousAxeViolations } from './support';
import { writeTestImage } from './test-media';

// Images of content from the media library, against the real server: an eindredacteur gives a new
// presenter a portrait and a new programme an image, each uploaded right in the form's image
// picker (a JPEG made by ffmpeg); the alt text is asked for in Dutch when missing. Both pages of
// the site then draw the library's sizes of their §9 presets (srcset and sizes), and the browser
// takes the crop of its breakpoint: the square portrait and the 16:9 header on a desktop, the 4:3
// portrait and the small header on a phone; axe finds nothing serious at either size. What the test
// makes is removed at the end, so that the other suites meet the demo station as it was.

// A guard against hangs, not a speed check: ffmpeg, libvips and axe-core run on a busy machine.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'een wachtwoord voor de beeldtest';
const stamp = Date.now().toString(36);
const portraitFile = `portret-${stamp}.jpg`;
const programmeFile = `programma-${stamp}.jpg`;
let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'ether-images-e2e-'));
  writeTestImage(join(folder, portraitFile));
  writeTestImage(join(folder, programmeFile));
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

/** Uploads `file` in the image picker `picker` and waits until it is processed and chosen. */
async function uploadInto(picker: Locator, file: string) {
  await picker.getByLabel('Nieuwe afbeelding uploaden').setInputFiles(join(folder, file));
  await expect(picker.getByText(`Klaar: ${file}`)).toBeVisible({ timeout: 90_000 });
  await expect(picker.getByRole('button', { name: file })).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByText(`Gekozen: ${file}`)).toBeVisible();
}

/** The site's image named `alt`, loaded: the size the browser took of its srcset. */
async function loadedSource(page: Page, alt: string) {
  const image = page.getByRole('img', { name: alt, exact: true });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
      timeout: 30_000,
    })
    .toBe(true);
  return image.evaluate((el: HTMLImageElement) => ({
    current: el.currentSrc,
    srcset: el.getAttribute('srcset') ?? '',
    sizes: el.getAttribute('sizes') ?? '',
    natural: `${el.naturalWidth}x${el.naturalHeight}`,
  }));
}

/**
 * Opens `path` of the site at `viewport` in a context of its own: the browser may take any size of a
 * srcset it has in its cache (the admin's crop previews), so the site is looked at with none.
 */
async function openSite(
  browser: Browser,
  request: APIRequestContext,
  path: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  await suppressOverlays(context, request);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** Removes the item whose admin page is `url`. */
async function remove(page: Page, url: string) {
  await page.goto(url);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pagina 1' })).toBeVisible();
}

test('an editor gives a new presenter a portrait and a new programme an image, both on the site in their crops', async ({
  page,
  context,
  request,
  browser,
}) => {
  await suppressOverlays(context, request);
  await page.setViewportSize(DESKTOP);
  await logInFresh(page, 'eindredacteur', PASSWORD);

  // The presenter: the portrait uploaded in the form; without alt text the form says so in Dutch.
  const presenter = `Ilse ${stamp}`;
  const portraitAlt = `Ilse ${stamp} lacht in de studio`;
  await openNew(page, 'Presentatoren', 'Nieuw: presentator');
  await page.getByLabel('Naam (verplicht)').fill(presenter);
  const portrait = page.getByRole('group', { name: 'Portret' });
  await uploadInto(portrait, portraitFile);
  await expect(portrait.getByRole('img', { name: `Portret 520×520 van ${portraitFile}` })).toBeVisible();
  await expect(portrait.getByRole('img', { name: `Portret 550×412 van ${portraitFile}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  const alt = portrait.getByLabel('Alt-tekst bij portret (verplicht)');
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAccessibleDescription(
    /Beschrijf in een alt-tekst wat er op de afbeelding te zien is/,
  );
  await alt.fill(portraitAlt);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: presenter })).toBeVisible();
  const presenterAdmin = page.url();
  const presenterSlug = `ilse-${stamp}`;

  // The programme: its image uploaded the same way, its presenter ticked.
  const programme = `Middagmuziek ${stamp}`;
  const programmeAlt = `Het testbeeld van ${programme}`;
  await openNew(page, "Programma's", 'Nieuw: programma');
  await page.getByLabel('Naam (verplicht)').fill(programme);
  await pickFirst(page, 'Kanaal (verplicht)');
  const image = page.getByRole('group', { name: 'Afbeelding' });
  await uploadInto(image, programmeFile);
  await image.getByLabel('Alt-tekst bij afbeelding (verplicht)').fill(programmeAlt);
  await page.getByRole('checkbox', { name: presenter }).check();
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: programme })).toBeVisible();
  const programmeAdmin = page.url();
  const programmeSlug = `middagmuziek-${stamp}`;

  // On the site, in the crops of each breakpoint, from the library's sizes.
  const expected = [
    {
      path: `/presentatoren/${presenterSlug}`,
      alt: portraitAlt,
      desktop: /\/h_520,w_520,c_north\.webp$/,
      phone: /\/h_412,w_550,c_north\.webp$/,
      sizes: '(min-width: 768px) 520px, 550px',
    },
    {
      path: `/programmas/${programmeSlug}`,
      alt: programmeAlt,
      desktop: /\/h_360,w_640,c_north\.webp$/,
      phone: /\/h_180,w_320,c_north\.webp$/,
      sizes: '(min-width: 768px) 640px, 320px',
    },
  ];
  for (const item of expected) {
    for (const [viewport, crop] of [
      [DESKTOP, item.desktop],
      [PHONE, item.phone],
    ] as const) {
      const site = await openSite(browser, request, item.path, viewport);
      const source = await loadedSource(site, item.alt);
      expect(source.current).toMatch(/\/uploads\/images\/[0-9a-f]{64}\/f500-500\//);
      expect(source.current).toMatch(crop);
      expect(source.sizes).toBe(item.sizes);
      expect(source.srcset).not.toContain('{format}');
      await expectNoSeriousAxeViolations(site);
      if (item === expected[1] && viewport === DESKTOP) {
        // The programme page shows its presenter's card with the portrait, from the library too.
        const card = site.locator('.card').filter({ hasText: presenter }).locator('img');
        await expect(card).toHaveAttribute(
          'srcset',
          /\/uploads\/images\/[0-9a-f]{64}\/f500-500\/h_520,w_520,c_north\.webp 520w/,
        );
      }
      await site.context().close();
    }
  }

  await remove(page, programmeAdmin);
  // A programme in the trash still names its presenter (so that a restore finds it): removed from
  // the trash for good first, the presenter can go too.
  await page.goto('/beheer/prullenbak');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `'${programme}' definitief verwijderen` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'definitief verwijderd' })).toBeVisible({
    timeout: 20_000,
  });
  await remove(page, presenterAdmin);
});
