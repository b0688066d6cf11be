import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { dumpPglite, openDatabase, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';

/** A test file's database; on PostgreSQL with the URL of the throwaway database. */
export type TestDatabase = DatabaseHandle & { databaseUrl?: string };

/** The engine this run uses; scripts/test.mjs runs the suite once on each. */
export const TEST_ENGINE: 'pglite' | 'postgres' = process.env.API_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Where the run's migrated and seeded template is (set by `prepareTemplate`, read by every test file). */
const TEMPLATE_VARIABLE = 'API_TEST_TEMPLATE';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or on PostgreSQL a
 * throwaway database (named with the run's prefix, so scripts/test.mjs can drop leftovers of a
 * crashed worker) that `close()` drops. It is a copy of the run's template when Jest's global
 * setup made one (PGlite from the template's dumped data folder, PostgreSQL by `create database …
 * template`): the same migrations and seed, run once per run instead of once per file.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) {
    return TEST_ENGINE === 'postgres'
      ? createPostgresDatabase(template)
      : openDatabase({ dataDir: 'memory://', from: new Blob([await readFile(template)]) });
  }
  const handle = await createEmptyTestDatabase();
  await handle.migrate();
  await seedDatabase(handle.db);
  return handle;
}

/** An empty database of the run's engine (not migrated): for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return TEST_ENGINE === 'postgres' ? createPostgresDatabase() : openDatabase({ dataDir: 'memory://' });
}

/**
 * Jest's global setup (jest.config.js): migrates and seeds one template for the run, and says
 * where it is to the test files (an environment variable, which Jest's workers inherit).
 */
export async function prepareTemplate(): Promise<void> {
  if (TEST_ENGINE === 'postgres') {
    const handle = await createPostgresDatabase();
    try {
      await handle.migrate();
      await seedDatabase(handle.db);
    } finally {
      // Kept, not dropped: but with no session open, since databases are copied from it.
      await handle.closeKeeping();
    }
    process.env[TEMPLATE_VARIABLE] = handle.name;
    return;
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
    const file = path.join(tmpdir(), `rumbo-api-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await (await dumpPglite(handle)).arrayBuffer()));
    process.env[TEMPLATE_VARIABLE] = file;
  } finally {
    await handle.close();
  }
}

/** Jest's global teardown: removes the template `prepareTemplate` made. */
export async function removeTemplate(): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template) return;
  delete process.env[TEMPLATE_VARIABLE];
  if (TEST_ENGINE === 'postgres') await asAdmin(serverUrl(), (admin) => admin.query(`drop database if exists "${template}" with (force)`));
  else await rm(template, { force: true });
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('API_TEST_DB=postgres needs DATABASE_URL (a server where databases can be created)');
  return url;
}

async function createPostgresDatabase(template?: string): Promise<TestDatabase & { databaseUrl: string; name: string; closeKeeping(): Promise<void> }> {
  const server = serverUrl();
  const prefix = process.env.API_TEST_DB_PREFIX ?? 'rumbo_api_test_';
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await asAdmin(server, async (admin) => {
    if (!template) return admin.query(`create database "${name}"`);
    // Two workers copying the template at once: PostgreSQL refuses the second while the first
    // copies ("being accessed by other users", 55006); it waits and tries again.
    for (let tries = 0; ; tries += 1) {
      try {
        return await admin.query(`create database "${name}" template "${template}"`);
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || tries >= 100) throw error;
        await sleep(50);
      }
    }
  });

  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    databaseUrl: url.toString(),
    name,
    closeKeeping: () => handle.close(),
    async close() {
      await handle.close();
      await asAdmin(server, async (admin) => {
        // The pool resolves end() before the server has closed its sessions; forcing the drop
        // while they close would make them report errors, so wait for them (briefly) first.
        const open = async () =>
          (await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])).rows[0].n;
        for (let tries = 0; tries < 50 && (await open()) > 0; tries += 1) await sleep(20);
        await admin.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}

async function asAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
