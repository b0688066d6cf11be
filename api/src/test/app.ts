import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from './database';
import { createVoucherSender } from '../vouchers/sender';
import { throwawaySigner, type VoucherSigner } from '../vouchers/signing';
import type { SunatPort } from '../vouchers/sunat';

let signer: VoucherSigner | undefined;
/** One throwaway signing certificate per test process (making one takes a few hundred ms). */
export const testSigner = (): VoucherSigner => (signer ??= throwawaySigner());

/** SUNAT never asked: signing (the outbox's first stage) sends nothing. */
const NO_SUNAT: SunatPort = { sandbox: true, sendBill: () => Promise.reject(new Error('signing only: nothing is sent')) };

/**
 * Issue 44: signs the vouchers the sales numbered, as the running API's vouchers outbox does right
 * after each sale (the first stage of `createVoucherSender`'s drain); how many it signed.
 */
export const signVouchers = (db: Database, now: Date = new Date()) =>
  createVoucherSender({ db, sunat: NO_SUNAT, signer: testSigner(), log: { warn: () => undefined, error: () => undefined } }).sign(now);

export const TEST_SECRET = 'test-session-secret-of-forty-characters!';

/** The app as main.ts builds it, with the dev mailbox on and no logger. */
export function createTestApp(db: Database, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ db, sessionSecret: TEST_SECRET, devMailbox: true, apiDocs: true, ...options });
}

/** POSTs `body` to `url` as JSON text (as a browser sends it), in `language` when given; the answer as is. */
export function postJson(app: FastifyInstance, url: string, body: unknown, language?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(language ? { 'accept-language': language } : {}) },
    payload: JSON.stringify(body),
  });
}

/** POSTs the text `payload` to `url` as `contentType` (a broken or foreign body, as a client may send it); the answer as is. */
export function postText(app: FastifyInstance, url: string, payload: string, contentType = 'application/json') {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

/** A test file's app and database, there from its `beforeAll` on (reading them earlier throws). */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly db: Database;
}

export interface TestAppSettings {
  /** Where the database comes from; by default a fresh, migrated and seeded one of the run's engine. */
  database?: () => Promise<TestDatabase>;
  /** The `beforeAll` hook's timeout, for a setup slower than one test may be. */
  timeout?: number;
}

/**
 * Registers the `beforeAll` that opens a test database and builds the app on it (with `options`,
 * or what `options(database)` answers, e.g. after starting fakes the app talks to) and the
 * `afterAll` that closes both: on PGlite an in-memory database, on PostgreSQL a throwaway one that
 * closing drops (see createTestDatabase). Call it at the top of a file or of a `describe`.
 */
export function setupTestApp(
  options: Partial<AppOptions> | ((database: TestDatabase) => Partial<AppOptions> | Promise<Partial<AppOptions>>) = {},
  settings: TestAppSettings = {},
): TestApp {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    database = await (settings.database ?? createTestDatabase)();
    app = await createTestApp(database.db, typeof options === 'function' ? await options(database) : options);
  }, settings.timeout);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the test ${what} is only there from beforeAll on`);
    return value;
  };
  return {
    get app() {
      return ready(app, 'app');
    },
    get database() {
      return ready(database, 'database');
    },
    get db() {
      return ready(database, 'database').db;
    },
  };
}
