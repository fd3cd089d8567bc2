// One Lighthouse mobile performance audit of a page (its defaults: a Moto G Power-sized screen,
// simulated slow 4G and a 4x slower CPU) in a fresh headless Chromium (CHROME_PATH, default
// Debian's /usr/bin/chromium): no cookies, so a first visit. Resolves to Lighthouse's result, with
// the report (lhr) and the artifacts (the trace).

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
  } finally {
    await chrome.kill();
  }
}
