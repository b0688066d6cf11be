import { defineConfig, devices } from '@playwright/test';
import { SITE } from './support/site';

/**
 * Journeys through the composed site: the real shell, remotes served from their own origins,
 * the API on a fresh embedded database. Chromium is Debian's (Playwright cannot download its own here).
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  use: {
    baseURL: SITE.siteUrl,
    locale: 'es-PE',
    // The site's service worker (issue 36) would take requests out of reach of `page.route`, which
    // many journeys use to stub or fail one: blocked, except in specs/offline.spec.ts, its own journey.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        // The site offers Google and Facebook sign-in (support/site.ts): their scripts never come
        // from the real hosts. specs/social.spec.ts serves fakes with page.route (which answers
        // before any lookup); every other spec sees the page as when those scripts cannot load.
        '--host-resolver-rules=MAP accounts.google.com ~NOTFOUND, MAP connect.facebook.net ~NOTFOUND',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node ../shell/scripts/start.mjs',
    url: SITE.siteUrl,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: SITE.env,
  },
});
