#!/usr/bin/env node
/**
 * Issue 36's budgets, measured in Chromium with the CPU slowed 4× (Lighthouse's mid-range phone):
 *
 * 1. An offline ticket: a purchase paid in the sandbox, its page opened once online (the service
 *    worker keeps it), then with the network off the page is opened again: milliseconds from the
 *    navigation's start until the boarding QR is on screen. Reference, same run: the same page
 *    opened online with the same slowdown.
 * 2. The service worker adds nothing to the first paint of `/`: LCP of a first visit and of a repeat
 *    visit (the worker installed and controlling), and the JavaScript run before the customer acts,
 *    beside the same visits with service workers blocked.
 *
 * Median of BENCH_RUNS×2 (6). Prints the figures; writes bench-results/offline.json.
 */
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pendingReservation } from './purchase.mjs';
import { chrome, inlineScriptSizes, median, RUNS, startSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4800);
const site = `http://localhost:${port}`;
const TIMES = Math.max(1, RUNS * 2);
const SLOWDOWN = 4;

const slowed = async (page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
};

/** Resolves once the page's service worker is ready; throws (never hangs the bench) when none comes within 20 s. */
const workerReady = (page) =>
  page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker within 20 s')), 20_000))]),
  );

/** Milliseconds from the navigation's start until the ticket's QR is visible. */
async function ticketOpens(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('ticket-qr').first().waitFor({ state: 'visible', timeout: 30_000 });
  return page.evaluate(() => Math.round(performance.now()));
}

/** LCP of the page (the last candidate once the page is loaded and quiet), and the scripts it ran, gzip KB. */
async function firstPaint(page, url) {
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body carries no script
    }
  });
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      globalThis.__lcp = entries[entries.length - 1].startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  for (const [name, size] of await inlineScriptSizes(page)) scripts.set(name, size);
  const lcp = await page.evaluate(() => Math.round(globalThis.__lcp ?? NaN));
  return { lcp, jsKb: Number(([...scripts.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1)) };
}

const siteProcess = await startSite(port);
const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-background-networking'] });
const result = {};
try {
  // 1. The offline ticket.
  const pending = await pendingReservation(port, 20);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.addInitScript((storage) => {
    for (const [key, value] of Object.entries(storage)) sessionStorage.setItem(key, JSON.stringify(value));
  }, pending.storage);
  const page = await context.newPage();
  const ticket = `${site}/pasajes/reserva/${pending.codigo}`;
  await page.goto(ticket);
  await page.getByRole('radio', { name: /^Tarjeta de crédito o débito/ }).check({ force: true });
  await page.getByRole('button', { name: /^Pagar$/ }).click();
  await page.getByRole('button', { name: /^Aprobar / }).click();
  await page.getByTestId('ticket-qr').first().waitFor({ timeout: 30_000 });
  await workerReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await page.reload();
  await page.getByTestId('ticket-qr').first().waitFor();
  await page.waitForTimeout(1000);
  await page.close();
  const online = [];
  const offline = [];
  for (let i = 0; i < TIMES; i++) {
    const on = await context.newPage();
    await slowed(on);
    online.push(await ticketOpens(on, ticket));
    await on.close();
    await context.setOffline(true);
    const off = await context.newPage();
    await slowed(off);
    offline.push(await ticketOpens(off, ticket));
    await off.close();
    await context.setOffline(false);
  }
  await context.close();
  result.offlineTicket = { slowdown: SLOWDOWN, offlineMs: median(offline), onlineMs: median(online), offline, online };

  // 2. `/` with and without the service worker: a first visit, then a repeat visit.
  for (const serviceWorkers of ['allow', 'block']) {
    const first = [];
    const repeat = [];
    for (let i = 0; i < TIMES; i++) {
      const visit = await browser.newContext({ serviceWorkers });
      const one = await visit.newPage();
      await slowed(one);
      first.push(await firstPaint(one, site + '/'));
      // `/` starts no code before the customer acts, so the worker may not be registered yet: wait a little, not for it.
      if (serviceWorkers === 'allow') await one.evaluate(() => Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 5000))]));
      await one.close();
      const two = await visit.newPage();
      await slowed(two);
      repeat.push(await firstPaint(two, site + '/'));
      await visit.close();
    }
    result[serviceWorkers === 'allow' ? 'withWorker' : 'withoutWorker'] = {
      firstLcpMs: median(first.map((r) => r.lcp)),
      repeatLcpMs: median(repeat.map((r) => r.lcp)),
      firstJsKb: median(first.map((r) => r.jsKb)),
    };
  }
} finally {
  await browser.close();
  siteProcess.kill('SIGTERM');
}

const o = result.offlineTicket;
console.log(`offline ticket, CPU ${SLOWDOWN}× slower: QR on screen in ${o.offlineMs} ms offline (online, same slowdown: ${o.onlineMs} ms)`);
for (const [name, r] of [['with the service worker', result.withWorker], ['service workers blocked', result.withoutWorker]]) {
  console.log(`/ ${name}: first visit LCP ${r.firstLcpMs} ms, repeat visit LCP ${r.repeatLcpMs} ms, JS before acting ${r.firstJsKb} KB gzip`);
}
mkdirSync(path.join(here, '../bench-results'), { recursive: true });
writeFileSync(path.join(here, '../bench-results/offline.json'), JSON.stringify(result, null, 2) + '\n');
