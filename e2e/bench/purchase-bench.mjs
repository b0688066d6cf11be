#!/usr/bin/env node
/**
 * Lighthouse mobile of the purchase's step 2 (`/pasajes/asientos`), step 3 (`/pasajes/pago`) and
 * of a pending reservation (`/pasajes/reserva/{codigo}`), which read their state from session
 * storage: a trip is chosen (step 2), a real seat is held through the API (step 3) and
 * `CRESERVA`/`ASIENTOS` are set before each navigation, so Lighthouse measures the page a
 * customer sees (its seat map, its passenger form, its payment methods). Step 1 is measured the
 * same way as a reference, and `/` and the complaints book as a visitor who chose English sees them
 * (the language kept in local storage). Median of BENCH_RUNS (3) runs; prints a table. Run
 * after the builds exist (`pnpm build`). BENCH_REPORTS=<folder> keeps every run's Lighthouse report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lighthouseRun } from './lighthouse.mjs';
import { chosenTrip, heldPurchase, pendingReservation } from './purchase.mjs';
import { limaDate, median, RUNS, startSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4850);
const site = `http://localhost:${port}`;


const lighthouseWith = (url, session, local = {}) => lighthouseRun(url, { session, local });

const siteProcess = await startSite(port);
const results = [];
try {
  // Step 1 as a reference measured the same way, in the same conditions (the machine's load varies).
  const step1 = [];
  for (let i = 0; i < RUNS; i++) step1.push(await lighthouseWith(`${site}/pasajes?origen=LIM&destino=AQP&fecha=${limaDate(1)}&pasajeros=1`, {}));
  results.push(['/pasajes?… (step 1, reference)', step1]);
  const step2 = [];
  for (let i = 0; i < RUNS; i++) step2.push(await lighthouseWith(`${site}/pasajes/asientos`, await chosenTrip(port, 1 + i)));
  results.push(['/pasajes/asientos (step 2)', step2]);
  const step3 = [];
  for (let i = 0; i < RUNS; i++) {
    const purchase = await heldPurchase(port, 2 + i);
    step3.push(await lighthouseWith(`${site}/pasajes/pago`, { CRESERVA: purchase.CRESERVA, ASIENTOS: purchase.ASIENTOS }));
  }
  results.push(['/pasajes/pago', step3]);
  const reservation = [];
  for (let i = 0; i < RUNS; i++) {
    const pending = await pendingReservation(port, 10 + i);
    reservation.push(await lighthouseWith(`${site}/pasajes/reserva/${pending.codigo}`, pending.storage));
  }
  results.push(['/pasajes/reserva/{codigo}', reservation]);
  // A visitor whose browser keeps English in storage but sent no language cookie (chosen before the
  // cookie existed, or the cookie cleared): the server renders Spanish, so this one page starts its
  // code at once to draw English, and the code writes the cookie; the next page is rendered in
  // English (a reader who chose English with the switch: readers-bench.mjs).
  const english = { 'lang-webrumbo': 'en-EN' };
  for (const [name, address] of [['/ (English in storage, no cookie yet)', '/'], ['/libro_reclamaciones (same)', '/libro_reclamaciones']]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseWith(site + address, {}, english));
    results.push([name, runs]);
  }
} finally {
  siteProcess.kill('SIGTERM');
}

console.log('page'.padEnd(32), 'perf'.padStart(6), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6), '  runs');
for (const [page, runs] of results) {
  console.log(
    page.padEnd(32),
    String(median(runs.map((r) => r.score))).padStart(6),
    String(Math.round(median(runs.map((r) => r.lcp)))).padStart(8),
    String(Math.round(median(runs.map((r) => r.tbt)))).padStart(8),
    median(runs.map((r) => r.cls)).toFixed(3).padStart(6),
    ' ',
    runs.map((r) => r.score).join(' '),
  );
}
mkdirSync(path.join(here, '../bench-results'), { recursive: true });
writeFileSync(
  path.join(here, '../bench-results/purchase.json'),
  JSON.stringify(results.map(([page, runs]) => ({ page, performance: median(runs.map((r) => r.score)), lcpMs: Math.round(median(runs.map((r) => r.lcp))), tbtMs: Math.round(median(runs.map((r) => r.tbt))), cls: median(runs.map((r) => r.cls)) })), null, 2) + '\n',
);
