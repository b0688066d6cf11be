import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { queryRows } from './rows';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * What domain code receives: the query builder common to both drivers (a transaction is one
 * too), so no module knows whether it runs on PGlite or on a PostgreSQL server.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (src/db/migrations, or `folder`: tests of a migration) that are not applied yet. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL server (`databaseUrl`), or PGlite in a folder (`dataDir`, or `memory://`),
 * optionally starting from a data folder dumped by `dumpPglite` (`from`: the tests' migrated template).
 */
/** `poolMax`: the most connections this process opens to PostgreSQL (DATABASE_POOL_MAX; node-postgres' 10 by default). */
export type DatabaseOptions = { databaseUrl: string; poolMax?: number } | { dataDir: string; from?: Blob };

const migrationsFolder = path.join(__dirname, 'migrations');

/** "rumb" in ASCII; any constant works as long as every instance uses the same one. */
const MIGRATION_LOCK_KEY = 0x72756d62;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'databaseUrl' in options ? openPostgres(options.databaseUrl, options.poolMax) : openPglite(options.dataDir, options.from);
}

/** The database each open transaction (and savepoint) belongs to, for `rootOf`. */
const roots = new WeakMap<Database, Database>();

/**
 * The database `db` is a transaction (or savepoint) of, or `db` itself: what a process-wide cache
 * of reference data is keyed on, so a read inside a transaction finds what one outside it cached
 * (trips/trips.queries.ts `networkOf`: a paid notice read the terminals and routes anew, three
 * queries, in every sale's transaction).
 */
export const rootOf = (db: Database): Database => roots.get(db) ?? db;

/** Makes every transaction begun from `db` (and from those, their savepoints) known to `rootOf` as `root`'s. */
function trackTransactions(db: Database, root: Database): Database {
  const begin = db.transaction.bind(db) as (fn: (tx: Database) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  (db as { transaction: unknown }).transaction = (fn: (tx: Database) => Promise<unknown>, config?: unknown) =>
    begin((tx) => {
      roots.set(trackTransactions(tx, root), root);
      return fn(tx);
    }, config);
  return db;
}

/** PGlite clients of the handles `openPglite` made, for `dumpPglite`. */
const pgliteClients = new WeakMap<Database, PGlite>();

async function openPglite(dataDir: string, from?: Blob): Promise<DatabaseHandle> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // btree_gist: the exclusion constraint that refuses overlapping sales of a seat (migration 0012).
  const client = new PGlite(dataDir, { extensions: { btree_gist }, ...(from ? { loadDataDir: from } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  trackTransactions(db as Database, db as Database);
  pgliteClients.set(db, client);
  return {
    db,
    driver: 'pglite',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, poolMax?: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, ...(poolMax ? { max: poolMax } : {}) });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzleNodePg({ client: pool, schema });
  trackTransactions(db as Database, db as Database);
  return {
    db,
    driver: 'postgres',
    async migrate(folder = migrationsFolder) {
      // Several API instances may start at once on one server: a session-level advisory lock on
      // one connection lets a single one migrate while the others wait, then find nothing to do.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: folder });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A PGlite database's whole data folder (uncompressed tar), which `openDatabase({ dataDir, from })` starts from. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = pgliteClients.get(handle.db);
  if (!client) throw new Error('dumpPglite: not a PGlite database');
  return client.dumpDataDir('none');
}

/** The newest committed migration (its journal `when`, which drizzle stores as `created_at`); read once. */
let latest: number | undefined;
function latestMigration(): number {
  return (latest ??= readLatestMigration());
}
function readLatestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Whether every committed migration is applied to `db` (readiness: an instance must not serve an older schema). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ last: string | number }>(db, sql`select coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`);
  return Number(row?.last ?? 0) >= latestMigration();
}
