#!/usr/bin/env node
/**
 * Speed figures of the composed site, built as `npm start` builds it:
 * for each page, the first-load JavaScript (gzip KB, every script the page loads and runs until
 * the network is idle, shell and remotes; apart, the code of linked pages' remotes that it
 * prefetches into the cache at idle, fetched but not run) and the median of 3 Lighthouse mobile runs
 * (performance score, LCP, TBT). Prints a table; writes bench-results/bench.json.
 */
import { chromium } from '@playwright/test';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chrome, inlineScriptSizes, limaDate, median, RUNS, startSite } from './site.mjs';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const STEP_1 = `/pasajes?origen=LIM&destino=AQP&fecha=${limaDate(1)}&pasajeros=1`;
const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  STEP_1,
  '/libro_reclamaciones',
  '/informacion/terminos-condiciones',
  '/oficina',
  '/cargo/seguimiento',
];
const port = Number(process.env.BENCH_PORT ?? 4600);
const site = `http://localhost:${port}`;

async function firstLoadJs(browser, url, sessionState) {
  // A fresh context: an empty cache, as a first visit (memory-cache hits report no response).
  const context = await browser.newContext();
  const page = await context.newPage();
  if (sessionState) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, sessionState);
  }
  const sizes = new Map();
  const prefetched = new Map();
  page.on('response', async (response) => {
    // A script element or a preload runs on this page; a `<link rel="prefetch">` (type "other")
    // only fills the cache for the next one.
    const type = response.request().resourceType();
    const into = type === 'script' ? sizes : type === 'other' && /\.js$/.test(new URL(response.url()).pathname) ? prefetched : undefined;
    if (!into) return;
    try {
      into.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch (error) {
      if (process.env.BENCH_DEBUG) console.error(response.url(), error.message);
      // a response without a body (redirect) carries no script
    }
  });
  // The page is loaded when its remote has rendered its heading and the network is quiet again
  // (the shell's start-up can outlast a first quiet network moment).
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  for (const [name, size] of await inlineScriptSizes(page)) sizes.set(name, size);
  await context.close();
  const kb = (map) => Number(([...map.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1));
  // Where the bytes go: every script of the first load, largest first (gzip KB).
  const scripts = [...sizes].sort((a, b) => b[1] - a[1]).map(([url, size]) => ({ url, gzipKb: Number((size / 1024).toFixed(1)) }));
  return { js: kb(sizes), prefetched: kb(prefetched), scripts };
}

/** One Lighthouse run; Lighthouse sometimes loses its trace (NO_NAVSTART): such a run is redone. */
async function lighthouse(url, attempts = 3) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`lighthouse ${url}: ${error.stderr?.trim() || error.message}; running it again`);
    return lighthouse(url, attempts - 1);
  }
}

async function lighthouseOnce(url) {
  const out = path.join(tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  await run(
    process.execPath,
    [
      path.join(path.dirname(fileURLToPath(import.meta.resolve('lighthouse/package.json'))), 'cli/index.js'),
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  // BENCH_REPORTS=<folder> keeps each run's full report (long tasks, LCP element, requests).
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_REPORTS, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(report));
  }
  return {
    score: report.categories.performance.score,
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
  };
}

/**
 * The limit of a prerendered page: the same HTML the site serves for it, with no JavaScript (every
 * script and script preload removed), served as is from a port of its own. Measured beside the
 * page in the same run, so the ratio between the two holds whatever the machine's load.
 */
const noJsPages = new Map();
const noJsPort = port + 50;
const noJsServer = createServer((request, response) => {
  const html = noJsPages.get(new URL(request.url, 'http://bench').pathname);
  response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? '');
});
await new Promise((resolve) => noJsServer.listen(noJsPort, '127.0.0.1', resolve));
const withoutJs = (html) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="preload"[^>]*>/g, '');
/** Whether the site serves `pathname` rendered (its remote's first screen in the HTML, after its picture's preload if it has one). */
const isPrerendered = (html) => /<div id="remote-[a-z_]+"><(div|link rel="preload" as="image")/.test(html);

