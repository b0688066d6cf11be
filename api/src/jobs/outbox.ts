import { and, asc, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';

/** An outbox table: a row per thing to send once, with its attempts, its next attempt and when it went. */
export type OutboxTable = PgTable & { id: PgColumn; attempts: PgColumn; next_attempt_at: PgColumn; sent_at: PgColumn };

/**
 * Claims the rows of an outbox (the mails, the web pushes, the wallets' updates) due at `now`
 * and not given up on: SKIP LOCKED + pushing their next attempt `claimMs` ahead, so each due row
 * goes to one sender only, however many API instances share the PostgreSQL server; a sender that
 * dies mid-send leaves its rows due again after `claimMs`.
 */
export async function claimDue<T extends OutboxTable>(
  db: Database,
  table: T,
  now: Date,
  limits: { batchSize: number; maxAttempts: number; claimMs: number },
): Promise<T['$inferSelect'][]> {
  const due = locks.skipLocked(
    db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(isNull(table.sent_at), lte(table.next_attempt_at, now), lt(table.attempts, limits.maxAttempts)))
      .orderBy(asc(table.next_attempt_at))
      .limit(limits.batchSize),
  );
  // Generic over the table, so the update's column names are not known to the type checker.
  const claimed = db
    .update(table)
    .set({ next_attempt_at: new Date(now.getTime() + limits.claimMs) } as never)
    .where(inArray(table.id, due))
    .returning();
  return (await claimed) as T['$inferSelect'][];
}
