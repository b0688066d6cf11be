import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';

/** A test file's database; on PostgreSQL with the URL of the throwaway database. */
export type TestDatabase = DatabaseHandle & { databaseUrl?: string };

/** The engine this run uses; scripts/test.mjs runs the suite once on each. */
export const TEST_ENGINE: 'pglite' | 'postgres' = process.env.API_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or on PostgreSQL a
 * throwaway database (named with the run's prefix, so scripts/test.mjs can drop leftovers of a
 * crashed worker) that `close()` drops.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const handle = await createEmptyTestDatabase();
  await handle.migrate();
  await seedDatabase(handle.db);
  return handle;
}

/** An empty database of the run's engine (not migrated): for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  return TEST_ENGINE === 'postgres' ? createPostgresDatabase() : openDatabase({ dataDir: 'memory://' });
}

async function createPostgresDatabase(): Promise<DatabaseHandle & { databaseUrl: string }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('API_TEST_DB=postgres needs DATABASE_URL (a server where databases can be created)');
  const prefix = process.env.API_TEST_DB_PREFIX ?? 'rumbo_api_test_';
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    databaseUrl: url.toString(),
    async close() {
      await handle.close();
      await asAdmin(adminUrl, async (admin) => {
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
