import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, SUNAT_URL } from './config';
import { throwawaySigner } from './vouchers/signing';

const SECRET = 'a'.repeat(32);
/** What `openssl rand -hex 32` gives: production accepts it. */
const STRONG = '3f9c1e0b7a2d4c6e8f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e';
const ORIGINS = 'https://www.rumboandino.pe,https://cdn.rumboandino.pe';

describe('loadConfig', () => {
  it('has safe defaults: every development feature off unless turned on by name', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' });
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      database: { dataDir: path.resolve(__dirname, '..', '.data', 'pglite') },
      smtpUrl: undefined,
      mailFrom: '"Rumbo Andino" <no-responder@rumboandino.pe>',
      sessionSecret: SECRET,
      devMailbox: false,
      apiDocs: false,
      demoCustomer: false,
      corsOrigins: [],
      production: false,
      redisUrl: undefined,
      // Issue 44: identical searches share an answer for a second; a mail's claim lapses after 5 minutes.
      searchCacheMs: 1000,
      mailClaimMs: 300_000,
    });
    expect(() => loadConfig({ SESSION_SECRET: SECRET })).toThrow(/no credentials for SafetyPay .*PAYMENTS_SANDBOX=1/);
  });

  it('turns the development features on by name (what npm start at the root does)', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, DEV_MAILBOX: '1', DEMO_CUSTOMER: '1', PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', CORS_LOCALHOST: '1' });
    expect(config).toMatchObject({ devMailbox: true, demoCustomer: true, payments: { sandbox: true } });
    const [localhost] = config.corsOrigins as RegExp[];
    expect(localhost!.test('http://localhost:3000')).toBe(true);
    expect(localhost!.test('http://127.0.0.1:8081')).toBe(true);
    expect(localhost!.test('http://localhost.evil.example')).toBe(false);
  });

  it('reads Culqi (issue 46): its keys all or none, the stand-in by name and never in production', () => {
    const base = { SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' };
    expect(loadConfig(base).payments.culqiSandbox).toBeUndefined();
    expect(loadConfig(base).payments.culqi).toBeUndefined();
    expect(loadConfig({ ...base, CULQI_SANDBOX: '1' }).payments).toMatchObject({ culqiSandbox: true });
    const keys = { CULQI_PUBLIC_KEY: 'pk_live_abc', CULQI_SECRET_KEY: 'sk_live_def', CULQI_WEBHOOK_SECRET: 'rumbo:very-long-password' };
    expect(loadConfig({ ...base, ...keys }).payments.culqi).toEqual({
      publicKey: 'pk_live_abc', secretKey: 'sk_live_def', webhookSecret: 'rumbo:very-long-password', apiUrl: 'https://api.culqi.com', secureUrl: 'https://secure.culqi.com',
    });
    expect(() => loadConfig({ ...base, CULQI_PUBLIC_KEY: 'pk_live_abc' })).toThrow(/CULQI_SECRET_KEY, CULQI_WEBHOOK_SECRET are not/);
    expect(() => loadConfig({ ...base, ...keys, CULQI_WEBHOOK_SECRET: 'nocolon' })).toThrow(/user:password/);
    expect(() => loadConfig({ ...base, ...keys, CULQI_SANDBOX: '1' })).toThrow(/choose the stand-in or Culqi/);
    const production = { ...base, SESSION_SECRET: STRONG, NODE_ENV: 'production', CORS_ORIGINS: 'https://www.rumboandino.pe' };
    expect(() => loadConfig({ ...production, CULQI_SANDBOX: '1' })).toThrow(/CULQI_SANDBOX=1 .* not production/);
  });

  it('reads the wallets (issue 36): all of a wallet\'s variables or none, the keys inline or from a file', () => {
    const base = { SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', SITE_URL: 'https://www.rumboandino.pe/', CORS_ORIGINS: 'https://cdn.rumboandino.pe' };
    const account = JSON.stringify({ client_email: 'wallet@x.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n' });
    expect(loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: '3388000000022000000', GOOGLE_WALLET_SERVICE_ACCOUNT: account }).wallets).toEqual({
      google: { issuerId: '3388000000022000000', clientEmail: 'wallet@x.iam.gserviceaccount.com', privateKey: expect.stringContaining('PRIVATE KEY'), origins: ['https://www.rumboandino.pe', 'https://cdn.rumboandino.pe'] },
    });
    expect(() => loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: '3388000000022000000' })).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT not set/);
    expect(() => loadConfig({ ...base, GOOGLE_WALLET_ISSUER_ID: 'x', GOOGLE_WALLET_SERVICE_ACCOUNT: account })).toThrow(/numeric issuer id/);
    expect(() => loadConfig({ ...base, APPLE_PASS_TYPE_ID: 'pass.pe.rumboandino', APPLE_TEAM_ID: 'T' })).toThrow(/APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT not set/);
    expect(() =>
      loadConfig({ ...base, APPLE_PASS_TYPE_ID: 'p', APPLE_TEAM_ID: 'T', APPLE_PASS_CERT: '/no/such/file.pem', APPLE_PASS_KEY: '-----BEGIN PRIVATE KEY-----', APPLE_WWDR_CERT: '-----BEGIN CERTIFICATE-----' }),
    ).toThrow(/APPLE_PASS_CERT must be the PEM/);
    const apple = loadConfig({ ...base, APPLE_PASS_TYPE_ID: 'p', APPLE_TEAM_ID: 'T', APPLE_PASS_CERT: '-----BEGIN CERTIFICATE-----\\nA\\n-----END CERTIFICATE-----', APPLE_PASS_KEY: '-----BEGIN PRIVATE KEY-----', APPLE_WWDR_CERT: '-----BEGIN CERTIFICATE-----' }).wallets.apple;
    expect(apple).toMatchObject({ passTypeIdentifier: 'p', teamIdentifier: 'T', signerCert: '-----BEGIN CERTIFICATE-----\nA\n-----END CERTIFICATE-----' });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/rumbo',
      DATA_DIR: '/ignored/with/database/url',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'x@y.pe',
      CORS_ORIGINS: 'https://www.rumboandino.pe, https://booking.rumboandino.pe',
      DEV_MAILBOX: '0',
      DEMO_CUSTOMER: '0',
      PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      SHUTDOWN_DELAY_MS: '2000',
      CHANGE_CREDIT_BONUS_PCT: '15',
      SEARCH_CACHE_MS: '2000',
      MAIL_CLAIM_MS: '5000',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      database: { databaseUrl: 'postgres://u@db:5432/rumbo' },
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'x@y.pe',
      sessionSecret: SECRET,
      corsOrigins: ['https://www.rumboandino.pe', 'https://booking.rumboandino.pe'],
      devMailbox: false,
      apiDocs: false,
      demoCustomer: false,
      production: false,
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'rumbo-rl-',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      shutdownDelayMs: 2000,
      metricsToken: undefined,
      logLevel: 'info',
      apiOrigin: 'http://localhost:8080',
      payments: { safetypay: undefined, pagoefectivo: undefined, sandbox: true },
      operators: [],
      // Issue 35: DECISIONS.md's defaults, the bonus set by the operator.
      changePolicy: { rightDelayMin: 120, rebookDays: 30, creditBonusPct: 15, creditMonths: 12, cancelHours: 6, cancelFeePct: 10, transferHours: 3 },
      sunat: { sandbox: true },
      voucherSeries: { boleta: 'B001', factura: 'F001' },
      wallets: {},
      searchCacheMs: 2000,
      mailClaimMs: 5000,
    });
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', CHANGE_CANCEL_FEE_PCT: '-5' })).toThrow(/CHANGE_CANCEL_FEE_PCT/);
    expect(loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', DATA_DIR: '/tmp/x' }).database).toEqual({ dataDir: '/tmp/x/pglite' });
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', REDIS_URL: 'cache:6379' })).toThrow(/REDIS_URL must be a redis:\/\//);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX must be 1 or 0/);
    expect(loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });

  it('in production: no dev mailbox, no demo customer, only the listed origins', () => {
    const config = loadConfig({ SESSION_SECRET: STRONG, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', CORS_ORIGINS: ORIGINS });
    expect(config).toMatchObject({ production: true, devMailbox: false, demoCustomer: false, corsOrigins: ORIGINS.split(',') });
  });

  it('refuses a production start that is not safe, saying why', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1', CORS_ORIGINS: ORIGINS };
    expect(() => loadConfig({ ...production })).toThrow(/SESSION_SECRET is not set/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: SECRET })).toThrow(/SESSION_SECRET is weak/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'change-me-change-me-change-me-change-me' })).toThrow(/SESSION_SECRET is weak/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: STRONG, CORS_ORIGINS: '' })).toThrow(/CORS_ORIGINS is not set: in production/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: STRONG, CORS_LOCALHOST: '1' })).toThrow(/CORS_LOCALHOST=1 .* not production/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: STRONG, PAYMENTS_SANDBOX: '' })).toThrow(/no credentials for SafetyPay .*PAYMENTS_SANDBOX=1/);
    // Issue 32 item 10: every queued mail (codes, links, tickets) readable by anyone at /dev/outbox.
    expect(() => loadConfig({ ...production, SESSION_SECRET: STRONG, DEV_MAILBOX: '1' })).toThrow(/DEV_MAILBOX=1 .* not production/);
    expect(loadConfig({ ...production, SESSION_SECRET: STRONG, DEV_MAILBOX: '0' }).devMailbox).toBe(false);
    expect(() => loadConfig({ ...production, SESSION_SECRET: STRONG, DEMO_CUSTOMER: '1' })).toThrow(/DEMO_CUSTOMER=1 .* not production/);
  });

  it('refuses to start without a session secret, saying how to make one', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/SESSION_SECRET is not set.*openssl rand -hex 32/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET is too short/);
  });

  it('refuses a search cache, a mail claim or a pool size out of range, saying which', () => {
    const base = { SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' };
    expect(loadConfig({ ...base, SEARCH_CACHE_MS: '0' }).searchCacheMs).toBe(0);
    expect(() => loadConfig({ ...base, SEARCH_CACHE_MS: '60000' })).toThrow(/SEARCH_CACHE_MS must be milliseconds between 0 and 10000, got "60000"/);
    expect(() => loadConfig({ ...base, SEARCH_CACHE_MS: '1.5s' })).toThrow(/SEARCH_CACHE_MS must be milliseconds/);
    expect(() => loadConfig({ ...base, MAIL_CLAIM_MS: '10' })).toThrow(/MAIL_CLAIM_MS must be milliseconds between 1000 and 3600000/);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db/rumbo', DATABASE_POOL_MAX: '4' }).database).toEqual({ databaseUrl: 'postgres://u@db/rumbo', poolMax: 4 });
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://u@db/rumbo', DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be connections between 1 and 100/);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PORT: 'http' })).toThrow(/PORT must be a port number/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PORT: '70000' })).toThrow(ConfigError);
  });
});

