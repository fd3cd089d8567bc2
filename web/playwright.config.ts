import { defineConfig, devices } from '@playwright/test';

// The lead's `make test` starts the real server; point ETHER_BASE_URL at it.
export default defineConfig({
  testDir: './e2e',
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
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
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
      },
    },
  ],
});
