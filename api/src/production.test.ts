import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_CUSTOMER } from './accounts/accounts.seed';
import { buildApi, exited } from './test/cluster';
import pg from 'pg';
import { TEST_ENGINE } from './test/database';
import { testSigner } from './test/app';
import { throwawaySigner } from './vouchers/signing';
import { freePort } from './test/payment-fakes';

/**
 * The built API (`node dist/main.js`) started as an operator starts it, NODE_ENV=production:
 * unsafe configurations are refused with the reason, and in a safe one none of the development
 * features answers (dev mailbox, payment sandbox, demo customer, localhost CORS, metrics without
 * their token, the API's description).
 */
const API_DIR = path.resolve(__dirname, '..');
const STRONG = '7c1f0a9e3b5d2c8f4a6e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a';
const SITE = 'https://www.rumboandino.pe';
const PROVIDERS = {
  SAFETYPAY_API_KEY: 'sp-key-of-the-shop',
  SAFETYPAY_SIGNATURE_KEY: 'sp-signature-of-the-shop',
  PAGOEFECTIVO_SERVICE_ID: '1035',
  PAGOEFECTIVO_ACCESS_KEY: 'pe-access-of-the-shop',
  PAGOEFECTIVO_SECRET_KEY: 'pe-secret-of-the-shop',
};
// Issue 34: the operator's signing certificate (a throwaway one) and SOL credentials; no sale is made, so SUNAT is never called.
const signer = testSigner();
const SUNAT = { SUNAT_CERT_PEM: signer.certPem, SUNAT_KEY_PEM: signer.keyPem, SUNAT_SOL_USER: '20518739469MODDATOS', SUNAT_SOL_PASSWORD: 'sol-password-of-the-shop' };
const SAFE = { NODE_ENV: 'production', SESSION_SECRET: STRONG, CORS_ORIGINS: SITE, ...PROVIDERS, ...SUNAT };

