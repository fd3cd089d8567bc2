import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium in its headless shell (package chromium-headless-shell, which `make test`
// installs): the same engine, media stack and V8 as /usr/bin/chromium without the browser's own
// windowing, and what Playwright itself runs headless tests in. Measured on 29 Nov with the same
// seven spec files: 209 s and 65 CPU-s against 267 s and 114 CPU-s in the whole browser.
// The specs that record what is heard (e2e/heard-audio.ts) run in Debian's whole browser, the one
// listeners have, so that every run proves playback there. ETHER_E2E_CHROMIUM names another binary
// for all of them. Without the shell, the whole browser serves for everything.
const headlessShell = '/usr/bin/chromium-headless-shell';
const wholeBrowser = '/usr/bin/chromium';
const chromium = process.env.ETHER_E2E_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : wholeBrowser);
const heardAudioSpecs = ['**/live-rewind-audio.spec.ts'];

function browserIn(executablePath: string) {
  return {
    ...devices['Desktop Chrome'],
    headless: true,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  };
}

// The lead's `make test` starts the real server; point ETHER_BASE_URL at it.
export default defineConfig({
  testDir: './e2e',
  // The specs; e2e/*.test.ts are Vitest's tests of the specs' helpers.
  testMatch: '**/*.spec.ts',
  // A committed `test.only` would shrink the run and stay green: refused everywhere, not only in CI.
  forbidOnly: true,
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: process.env.ETHER_BASE_URL ?? 'http://127.0.0.1:18080',
    trace: 'off',
  },
  projects: [
    { name: 'chromium', testIgnore: heardAudioSpecs, use: browserIn(chromium) },
    {
      name: 'chromium-browser',
      testMatch: heardAudioSpecs,
      use: browserIn(process.env.ETHER_E2E_CHROMIUM ?? wholeBrowser),
    },
  ],
});
