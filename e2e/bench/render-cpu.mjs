#!/usr/bin/env node
/**
 * The CPU a render costs, per render (issue 49, figures 6 and 7): the figure to trust on a shared
 * machine, where requests/s and p99 move with whatever else runs.
 *
 * Starts the site from the builds (as render-bench.mjs does; the API with its embedded database),
 * signs the demo customer in, then, for each build root given (`RENDER_CPU_BUILDS`, comma-separated
 * folders holding built `shell/`, `mf-booking/`, `mf-account/`; this repository unless given),
 * alternately, `RENDER_CPU_ROUNDS` times: a process of its own loads that build's `renderer.cjs`
 * files as a render worker does and renders, `RENDER_CPU_CONCURRENCY` at a time (4, as a loaded
 * worker takes them), after a warm-up:
 * - step 1 uncached: mf-booking's area for tomorrow's Lima → Arequipa (its loaders asking the API);
 * - `/micuenta` signed in: the shell's render with the reader's token (the profile asked; header
 *   and footer from its minute's copy), then mf-account's area given that profile;
 * and reports its process's CPU (user + system, GC threads included) per render. Then the site
 * server itself, this repository's build only, under the same kind of load over HTTP (step 1 as is;
 * `/micuenta` in brotli): the site server's process CPU (its workers included) and the API's per page.
 *
 * `RENDER_CPU_PROF=dir` writes a V8 CPU profile of each render process there (`--cpu-prof`).
 * Env: BENCH_PORT (4600: the site; API +1, CDN +100…), RENDER_CPU_N (300 renders a measure),
 * RENDER_CPU_ROUNDS (2), RENDER_CPU_CONCURRENCY (4), RENDER_CPU_SITE=0 (no site server measure).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limaDate, root, startSite } from './site.mjs';

const self = fileURLToPath(import.meta.url);
const N = Number(process.env.RENDER_CPU_N ?? 300);
const CONCURRENCY = Number(process.env.RENDER_CPU_CONCURRENCY ?? 4);
const step1Query = (i) => ({ destino: 'AQP', fecha: limaDate(1), n: String(i), origen: 'LIM', pasajeros: '1' });

/** `count` calls of `once(i)`, `CONCURRENCY` at a time. */
async function inFlight(count, once) {
  let next = 0;
  const lane = async () => {
    while (next < count) await once(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
}

/** CPU ms of this process (every thread) spent in `work`, per `count`. */
async function cpuPer(count, work) {
  const before = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(before);
  return { cpuMs: Math.round(((used.user + used.system) / 1000 / count) * 10) / 10, wallMs: Math.round(performance.now() - started) };
}

/** In a render process: loads `build`'s renderers and measures `scenario`. */
async function child({ build, scenario, api, token }) {
  const config = { apiBaseUrl: api, product: 'rumbo', foundingYear: 1996 };
  const load = (app, folder) => {
    globalThis.__RUMBO_PUBLIC_PATH__ = `http://cdn.invalid/${app}/`;
    return createRequire(import.meta.url)(path.join(build, folder, 'dist/renderer.cjs'));
  };
  if (scenario === 'step1') {
    const booking = load('mf_booking', 'mf-booking');
    let whole = 0;
    const once = async (i) => {
      const result = await booking.render({ path: '/pasajes', query: step1Query(i), language: 'es', config });
      if (result.html.includes('data-build') && Object.keys(result.data).length >= 3) whole += 1;
    };
    await inFlight(60, (i) => once(-1 - i));
    whole = 0;
    const measured = await cpuPer(N, () => inFlight(N, once));
    return { ...measured, whole };
  }
  const shell = load('shell', 'shell');
  const account = load('mf_account', 'mf-account');
  let whole = 0;
  let shellUs = 0;
  const once = async () => {
    const input = { path: '/micuenta', query: {}, language: 'es', config, session: { token }, nonce: 'bench' };
    const before = process.cpuUsage();
    const head = await shell.render(input);
    const used = process.cpuUsage(before);
    shellUs += used.user + used.system;
    const result = await account.render({ ...input, ...(head.user ? { profile: head.user } : {}) });
    if (head.user && result.html.includes('demo@rumboandino.pe')) whole += 1;
  };
  await inFlight(60, once);
  whole = 0;
  shellUs = 0;
  const measured = await cpuPer(N, () => inFlight(N, once));
  // The shell's share is approximate (renders interleave); the total is exact.
  return { ...measured, whole, shellCpuMsApprox: Math.round((shellUs / 1000 / N) * 10) / 10 };
}

if (process.argv[2] === '--child') {
  const input = JSON.parse(process.argv[3]);
  process.stdout.write(JSON.stringify(await child(input)));
  process.exit(0);
}

const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

function runChild(build, scenario, api, token, profDir) {
  const args = [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${path.basename(build)}-${scenario}-${Date.now()}.cpuprofile`] : []), self, '--child', JSON.stringify({ build, scenario, api, token })];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk) => (out += chunk));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`render process exited with ${code}`))));
  });
}

const port = Number(process.env.BENCH_PORT ?? 4600);
const site = `http://localhost:${port}`;
const api = `http://localhost:${port + 1}`;
const builds = (process.env.RENDER_CPU_BUILDS ?? root).split(',').map((dir) => path.resolve(dir));
const rounds = Number(process.env.RENDER_CPU_ROUNDS ?? 2);
const child_ = await startSite(port);
try {
  const response = await fetch(`${api}/rest/login/verificar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ correo: 'demo@rumboandino.pe', clave: 'RumboDemo2026' }) });
  const token = (await response.json()).data.token;
  const apiPid = Number(execFileSync('pgrep', ['-P', String(child_.pid)], { encoding: 'utf8' }).trim().split('\n')[0]);
  const rows = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const build of builds) {
      for (const scenario of ['step1', 'micuenta']) {
        const apiBefore = ticks(apiPid);
        const result = await runChild(build, scenario, api, token, process.env.RENDER_CPU_PROF);
        const apiMs = Math.round(((ticks(apiPid) - apiBefore) * TICK_MS) / N);
        rows.push({ round, build, scenario, ...result, apiCpuMs: apiMs, load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0] });
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
  }
  // The site server as it serves them (this repository's build): its process's CPU per page, over HTTP.
  const cookie = `token=${token}`;
  for (const [scenario, address, headers] of process.env.RENDER_CPU_SITE === '0' ? [] : [
    ['site step1 (as is)', (i) => `/pasajes?origen=LIM&destino=AQP&fecha=${limaDate(1)}&pasajeros=1&n=${i}`, { 'accept-encoding': 'identity' }],
    ['site /micuenta (br)', () => '/micuenta', { cookie, 'accept-encoding': 'br' }],
  ]) {
    let whole = 0;
    const once = async (i) => {
      const text = await (await fetch(`${site}${address(i)}`, { headers })).text();
      // Whole: the area rendered (its build's mark), not its skeleton.
      if (/data-build=/.test(text)) whole += 1;
    };
    await inFlight(40, (i) => once(100000 + i));
    whole = 0;
    const siteBefore = ticks(child_.pid);
    const apiBefore = ticks(apiPid);
    const started = performance.now();
    await inFlight(N, (i) => once(i));
    const row = {
      scenario,
      siteCpuMs: Math.round(((ticks(child_.pid) - siteBefore) * TICK_MS * 10) / N) / 10,
      apiCpuMs: Math.round(((ticks(apiPid) - apiBefore) * TICK_MS * 10) / N) / 10,
      perSecond: Math.round((N / (performance.now() - started)) * 1000 * 10) / 10,
      whole,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    };
    console.log(JSON.stringify(row));
  }
} finally {
  child_.kill('SIGTERM');
}
