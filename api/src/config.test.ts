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
    });
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: '/tmp/x' }).database).toEqual({ dataDir: '/tmp/x/pglite' });
  });

  it('in production: no dev mailbox, no demo customer and no cross-origin callers unless configured', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: 'production' });
    expect(config.devMailbox).toBe(false);
    expect(config.demoCustomer).toBe(false);
    expect(config.corsOrigins).toEqual([]);
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: 'production', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
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