describe('payment settings', () => {
  const SAFETYPAY = { SAFETYPAY_API_KEY: 'sp-key', SAFETYPAY_SIGNATURE_KEY: 'sp-signature' };
  const PAGOEFECTIVO = { PAGOEFECTIVO_SERVICE_ID: '1035', PAGOEFECTIVO_ACCESS_KEY: 'pe-access', PAGOEFECTIVO_SECRET_KEY: 'pe-secret' };
  // These tests are about payments: the vouchers' stand-in keeps SUNAT's credentials out of them.
  const SUNAT = { SUNAT_SANDBOX: '1' };

  it('without credentials the sandbox stands in, at the API origin', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PORT: '4001', PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' });
    expect(config.payments).toEqual({ safetypay: undefined, pagoefectivo: undefined, sandbox: true });
    expect(config.apiOrigin).toBe('http://localhost:4001');
    expect(loadConfig({ SESSION_SECRET: SECRET, ...SAFETYPAY, ...PAGOEFECTIVO, ...SUNAT, API_ORIGIN: 'https://api.rumboandino.pe/' }).apiOrigin).toBe('https://api.rumboandino.pe');
    expect(() => loadConfig({ SESSION_SECRET: SECRET, API_ORIGIN: 'api.rumboandino.pe' })).toThrow(/API_ORIGIN must be/);
  });

  it('reads both providers, with their production URLs unless told', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, ...SAFETYPAY, ...PAGOEFECTIVO, ...SUNAT });
    expect(config.payments).toEqual({
      safetypay: { apiKey: 'sp-key', signatureKey: 'sp-signature', url: 'https://mws2.safetypay.com/express/ws/v.3.0' },
      pagoefectivo: { serviceId: 1035, accessKey: 'pe-access', secretKey: 'pe-secret', url: 'https://services.pagoefectivo.pe' },
      sandbox: false,
    });
    const test = loadConfig({
      SESSION_SECRET: SECRET,
      ...SAFETYPAY,
      ...PAGOEFECTIVO,
      ...SUNAT,
      SAFETYPAY_URL: 'https://sandbox-mws2.safetypay.com/express/ws/v.3.0/',
      PAGOEFECTIVO_URL: 'https://pre1a.services.pagoefectivo.pe',
    });
    expect(test.payments.safetypay!.url).toBe('https://sandbox-mws2.safetypay.com/express/ws/v.3.0');
    expect(test.payments.pagoefectivo!.url).toBe('https://pre1a.services.pagoefectivo.pe');
  });

  it('refuses a half-configured provider, naming what is missing', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, SAFETYPAY_API_KEY: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, SAFETYPAY_API_KEY: 'k' })).toThrow(
      /SAFETYPAY_API_KEY is set but SAFETYPAY_SIGNATURE_KEY is not: SafetyPay needs all of/,
    );
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAGOEFECTIVO_ACCESS_KEY: 'a', PAGOEFECTIVO_SECRET_KEY: 's' })).toThrow(
      /PAGOEFECTIVO_ACCESS_KEY, PAGOEFECTIVO_SECRET_KEY are set but PAGOEFECTIVO_SERVICE_ID is not/,
    );
    expect(() => loadConfig({ SESSION_SECRET: SECRET, SAFETYPAY_URL: 'https://sandbox-mws2.safetypay.com' })).toThrow(/SAFETYPAY_URL is set but/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, ...PAGOEFECTIVO, PAGOEFECTIVO_SERVICE_ID: 'abc' })).toThrow(/PAGOEFECTIVO_SERVICE_ID must be the numeric/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, ...SAFETYPAY, SAFETYPAY_URL: 'ftp://x' })).toThrow(/SAFETYPAY_URL must be an https URL/);
  });

  it('in production never runs the sandbox by accident', () => {
    const production = { SESSION_SECRET: STRONG, NODE_ENV: 'production', CORS_ORIGINS: ORIGINS };
    expect(() => loadConfig(production)).toThrow(/no credentials for SafetyPay .* and PagoEfectivo .*PAYMENTS_SANDBOX=1/);
    expect(() => loadConfig({ ...production, ...SAFETYPAY })).toThrow(/no credentials for PagoEfectivo/);
    expect(loadConfig({ ...production, ...SAFETYPAY, ...PAGOEFECTIVO, ...SUNAT }).payments.sandbox).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX: '1', SUNAT_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(() => loadConfig({ ...production, ...SAFETYPAY, ...PAGOEFECTIVO, ...SUNAT, SAFETYPAY_URL: 'http://mws2.safetypay.com' })).toThrow(/https URL in production/);
  });

  it('PAYMENTS_SANDBOX=0 (or unset) forbids the sandbox anywhere', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '0' })).toThrow(/no credentials .*PAYMENTS_SANDBOX=1/);
    expect(loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '0', ...SAFETYPAY, ...PAGOEFECTIVO, ...SUNAT }).payments.sandbox).toBe(false);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX must be 1 or 0/);
  });
});

