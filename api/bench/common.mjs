/**
 * What the API benches share: the API (bench/server.ts) as a child process on a port, JSON calls
 * to it, autocannon loads, a throwaway PostgreSQL database, the results file.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

export const CONNECTIONS = 50;
/** The web channel of the search and of the seat routes. */
export const channel = { cusuario: 50005, coficina_venta: 577 };
export const seatChannel = { susuario: 'TVIRT', cusuario: 50005 };

/** The date `days` after today in Lima, `YYYY-MM-DD`. */
export function limaDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Starts bench/server.ts on `port` with `env` added; answers once it is ready. BENCH_NODE_ARGS
 * adds Node options to the server (space-separated), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to profile it under the load.
 */
export async function startApi(port, env) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  return child;
}

export async function stopApi(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * The address of the bench's `n`th customer (the API trusts the bench's X-Forwarded-For): the
 * seat-hold bounds count per device and address (issue 32 item 4), so customers sharing one
 * address would refuse, or start over on, each other's holds, which no real load does.
 */
export const clientAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** POSTs `body` as JSON from the store's origin (as customer `client`, when given); answers `data`, throws on an error answer. */
export async function post(base, url, body, client) {
  const headers = { 'content-type': 'application/json', origin: 'http://localhost:3000', ...(client === undefined ? {} : { 'x-forwarded-for': clientAddress(client) }) };
  const res = await fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * An autocannon run of JSON POSTs to `path` at CONNECTIONS; answers its result and how long it
 * took, to its last answer: autocannon calls back on its next one-second tick, which in a run of a
 * few seconds (`amount`) would be a large part of it.
 */
export function load(base, { path: urlPath, ...options }) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let lastAnswer = started;
    const settings = { connections: CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, ...options, url: base + urlPath };
    const run = autocannon(settings, (error, result) => (error ? reject(error) : resolve({ result, seconds: (lastAnswer - started) / 1000 })));
    run.on('response', () => {
      lastAnswer = Date.now();
    });
  });
}

/** Runs `run(url)` on a new database `<prefix><time>` of the server at `adminUrl`, dropped afterwards. */
export async function withPostgresDatabase(adminUrl, prefix, run) {
  const name = `${prefix}${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** Writes bench-results/<name>.json. */
export function writeResults(name, results) {
  mkdirSync(path.join(here, '../bench-results'), { recursive: true });
  writeFileSync(path.join(here, `../bench-results/${name}.json`), JSON.stringify(results, null, 2));
}
