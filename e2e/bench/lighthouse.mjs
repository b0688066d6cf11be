/**
 * One Lighthouse mobile run (performance only) of a page as a reader with some state sees it: a
 * fresh headless Chromium (puppeteer-core, which comes with Lighthouse) with the reader's cookies
 * (per host: every port of localhost gets them), session storage (`CRESERVA`, `ASIENTOS`) and
 * local storage (language, stored session) set before each document runs. Lighthouse keeps
 * cookies and storage (it clears caches and service workers only). BENCH_REPORTS=<folder> keeps
 * each run's full report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chrome } from './site.mjs';

const puppeteer = (await import(createRequire(fileURLToPath(import.meta.resolve('lighthouse/package.json'))).resolve('puppeteer-core'))).default;

/**
 * `{ score, lcp, tbt, cls }` of `url`; `session` values are stored as JSON, `local` ones as they
 * are. Lighthouse sometimes loses its trace (NO_NAVSTART, NO_LCP): such a run is redone, twice at most.
 */
export async function lighthouseRun(url, state = {}, attempts = 3) {
  try {
    return await lighthouseOnce(url, state);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`${url}: ${error.message}; running it again`);
    return lighthouseRun(url, state, attempts - 1);
  }
}

async function lighthouseOnce(url, { cookies = [], session = {}, local = {} }) {
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    if (cookies.length) await browser.setCookie(...cookies.map((c) => ({ ...c, domain: 'localhost', path: '/' })));
    const entries = Object.fromEntries(Object.entries(session).map(([key, value]) => [key, JSON.stringify(value)]));
    await page.evaluateOnNewDocument(
      (values, kept) => {
        if (globalThis.location.protocol !== 'http:') return;
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
        for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
      },
      entries,
      local,
    );
    const { lhr } = await lighthouse(url, { onlyCategories: ['performance'], output: 'json', logLevel: 'error' }, undefined, page);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}`);
    if (process.env.BENCH_REPORTS) {
      mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    return {
      score: lhr.categories.performance.score,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    await browser.close();
  }
}