const siteProcess = await startSite(port);
const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-background-networking'] });
const results = [];
try {
  for (const pathname of PAGES) {
    const url = site + pathname;
    const { js, prefetched, scripts } = await firstLoadJs(browser, url);
    console.log(`${pathname}: ${js} KB gzip of scripts run on the first load`);
    for (const script of scripts) console.log(`  ${String(script.gzipKb).padStart(6)}  ${script.url.replace(/^https?:\/\/[^/]+/, '')}`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(url));
    const served = await (await fetch(url)).text();
    let noJs = null;
    if (RUNS > 0 && isPrerendered(served)) {
      const noJsPath = new URL(url).pathname;
      noJsPages.set(noJsPath, withoutJs(served));
      const limit = [];
      for (let i = 0; i < RUNS; i++) limit.push(await lighthouse(`http://localhost:${noJsPort}${noJsPath}`));
      noJs = { performance: median(limit.map((r) => r.score)), lcpMs: Math.round(median(limit.map((r) => r.lcp))) };
    }
    results.push({
      noJs,
      page: pathname,
      firstLoadJsGzipKb: js,
      scripts,
      prefetchedJsGzipKb: prefetched,
      // BENCH_RUNS=0: the first-load JavaScript only, no Lighthouse run.
      performance: runs.length ? median(runs.map((r) => r.score)) : null,
      lcpMs: runs.length ? Math.round(median(runs.map((r) => r.lcp))) : null,
      tbtMs: runs.length ? Math.round(median(runs.map((r) => r.tbt))) : null,
      cls: runs.length ? Number(median(runs.map((r) => r.cls)).toFixed(3)) : null,
      runs: RUNS,
    });
  }
  // Step 2 reads its trip from session storage (CRESERVA): its first-load JavaScript is measured
  // here, with a trip chosen as step 1 would store it; its Lighthouse figures come from
  // purchase-bench.mjs, which sets session storage before each run.
  const apiUrl = `http://localhost:${port + 1}`;
  const search = { origen: 'LIM', destino: 'AQP', fecha: limaDate(1), pasajeros: 1 };
  const trips = await (
    await fetch(`${apiUrl}/rest/viaje`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ origen: 'LIM', destino: 'AQP', fecha: search.fecha, cusuario: 50005, coficina_venta: 577 }),
    })
  ).json();
  const booking = JSON.stringify({ search, ida: trips.data[0], tramo: 'ida' });
  const step2 = await firstLoadJs(browser, `${site}/pasajes/asientos`, { CRESERVA: booking });
  results.push({ page: '/pasajes/asientos', firstLoadJsGzipKb: step2.js, prefetchedJsGzipKb: step2.prefetched, performance: null, lcpMs: null, tbtMs: null, cls: null, runs: 0 });
} finally {
  await browser.close();
  siteProcess.kill('SIGTERM');
  noJsServer.close();
}

// Beside each prerendered page: the same HTML with no JavaScript (score, LCP), the limit.
console.log('page'.padEnd(52), 'JS gzip KB'.padStart(10), 'prefetch'.padStart(9), 'perf'.padStart(6), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6), 'no-JS perf'.padStart(11), 'no-JS LCP'.padStart(10));
for (const r of results) {
  const cells = [r.performance, r.lcpMs, r.tbtMs, r.cls, r.noJs?.performance, r.noJs?.lcpMs].map((value) => String(value ?? '—'));
  console.log(r.page.padEnd(52), String(r.firstLoadJsGzipKb).padStart(10), String(r.prefetchedJsGzipKb).padStart(9), cells[0].padStart(6), cells[1].padStart(8), cells[2].padStart(8), cells[3].padStart(6), cells[4].padStart(11), cells[5].padStart(10));
}
mkdirSync(path.join(here, '../bench-results'), { recursive: true });
writeFileSync(path.join(here, '../bench-results/bench.json'), JSON.stringify(results, null, 2) + '\n');
