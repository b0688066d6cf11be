// Runs the API's tests on PGlite, then again on PostgreSQL when DATABASE_URL is set (CI and
// this machine have a server). Extra arguments go to Jest. Exits non-zero if any run fails.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');

// API_TEST_ENGINES (e.g. `postgres`) narrows the run to some engines: CI runs PostgreSQL on
// today's clock and PGlite a year ahead (.ci/run), each suite once.
const available = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
const asked = process.env.API_TEST_ENGINES?.split(',').map((name) => name.trim()).filter(Boolean);
const unknown = asked?.filter((name) => !available.includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(`API_TEST_ENGINES names ${unknown.join(', ')}: this run has ${available.join(' and ')} (PostgreSQL needs DATABASE_URL)`);
  process.exit(1);
}
const engines = asked?.length ? available.filter((name) => asked.includes(name)) : available;
const reports = mkdtempSync(path.join(tmpdir(), 'rumbo-api-test-'));
let passed = 0;
let failed = 0;
let ok = true;

for (const engine of engines) {
  // Every database this run creates starts with this prefix; leftovers are dropped below.
  const prefix = `rumbo_api_test_${randomBytes(4).toString('hex')}_`;
  const report = path.join(reports, `${engine}.json`);
  console.log(`\n== API tests on ${engine} ==\n`);
  // PGlite loads Node built-ins with import(), which Jest only allows with vm modules on.
  const node = ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'];
  // Two workers, as many as CI's machine has cores (Jest's default leaves one for itself): each
  // file waits on its database as much as it computes, and the run takes about two thirds as long.
  const workers = process.argv.slice(2).some((arg) => /^(-w|--maxWorkers|-i|--runInBand)/.test(arg)) ? [] : ['--maxWorkers=2'];
  const run = spawnSync(process.execPath, [...node, jest, '--json', `--outputFile=${report}`, ...workers, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, API_TEST_DB: engine, API_TEST_DB_PREFIX: prefix },
  });
  if (run.status !== 0) ok = false;
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    // A file that fails to run (an error at load, in a hook outside a test, a thrown `describe`)
    // counts no test at all: each counts as one failure, or the closing line hides it.
    const unrun = result.numRuntimeErrorTestSuites;
    passed += result.numPassedTests;
    failed += result.numFailedTests + unrun;
    console.log(`${engine}: ${result.numPassedTests} passed, ${result.numFailedTests + unrun} failed${unrun ? ` (${unrun} test files did not run)` : ''}`);
  } catch {
    ok = false;
    console.log(`${engine}: no report (Jest did not finish)`);
  }
  if (engine === 'postgres') await dropLeftovers(prefix);
}

rmSync(reports, { recursive: true, force: true });
console.log(`\napi: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

async function dropLeftovers(prefix) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
