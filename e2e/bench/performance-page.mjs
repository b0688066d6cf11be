#!/usr/bin/env node
/**
 * Writes docs/performance.md from the benches' last results (`api/bench-results/*.json`,
 * `e2e/bench-results/*.json`, written by `npm run bench`): the one current table of figures, each
 * beside the reference measured in the same run. Run last by `npm run bench`; figures of a bench
 * that has not run are left out, saying so.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (folder, name) => {
  const file = path.join(root, folder, 'bench-results', `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};
const cell = (value) => (value === null || value === undefined ? '—' : String(value));
const rows = [];
const missing = [];
const row = (what, figure, reference) => rows.push(`| ${what} | ${figure} | ${reference} |`);

const api = read('api', 'api');
if (api) {
  for (const r of api) {
    for (const [name, label] of [['viaje', '`/rest/viaje`'], ['viaje_tramo', '`/rest/viaje`, a stretch'], ['calendario', '`/rest/viaje/calendario` (fare calendar)'], ['maqueta', '`/rest/maqueta`'], ['maqueta_40_trips', '`/rest/maqueta`, 40 trips']]) {
      const f = r[name];
      const beside = { viaje_tramo: `whole route p99 ${r.viaje.p99_ms} ms`, calendario: r.viaje_referencia ? `\`/rest/viaje\` of the same day, same rounds: p99 ${r.viaje_referencia.p99_ms} ms` : '' }[name];
      if (f) row(`${label}, ${r.engine}, 50 connections`, `p50 ${f.p50_ms} ms, p99 ${f.p99_ms} ms, ${f.req_per_s} req/s`, beside ?? 'budget p99 ≤ 50 ms (maqueta)');
    }
    if (r.holds) row(`seat holds, two customers racing per seat, ${r.engine}`, `${r.holds.holds_per_s} holds/s`, `${r.holds.won} won of ${r.holds.seats} seats; one winner per seat: ${r.holds.one_winner_per_seat}`);
  }
} else missing.push('api (`api/bench/api-bench.mjs`)');
const sales = read('api', 'sales');
if (sales) {
  const cpu = sales.paid_notices.cpu_per_notice;
  const cpuText = cpu ? `; CPU per paid notice: API event loop ${cpu.api_main_ms} ms, other threads ${cpu.api_other_threads_ms} ms, PostgreSQL ${cpu.postgres_ms} ms` : '';
  row(`sales, PostgreSQL, ${sales.purchases} purchases`, `${sales.reservations.per_s} reservations/s (p99 ${sales.reservations.p99_ms} ms), ${sales.paid_notices.per_s} paid notices/s (p99 ${sales.paid_notices.p99_ms} ms)${cpuText}`, `all paid once: ${sales.check.all_paid_once}`);
} else missing.push('sales (`api/bench/sales-bench.mjs`)');
const cluster = read('api', 'cluster');
if (cluster) {
  for (const c of cluster) {
    row(
      `${c.purchases} purchases (reserve + paid notice) through HAProxy, ${c.instances} instance(s), PostgreSQL and Redis`,
      `${c.purchases_per_s} purchases/s; reservations ${c.reservations.per_s}/s p99 ${c.reservations.p99_ms} ms; paid notices ${c.paid_notices.per_s}/s p99 ${c.paid_notices.p99_ms} ms` +
        (c.cpu_per_purchase ? `; CPU a purchase ${c.cpu_per_purchase.fleet_ms} ms (event loops ${c.cpu_per_purchase.api_event_loops_ms}, other threads ${c.cpu_per_purchase.api_other_threads_ms}, PostgreSQL ${c.cpu_per_purchase.postgres_ms}), after ${c.warm_purchases} warm-up purchases` : ''),
      `${c.paid}/${c.purchases} paid, ${c.tickets} tickets; load ${c.load_average_before} → ${c.load_average_after}`,
    );
  }
} else missing.push('several instances (`pnpm --filter ./api bench:cluster`)');
const rush = read('api', 'rush');
if (rush) {
  for (const r of rush.runs) {
    const steps = Object.entries(r.steps).map(([step, f]) => `${step} ${f.per_s}/s p95 ${f.p95_ms} ms p99 ${f.p99_ms} ms`).join('; ');
    const fivexx = Object.values(r.steps).reduce((n, f) => n + Object.entries(f.statuses).filter(([status]) => Number(status) >= 500).reduce((m, [, count]) => m + count, 0), 0);
    row(
      `${r.label}: ${r.customers} customers (${r.at_once} at once) on one route-day through HAProxy, 3 instances with a series each, PostgreSQL and Redis`,
      `${r.paid} paid, ${r.soldOut} found it sold out in ${r.seconds.toFixed(1)} s; ${steps}; paid → voucher signed p50 ${r.paid_to_signed.p50_ms} ms, p99 ${r.paid_to_signed.p99_ms} ms`,
      `5xx ${fivexx}; ${Object.entries(r.checks).map(([check, n]) => `${check.replaceAll('_', ' ')} ${n}`).join(', ')}; vouchers waiting after the drain ${r.vouchers_still_waiting}; load ${rush.load_average_before} → ${rush.load_average_after}`,
    );
  }
} else missing.push('rush (`pnpm --filter ./api bench:rush`)');
const disruptions = read('api', 'disruptions');
if (disruptions) {
  const d = disruptions;
  row(
    `${d.buses} buses × ${d.passengers} passengers cancelled at once, ${d.engine}: mails queued; sent within 60 s by three senders, one killed after 100`,
    `${d.told} told, queued in ${d.queuedSeconds} s; ${d.sentWithin60s}/${d.queued} sent within 60 s`,
    `sent once the killed sender's claim lapsed: ${d.claimedByKilled}; unsent ${d.unsent}; sent twice ${d.sentTwice}`,
  );
} else missing.push('disruptions (`pnpm --filter ./api bench:disruptions`)');
const pages = read('e2e', 'bench');
if (pages) {
  for (const p of pages) {
    row(`\`${p.page}\`: JS gzip KB, Lighthouse mobile, LCP ms, TBT ms, CLS`, [p.firstLoadJsGzipKb, p.performance, p.lcpMs, p.tbtMs, p.cls].map(cell).join(', '), p.noJs ? `same HTML, no JS: ${cell(p.noJs.performance)}, LCP ${cell(p.noJs.lcpMs)} ms` : '—');
  }
} else missing.push('pages (`e2e/bench/bench.mjs`)');
const purchase = read('e2e', 'purchase');
if (purchase) {
  for (const p of purchase) row(`\`${p.page}\` (real session state): Lighthouse mobile, LCP ms, TBT ms, CLS`, [p.performance, p.lcpMs, p.tbtMs, typeof p.cls === 'number' ? Number(p.cls.toFixed(3)) : p.cls].map(cell).join(', '), '—');
} else missing.push('purchase steps (`e2e/bench/purchase-bench.mjs`)');
const readers = read('e2e', 'readers');
if (readers) {
  for (const r of readers.results) {
    row(`\`${r.page}\`, ${r.reader} reader: Lighthouse mobile, LCP ms, TBT ms (median of ${readers.runs})`, `${r.score}, ${r.lcpMs}, ${r.tbtMs}; LCP ÷ no-JS LCP ${r.lcpRatio}`, `same response, scripts forbidden: ${r.limit.score}, LCP ${r.limit.lcpMs} ms, TBT ${r.limit.tbtMs} ms`);
  }
} else missing.push('readers (`e2e/bench/readers-bench.mjs`)');
const offline = read('e2e', 'offline');
if (offline) {
  const o = offline.offlineTicket;
  row(`ticket page with no network, CPU ${o.slowdown}× slower: QR on screen`, `${o.offlineMs} ms`, `online, same slowdown: ${o.onlineMs} ms`);
  const w = offline.withWorker;
  const b = offline.withoutWorker;
  row('`/` with the service worker: LCP first visit, repeat visit; JS before acting', `${w.firstLcpMs} ms, ${w.repeatLcpMs} ms; ${w.firstJsKb} KB gzip`, `service workers blocked: ${b.firstLcpMs} ms, ${b.repeatLcpMs} ms; ${b.firstJsKb} KB gzip`);
} else missing.push('offline ticket (`e2e/bench/offline-bench.mjs`)');
const render = read('e2e', 'render-bench');
if (render) {
  for (const f of render.figures) row(`site server: ${f.title}`, `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`, f === render.figures[0] ? 'the reference' : `static file: ${render.figures[0].rps} req/s`);
  if (render.growth !== undefined) row('site server memory over pointer moves', `RSS ${render.memory.map((m) => `${m.move}: ${m.rssMb} MB`).join(', ')}`, `growth ${(render.growth * 100).toFixed(1)} % (budget ≤ 20 %)`);
} else missing.push('site server (`e2e/bench/render-bench.mjs`)');

const page = `# Performance

Written by \`npm run bench\` (\`e2e/bench/performance-page.mjs\`) from the benches' last results,
at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on a ${process.env.BENCH_MACHINE ?? 'machine'} with load average ${loadavg().map((n) => n.toFixed(1)).join(', ')}
when the table was written. A figure is compared only with the reference measured in the same run.
Lighthouse multiplies observed main-thread time by 4: a busy machine inflates TBT.

| what | figure | reference, same run |
|---|---|---|
${rows.join('\n')}
${missing.length ? `\nNot measured in this run: ${missing.join(', ')}.\n` : ''}`;
// The page's own sections after the table (written by hand: the render's cost, how measured) are kept.
const before = existsSync(path.join(root, 'docs', 'performance.md')) ? readFileSync(path.join(root, 'docs', 'performance.md'), 'utf8') : '';
const kept = before.indexOf('\n## ');
writeFileSync(path.join(root, 'docs', 'performance.md'), kept < 0 ? page : `${page.trimEnd()}\n${before.slice(kept)}`);
console.log(`docs/performance.md: ${rows.length} figures${missing.length ? `; not measured: ${missing.join(', ')}` : ''}`);
