import { defineConfig } from '@playwright/test';

/*
 * End-to-end tests against the production build served by the real server (started in
 * e2e/global-setup.ts on a free port), in Debian's Chromium: `npx playwright install` cannot
 * download browsers on these machines.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Deadlines, not waits: a journey on a machine loaded by other work (load 12 on 2 cores) took
  // over 30 s where it takes 15 on a quiet one; the limits only matter when something is stuck.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Read when each test starts, after global setup has put the server's address there.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    locale: 'ko-KR',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
