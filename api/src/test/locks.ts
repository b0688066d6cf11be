import type pg from 'pg';

/**
 * Waits until at least `count` transactions of the current database wait for a lock (PostgreSQL's
 * pg_stat_activity), so a race test knows its requests are queued behind a row it holds.
 */
export async function lockWaiters(client: pg.Client, count: number, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} transactions waiting for a lock`);
}
