import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const SECRET = 'a'.repeat(32);

describe('loadConfig', () => {
  it('has defaults for everything but the session secret', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      database: { dataDir: path.resolve(__dirname, '..', '.data', 'pglite') },
      smtpUrl: undefined,
      mailFrom: '"Rumbo Andino" <no-responder@rumboandino.pe>',
      sessionSecret: SECRET,
      devMailbox: true,
      demoCustomer: true,
    });
    const [localhost] = config.corsOrigins as RegExp[];
    expect(localhost!.test('http://localhost:3000')).toBe(true);
    expect(localhost!.test('http://127.0.0.1:8081')).toBe(true);
    expect(localhost!.test('http://localhost.evil.example')).toBe(false);
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
      demoCustomer: false,
      apiOrigin: 'http://localhost:8080',
      payments: { safetypay: undefined, pagoefectivo: undefined, sandbox: true },
    });
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: '/tmp/x' }).database).toEqual({ dataDir: '/tmp/x/pglite' });
  });

  it('in production: no dev mailbox, no demo customer and no cross-origin callers unless configured', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' });
    expect(config.devMailbox).toBe(false);
    expect(config.demoCustomer).toBe(false);
    expect(config.corsOrigins).toEqual([]);
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
  });

  it('refuses to start without a session secret, saying how to make one', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/SESSION_SECRET is not set.*openssl rand -hex 32/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET is too short/);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PORT: 'http' })).toThrow(/PORT must be a port number/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PORT: '70000' })).toThrow(ConfigError);
  });
});

describe('payment settings', () => {
  const SAFETYPAY = { SAFETYPAY_API_KEY: 'sp-key', SAFETYPAY_SIGNATURE_KEY: 'sp-signature' };
  const PAGOEFECTIVO = { PAGOEFECTIVO_SERVICE_ID: '1035', PAGOEFECTIVO_ACCESS_KEY: 'pe-access', PAGOEFECTIVO_SECRET_KEY: 'pe-secret' };

  it('without credentials the sandbox stands in, at the API origin', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PORT: '4001' });
    expect(config.payments).toEqual({ safetypay: undefined, pagoefectivo: undefined, sandbox: true });
    expect(config.apiOrigin).toBe('http://localhost:4001');
    expect(loadConfig({ SESSION_SECRET: SECRET, API_ORIGIN: 'https://api.rumboandino.pe/' }).apiOrigin).toBe('https://api.rumboandino.pe');
    expect(() => loadConfig({ SESSION_SECRET: SECRET, API_ORIGIN: 'api.rumboandino.pe' })).toThrow(/API_ORIGIN must be/);
  });

  it('reads both providers, with their production URLs unless told', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, ...SAFETYPAY, ...PAGOEFECTIVO });
    expect(config.payments).toEqual({
      safetypay: { apiKey: 'sp-key', signatureKey: 'sp-signature', url: 'https://mws2.safetypay.com/express/ws/v.3.0' },
      pagoefectivo: { serviceId: 1035, accessKey: 'pe-access', secretKey: 'pe-secret', url: 'https://services.pagoefectivo.pe' },
      sandbox: true,
    });
    const test = loadConfig({
      SESSION_SECRET: SECRET,
      ...SAFETYPAY,
      ...PAGOEFECTIVO,
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
    const production = { SESSION_SECRET: SECRET, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/no credentials for SafetyPay .* and PagoEfectivo .*PAYMENTS_SANDBOX=1/);
    expect(() => loadConfig({ ...production, ...SAFETYPAY })).toThrow(/no credentials for PagoEfectivo/);
    expect(loadConfig({ ...production, ...SAFETYPAY, ...PAGOEFECTIVO }).payments.sandbox).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(() => loadConfig({ ...production, ...SAFETYPAY, ...PAGOEFECTIVO, SAFETYPAY_URL: 'http://mws2.safetypay.com' })).toThrow(/https URL in production/);
  });

  it('PAYMENTS_SANDBOX=0 forbids the sandbox anywhere', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '0' })).toThrow(/remove PAYMENTS_SANDBOX=0/);
    expect(loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: '0', ...SAFETYPAY, ...PAGOEFECTIVO }).payments.sandbox).toBe(false);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX must be 1 or 0/);
  });
});
