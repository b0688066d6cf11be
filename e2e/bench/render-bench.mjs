#!/usr/bin/env node
/**
 * The site server's render figures (issue 33, items 8 and 9), on the site as `npm start` serves it:
 * - at 50 connections (autocannon, BENCH_SECONDS each): a static file of the shell's folder the size
 *   of `/`'s page, `/` as a cached anonymous render, and uncached renders of step 1 (tomorrow's
 *   trips Lima → Arequipa, its loaders asking the API; each request another query, so no cached
 *   render answers it, checked to be rendered whole): requests/s and p99 latency;
 * - soak: 100 pointer moves of mf-complaints between two published versions, a render after each,
 *   the site server's resident memory (its renderers' workers included) every 10 moves.
 * Prints a table; writes bench-results/render-bench.json.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limaDate, root, startSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 4600);
const site = `http://localhost:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const MOVES = Number(process.env.BENCH_MOVES ?? 100);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function load(title, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url: site, connections: 50, duration: seconds, requests, headers: { 'accept-encoding': 'gzip' } }, (error, result) => {
      if (error) return reject(error);
      resolve({ title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx });
    });
  });
}

const child = await startSite(port);
try {
  const deployDir = child.deployDir;
  const deploy = (...args) => execFileSync(process.execPath, [path.join(root, 'shell/scripts/deploy.mjs'), ...args], { env: { ...process.env, DEPLOY_DIR: deployDir }, encoding: 'utf8' }).trim();
  const registry = () => JSON.parse(readFileSync(path.join(deployDir, 'shell/remotes.json'), 'utf8'));
  const home = await (await fetch(`${site}/`)).text();
  // A static file of the same size, served by the same server from the shell's version folder.
  writeFileSync(path.join(deployDir, 'cdn/shell', registry().shell, 'bench-static.html'), home);

  // An address whose route renders its query (step 1), so each `n` is a render of its own: the
  // area with its trips, not the empty area an address with a query no route reads gets.
  const uncached = (i) => `/pasajes?origen=LIM&destino=AQP&fecha=${limaDate(1)}&pasajeros=1&n=${i}`;
  const sample = await (await fetch(`${site}${uncached(-1)}`)).text();
  if (!/<div id="remote-mf_booking" data-island="intent"[^>]*>.*data-build/s.test(sample)) throw new Error('step 1 was not rendered by its renderer');
  let n = 0;
  const figures = [
    await load('static file, same size', [{ path: '/bench-static.html' }]),
    await load('/ cached anonymous render', [{ path: '/' }]),
    await load('uncached render (step 1, /pasajes?…&n=…)', [{ setupRequest: (request) => ({ ...request, path: uncached(n++) }) }]),
  ];

  // Soak: mf-complaints pointed back and forth between two versions, a render after each move.
  const first = registry().mf_complaints.split('/').at(-2);
  const copy = mkdtempSync(path.join(tmpdir(), 'mf-complaints-soak-'));
  cpSync(path.join(deployDir, 'cdn/mf_complaints', first), copy, { recursive: true });
  writeFileSync(path.join(copy, 'soak.txt'), 'another version');
  const second = deploy('publish', 'mf_complaints', copy);
  const memory = [];
  for (let move = 0; move <= MOVES; move += 1) {
    if (move > 0) deploy('point', 'mf_complaints', move % 2 ? second : first);
    const response = await fetch(`${site}/libro_reclamaciones`);
    if (!response.ok || !(await response.text()).includes('data-build')) throw new Error(`move ${move}: not rendered`);
    if (move % 10 === 0) memory.push({ move, rssMb: Math.round(rssMb(child.pid)) });
  }
  const growth = memory.at(-1).rssMb / memory[1].rssMb - 1;

  console.log('| load (50 connections) | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.title} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`);
  // Target (issue 33 item 8): a cached page within 1.5× of the static file.
  console.log(`\ncached render vs static file: throughput ${(figures[1].rps / figures[0].rps).toFixed(2)}×, p99 ${(figures[1].p99 / figures[0].p99).toFixed(2)}×`);
  console.log(`\nsoak, ${MOVES} pointer moves of mf-complaints: RSS ${memory.map((m) => `${m.move}:${m.rssMb}`).join(' ')} MB; from move 10 to ${MOVES}: ${(growth * 100).toFixed(1)} %`);
  mkdirSync(path.join(here, '..', 'bench-results'), { recursive: true });
  writeFileSync(path.join(here, '..', 'bench-results', 'render-bench.json'), JSON.stringify({ figures, memory, growth }, null, 2));
} finally {
  child.kill('SIGTERM');
}