/** The environment without anything of this machine's that the API reads. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|SESSION_SECRET|CORS_|DEV_|DEMO_|API_DOCS|PAYMENTS_|SAFETYPAY_|PAGOEFECTIVO_|SMTP_|SUNAT_|METRICS_|NODE_ENV|PORT|API_ORIGIN|SITE_URL|GOOGLE_|FACEBOOK_|TRUST_PROXY)/.test(name)) delete env[name];
  }
  return env;
}

beforeAll(() => buildApi(), 60_000);

// Each part runs once per `node scripts/test.mjs`: the refusals (no database) in the first pass,
// the safe start on PostgreSQL when there is a second pass, else on PGlite.
const firstPass = TEST_ENGINE === 'pglite';
const startPass = TEST_ENGINE === 'postgres' || !process.env.DATABASE_URL;

(firstPass ? describe : describe.skip)('a production start that is not safe is refused, saying why', () => {
  const refusal = (env: Record<string, string>) => {
    const run = spawnSync(process.execPath, ['dist/main.js'], { cwd: API_DIR, env: { ...baseEnv(), ...env }, encoding: 'utf8', timeout: 30_000 });
    return { status: run.status, stderr: run.stderr };
  };

  it.each([
    ['no session secret', { SESSION_SECRET: '' }, /Cannot start the API: SESSION_SECRET is not set/],
    ['a weak session secret', { SESSION_SECRET: 'x'.repeat(40) }, /Cannot start the API: SESSION_SECRET is weak/],
    ['a placeholder session secret', { SESSION_SECRET: 'change-me-please-change-me-please-123456' }, /SESSION_SECRET is weak/],
    ['no allowed origins', { CORS_ORIGINS: '' }, /Cannot start the API: CORS_ORIGINS is not set: in production/],
    ['any-localhost CORS', { CORS_LOCALHOST: '1' }, /CORS_LOCALHOST=1 .* not production/],
    ['the payment sandbox without the switch', { SAFETYPAY_API_KEY: '', SAFETYPAY_SIGNATURE_KEY: '' }, /no credentials for SafetyPay .*PAYMENTS_SANDBOX=1/],
    ['the dev mailbox', { DEV_MAILBOX: '1' }, /Cannot start the API: DEV_MAILBOX=1 .* not production/],
    ['the demo customer', { DEMO_CUSTOMER: '1' }, /Cannot start the API: DEMO_CUSTOMER=1 .* not production/],
    ['no SUNAT credentials without the stand-in', { SUNAT_SOL_USER: '', SUNAT_SOL_PASSWORD: '' }, /no SUNAT credentials .*SUNAT_SANDBOX=1/],
    ['a signing key that is not the certificate\'s', { SUNAT_KEY_PEM: throwawaySigner().keyPem }, /SUNAT signing certificate or key is not usable/],
  ])('%s', (_name, change, reason) => {
    const { status, stderr } = refusal({ ...SAFE, ...change });
    expect(status).toBe(1);
    expect(stderr).toMatch(reason);
  });
});

(startPass ? describe : describe.skip)('a safe production start', () => {
  let databaseName: string | undefined;
  let dataDir: string | undefined;
  let base = '';
  let child: ReturnType<typeof spawn> | undefined;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    let storage: Record<string, string>;
    if (TEST_ENGINE === 'postgres') {
      // An empty database (the test databases come seeded with the demo data): the API migrates and seeds it as in production.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      databaseName = `${process.env.API_TEST_DB_PREFIX ?? 'rumbo_api_test_'}production_${Date.now()}`;
      await admin.query(`create database "${databaseName}"`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${databaseName}`;
      storage = { DATABASE_URL: url.toString() };
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'rumbo-production-'));
      storage = { DATA_DIR: dataDir };
    }
    child = spawn(process.execPath, ['dist/main.js'], { cwd: API_DIR, env: { ...baseEnv(), ...SAFE, ...storage, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 300; i += 1) {
      const ready = await fetch(`${base}/rest/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the API did not start:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves the store and answers 404 to every development route', async () => {
    expect((await fetch(`${base}/rest/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/rest/iata`)).status).toBe(200);
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/metrics', '/openapi.json', '/docs', '/sandbox/safetypay/express/ws/v.3.0/express/token', '/sandbox/pagoefectivo/v1/authorizations']) {
      const res = await fetch(base + url, { method: url.startsWith('/sandbox') ? 'POST' : 'GET' });
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
  });

  it('without TRUST_PROXY, refuses what a proxy forwarded (503, saying why in the log) and serves direct requests (issue 32 item 4)', async () => {
    const proxied = await fetch(`${base}/rest/iata`, { headers: { 'x-forwarded-for': '203.0.113.5', 'accept-language': 'en-EN' } });
    expect(proxied.status).toBe(503);
    expect(await proxied.json()).toEqual({ code: 'request.unavailable', message: 'The service is not available right now. Please try again in a few minutes.' });
    expect((await fetch(`${base}/rest/iata`, { headers: { forwarded: 'for=203.0.113.5' } })).status).toBe(503);
    expect((await fetch(`${base}/rest/iata`)).status).toBe(200);
    for (let i = 0; i < 50 && !output.includes('TRUST_PROXY is not set'); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(output).toMatch(/came through a proxy \(x-forwarded-for\) but TRUST_PROXY is not set/);
    expect(output).not.toContain('203.0.113.5');
  });

  it('has no demo customer and allows no localhost origin', async () => {
    const signIn = await fetch(`${base}/rest/login/verificar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ correo: DEMO_CUSTOMER.correo, clave: 'RumboDemo2026' }),
    });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { code: string }).code).toBe('account.login.invalid');
    const local = await fetch(`${base}/rest/iata`, { headers: { origin: 'http://localhost:3000' } });
    expect(local.headers.get('access-control-allow-origin')).toBeNull();
    const site = await fetch(`${base}/rest/iata`, { headers: { origin: SITE } });
    expect(site.headers.get('access-control-allow-origin')).toBe(SITE);
  });
});
