import { expect, test } from '@playwright/test';
import { suppressOverlays } from './overlay-guard';
import { miniPlayer } from './support';
test.use({ bypassCSP: true });
test.beforeEach(async ({ context, request }) => { await suppressOverlays(context, request); });
test('probe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/gedraaid?channel=3fm');
  const bar = miniPlayer(page);
  await expect(bar.getByRole('button', { name: 'Stop' })).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>('#audio-player-id')!;
    const log: string[] = [];
    (window as any).probeLog = log;
    const t0 = performance.now();
    for (const ev of ['loadstart','playing','waiting','seeking','seeked','stalled','pause','play','emptied'])
      el.addEventListener(ev, () => log.push(`${Math.round(performance.now()-t0)} ${ev} ct=${el.currentTime.toFixed(2)} src=${el.src.slice(-30)}`));
    setInterval(() => log.push(`${Math.round(performance.now()-t0)} tick ct=${el.currentTime.toFixed(2)} buf=${el.buffered.length?el.buffered.start(0).toFixed(2)+'-'+el.buffered.end(el.buffered.length-1).toFixed(2):''}`), 500);
  });
  for (let i = 0; i < 5; i++) {
    await bar.getByRole('button', { name: /Speler uitklappen/ }).click();
    await page.evaluate(() => (window as any).probeLog.push('---- click restart'));
    await bar.getByRole('dialog').getByRole('button', { name: 'Terug naar het begin' }).click();
    await page.waitForTimeout(10_000);
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as any).probeLog.push('---- go live'));
    await bar.getByRole('button', { name: /Speler uitklappen/ }).click();
    const live = bar.getByRole('dialog').getByRole('button', { name: /Naar live|Live/ }).first();
    if (await live.isVisible()) await live.click();
    await page.waitForTimeout(3000);
    await page.keyboard.press('Escape');
  }
  console.log((await page.evaluate(() => (window as any).probeLog)).join('\n'));
});