describe('SUNAT settings (issue 34)', () => {
  const signer = throwawaySigner();
  const SOL = { SUNAT_SOL_USER: '20518739469MODDATOS', SUNAT_SOL_PASSWORD: 'moddatos' };
  const base = { SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '1' };

  it('signs with the certificate given (PEM text or file) and sends with the SOL credentials', () => {
    const config = loadConfig({ ...base, ...SOL, SUNAT_CERT_PEM: signer.certPem, SUNAT_KEY_PEM: signer.keyPem.replace(/\n/g, '\\n') });
    expect(config.sunat).toEqual({ sandbox: false, signer: expect.objectContaining({ certPem: signer.certPem }), sol: { user: SOL.SUNAT_SOL_USER, password: 'moddatos', url: SUNAT_URL } });
    const dir = mkdtempSync(path.join(tmpdir(), 'sunat-'));
    writeFileSync(path.join(dir, 'cert.pem'), signer.certPem);
    writeFileSync(path.join(dir, 'key.pem'), signer.keyPem);
    expect(loadConfig({ ...base, ...SOL, SUNAT_CERT_FILE: path.join(dir, 'cert.pem'), SUNAT_KEY_FILE: path.join(dir, 'key.pem') }).sunat.signer!.certPem).toBe(signer.certPem);
    rmSync(dir, { recursive: true });
  });

  it('never uses the stand-in unless asked by name, and refuses a certificate without its key', () => {
    expect(() => loadConfig(base)).toThrow(/no SUNAT credentials .*SUNAT_SANDBOX=1/);
    expect(() => loadConfig({ ...base, ...SOL })).toThrow(/no SUNAT credentials/);
    expect(() => loadConfig({ ...base, SUNAT_SANDBOX: 'yes' })).toThrow(/SUNAT_SANDBOX must be 1 or 0/);
    expect(loadConfig({ ...base, SUNAT_SANDBOX: '1' }).sunat).toEqual({ sandbox: true });
    expect(() => loadConfig({ ...base, SUNAT_SANDBOX: '1', SUNAT_CERT_PEM: signer.certPem })).toThrow(/go together/);
    expect(() => loadConfig({ ...base, ...SOL, SUNAT_CERT_PEM: signer.certPem, SUNAT_KEY_PEM: throwawaySigner().keyPem })).toThrow(/not usable: the private key does not belong/);
    expect(() => loadConfig({ ...base, SUNAT_SOL_USER: 'x' })).toThrow(/SUNAT_SOL_USER is set but SUNAT_SOL_PASSWORD is not/);
  });

  it('VOUCHER_SERIES (issue 44): this instance\'s boleta and factura series, B001/F001 by default; a series SUNAT would refuse stops the start', () => {
    const sandbox = { ...base, SUNAT_SANDBOX: '1' };
    expect(loadConfig(sandbox).voucherSeries).toEqual({ boleta: 'B001', factura: 'F001' });
    expect(loadConfig({ ...sandbox, VOUCHER_SERIES: 'B002,F002' }).voucherSeries).toEqual({ boleta: 'B002', factura: 'F002' });
    for (const wrong of ['B002', 'B2,F002', 'BC01,FC01', 'F002,F003']) expect(() => loadConfig({ ...sandbox, VOUCHER_SERIES: wrong })).toThrow(/VOUCHER_SERIES: one boleta series and one factura series/);
  });
});
