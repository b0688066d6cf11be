import { defineConfig, devices } from '@playwright/test';
import { SITE } from './support/site';

/**
 * Journeys through the composed site: the real shell, remotes served from their own origins,
 * the API on a fresh embedded database. Chromium is Debian's (Playwright cannot download its own here).
 */
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };

export default defineConfig({
  testDir: './specs',
  // One journey at a time. Two at a time took 10.6 min where one takes 11.4 (clean-clone CI runs on
  // the same machine), and every journey comes from one address, so two meet the API's per-address
  // limits (sign-ins, account requests: 20–30 in 10 minutes) faster: three were refused with 429
  // (docs/decisions.md, "Browser journeys"). The journeys are ready for two (their own customers,
  // their own half of a map: pages/booking.page.ts `seatForThisWorker`; @registry ones last).
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
    { name: 'desktop', grepInvert: /@registry/, use: desktop },
    // Journeys tagged @registry publish and point builds in the site's registry (a deploy, a rollback,
    // a broken renderer): what every other journey's pages are made of. They run after the others,
    // one at a time. (A failure among the others skips them: that run is red already.)
    { name: 'registry', grep: /@registry/, dependencies: ['desktop'], workers: 1, use: desktop },
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
