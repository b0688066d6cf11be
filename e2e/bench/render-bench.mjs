#!/usr/bin/env node
/**
 * The site server's render figures (issue 33, items 8 and 9; issue 49, figures 4 to 7), on the
 * site as `npm start` serves it:
 * - at 50 connections (autocannon, BENCH_SECONDS each): a static file of the shell's folder the size
 *   of `/`'s page (the reference), `/` as a cached anonymous render (gzip, and brotli: figure 4),
 *   `/` signed in (figure 5: ÷ anonymous `/`, both brotli) and `/micuenta` signed in (figure 6, its
 *   p99), as the demo customer signed in through the API (its token in `PAINT.tokenCookie`), and
 *   uncached renders of step 1 (figure 7: tomorrow's trips Lima → Arequipa, its loaders asking the
 *   API; each request another query, so no cached render answers it, checked to be rendered
 *   whole): requests/s and p99 latency;
 * - soak (BENCH_MOVES, 100; 0 skips it): pointer moves of mf-complaints between two published
 *   versions, a render after each, the site server's resident memory (its renderers' workers
 *   included) every 10 moves.
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

// The demo customer's published sign-in (api/src/accounts/accounts.seed.ts; `npm start` turns it on).
const DEMO = { correo: 'demo@rumboandino.pe', clave: 'RumboDemo2026' };
// The cookie the site server reads a session from (`PAINT.tokenCookie`, shared/src/paint.ts).
const TOKEN_COOKIE = 'token';

/** The demo customer's token, signed in through the API as the site's sign-in does. */
async function demoToken() {
  const response = await fetch(`http://localhost:${port + 1}/rest/login/verificar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  const body = await response.json();
  if (!response.ok || !body.data?.token) throw new Error(`the demo customer could not sign in: HTTP ${response.status}`);
  return body.data.token;
}

function load(title, requests, headers = { 'accept-encoding': 'gzip' }, extra = () => ({})) {
  return new Promise((resolve, reject) => {
    autocannon({ url: site, connections: 50, duration: seconds, requests, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({ title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, ...extra(result) });
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
  let whole = 0;
  const br = { 'accept-encoding': 'br' };
  const signedIn = { ...br, cookie: `${TOKEN_COOKIE}=${await demoToken()}` };
  // Both answer as the signed-in customer's (not sent to sign in, their own data on Mi cuenta).
  const account = await fetch(`${site}/micuenta`, { headers: signedIn, redirect: 'manual' });
  if (account.status !== 200 || !(await account.text()).includes(DEMO.correo)) throw new Error(`/micuenta signed in: HTTP ${account.status}, not the customer's page`);
  const figures = [
    await load('static file, same size (gzip)', [{ path: '/bench-static.html' }]),
    await load('/ cached anonymous render (gzip)', [{ path: '/' }]),
    await load('/ cached anonymous render (br): figure 4', [{ path: '/' }], br),
    await load('/ signed in (br): figure 5', [{ path: '/' }], signedIn),
    await load('/micuenta signed in (br): figure 6', [{ path: '/micuenta' }], signedIn),
    // As is (not compressed), so each answer can be read: a render past its budget answers the
    // area's skeleton, which is not a render; only whole ones (the area's build in them) count.
    await load(
      'uncached render (step 1, /pasajes?…&n=…, as is): figure 7',
      [{ setupRequest: (request) => ({ ...request, path: uncached(n++) }), onResponse: (status, body) => void (status === 200 && /data-build=/.test(body) && (whole += 1)) }],
      {},
      (result) => ({ whole, wholePerSecond: Math.round((whole / (result.duration || seconds)) * 10) / 10 }),
    ),
  ];
  const [staticFile, anonymousGzip, anonymousBr, signedInHome, myAccount, step1] = figures;

  // Soak: mf-complaints pointed back and forth between two versions, a render after each move.
  const first = registry().mf_complaints.split('/').at(-2);
  const copy = mkdtempSync(path.join(tmpdir(), 'mf-complaints-soak-'));
  cpSync(path.join(deployDir, 'cdn/mf_complaints', first), copy, { recursive: true });
  writeFileSync(path.join(copy, 'soak.txt'), 'another version');
  const second = deploy('publish', 'mf_complaints', copy);
  const memory = [];
  for (let move = 0; MOVES > 0 && move <= MOVES; move += 1) {
    if (move > 0) deploy('point', 'mf_complaints', move % 2 ? second : first);
    const response = await fetch(`${site}/libro_reclamaciones`);
    if (!response.ok || !(await response.text()).includes('data-build')) throw new Error(`move ${move}: not rendered`);
    if (move % 10 === 0) memory.push({ move, rssMb: Math.round(rssMb(child.pid)) });
  }
  const growth = memory.length > 1 ? memory.at(-1).rssMb / memory[1].rssMb - 1 : undefined;

  console.log('| load (50 connections) | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) console.log(`| ${f.title} | ${f.rps}${f.whole === undefined ? '' : ` (${f.wholePerSecond} whole)`} | ${f.p50} | ${f.p99} | ${f.errors} |`);
  const ratio = (a, b) => (a / b).toFixed(2);
  // Target (issue 33 item 8): a cached page within 1.5× of the static file.
  console.log(`\ncached render (gzip) vs static file: throughput ${ratio(anonymousGzip.rps, staticFile.rps)}×, p99 ${ratio(anonymousGzip.p99, staticFile.p99)}×`);
  // Issue 49: figure 4 ≥ 1,500 req/s; figure 5 ≥ 0.5; figure 6 p99 ≤ 500 ms (each beside this run's static file).
  console.log(`figure 4, anonymous / (br): ${anonymousBr.rps} req/s (${ratio(anonymousBr.rps, staticFile.rps)}× the static file's)`);
  console.log(`figure 5, signed-in / ÷ anonymous / (br): ${ratio(signedInHome.rps, anonymousBr.rps)}`);
  console.log(`figure 6, /micuenta signed in: p99 ${myAccount.p99} ms, ${myAccount.rps} req/s (${ratio(myAccount.rps, anonymousBr.rps)}× anonymous /)`);
  console.log(`figure 7, uncached step 1: ${step1.wholePerSecond} whole renders/s (${step1.rps} answers/s, the rest the area's skeleton past its budget)`);
  if (MOVES > 0) console.log(`\nsoak, ${MOVES} pointer moves of mf-complaints: RSS ${memory.map((m) => `${m.move}:${m.rssMb}`).join(' ')} MB; from move 10 to ${MOVES}: ${(growth * 100).toFixed(1)} %`);
  mkdirSync(path.join(here, '..', 'bench-results'), { recursive: true });
  const ratios = { signedInToAnonymous: signedInHome.rps / anonymousBr.rps, cachedToStatic: anonymousGzip.rps / staticFile.rps };
  writeFileSync(path.join(here, '..', 'bench-results', 'render-bench.json'), JSON.stringify({ figures, ratios, memory, growth }, null, 2));
} finally {
  child.kill('SIGTERM');
}
