import type { SQL } from 'drizzle-orm';

/** What runs a hand-written query: a database or a transaction (`Database`, said structurally: client.ts uses this file). */
type Executor = { execute(query: SQL): PromiseLike<unknown> };

/**
 * The rows of a hand-written query. Both drivers (PGlite and node-postgres) answer `{ rows }`;
 * the common query-builder type does not say so. Numerics and counts arrive as strings on one
 * driver and numbers on the other: cast in SQL (`::int`, `::float8`) or convert the fields.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp of a hand-written query: a Date on one driver, its text on the other. */
export const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
