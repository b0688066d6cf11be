import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { queryRows } from './rows';

/**
 * THE lock order of the store, in one place. A transaction that takes more than one of these
 * locks takes them top to bottom, never back up; rows of one kind in ascending key order. Two
 * transactions that follow it can wait for each other but never deadlock (a deadlock is a 500).
 *
 * 1. `purchaseKey`: the purchase key (advisory lock on its hash): holds, reserve, postponement
 * 1b. `holdClient`: what one address (and its devices) holds on one trip (advisory lock on trip + address): holds
 * 2. `payment`: a `pago` row (a payment notice)
 * 3. `reservation`: a `reserva` row
 * 4. `ticket`: a `boleto` row (the ticket a postponement replaces)
 * 5. `seats`: first the seats themselves (advisory locks on trip + seat number, ascending: every
 *    stretch of a seat queues here), then `viaje_asiento` rows, ascending `cviaje_asiento`, all of a
 *    step in one statement
 * 6. `account`: the customer's `cuenta` row (points: balance, holds, ledger; a profile's edit)
 * 6b. `voucherSeries`: a voucher series' counter row (`comprobante_serie`), or a voucher's row
 *    (its credit note): late in a paying transaction, so the number every sale waits for is held
 *    only from there to the commit. A paid sale's own number (`issuePaid`) is taken at its COMMIT
 *    by a deferred trigger (migration 0030): after every lock here, `credit` included, and held
 *    only while PostgreSQL commits; nothing that takes a sale series' number at once takes a lock
 *    after it, so that last lock closes no cycle
 * 6c. `credit`: one holder's travel credit (advisory lock on the holder: a customer, or a guest's
 *    purchase): every issue and spend of one holder's credit queues here (issue 35); after the
 *    voucher, so a credit payment spends once its sale is issued and a refund credits once its
 *    credit note is
 * 7. `oneTimeCode`: a one-time code's row (a sign-in code, a purchase-recovery code): its tries
 *    are counted one at a time
 * 8. `subscription`: a promotions subscription's row (subscribing, confirming)
 * 9. `waitlistCustomer`: one customer's places on the waitlists (advisory lock on the e-mail):
 *    joining counts the customer's active places of a day one join at a time (issue 48)
 *
 * Steps 7, 8 and 9 are each taken alone in their transaction today; they are last so that nothing
 * above them is ever asked for while one is held. Not steps: rows claimed with SKIP LOCKED
 * (`skipLocked`, the mail outbox) never wait for a lock, so they cannot deadlock; nor does a
 * try-lock (`tryAdvisory`: the waitlist's queue of one stretch, issue 48), which gives up at once; the migrations'
 * session lock (db/client.ts) is taken on a bare connection before the store serves anything.
 *
 * So `reserve` takes key → seats → account, and `issuePaid` (notices, free postponements,
 * points-only purchases) payment → reservation → ticket → seats → account → voucherSeries. A
 * cancellation or refund of a ticket (`voidTicket`) and a transfer take reservation → ticket: a row
 * inserted with a foreign key to a reservation (a ledger row, a refund) takes a share lock on that
 * reservation, so a transaction that writes one locks the reservation first, explicitly (issue 45
 * item 7: the cancellation's implicit lock after the ticket deadlocked a transfer). Taking a lock above
 * one already taken in the same transaction throws `LockOrderError` before the lock is asked for.
 *
 * Every lock is taken through `locks` below. A module's own rows are locked by its own small
 * function over `locks.row` (sales/sales.locks.ts: payment, reservation, ticket; seats/seat-locks.ts;
 * accounts/account-lock.ts), so this file knows the order, not the tables: no module below db.
 */
export const LOCK_ORDER = ['purchaseKey', 'holdClient', 'payment', 'reservation', 'ticket', 'seats', 'account', 'voucherSeries', 'credit', 'oneTimeCode', 'subscription', 'waitlistCustomer'] as const;
export type LockStep = (typeof LOCK_ORDER)[number];

/** A transaction asked for a lock out of LOCK_ORDER: a bug that could deadlock under load. */
export class LockOrderError extends Error {
  override readonly name = 'LockOrderError';
}

/** Per open transaction: the index of its last step, and the locks it holds by name (re-taking one never waits). */
const reached = new WeakMap<Database, { last: number; held: Set<string> }>();

/**
 * Records that `tx` takes `step` now (the lock `key`, when named); throws if it already took a
 * later step, unless it already holds that very lock (asking again for a lock one holds never waits).
 */
export function enterLockStep(tx: Database, step: LockStep, key?: string | number): void {
  const index = LOCK_ORDER.indexOf(step);
  const state = reached.get(tx) ?? { last: -1, held: new Set<string>() };
  const name = key === undefined ? undefined : `${step}:${key}`;
  if (name && state.held.has(name)) return;
  if (index < state.last) {
    throw new LockOrderError(`lock order: "${step}" asked for after "${LOCK_ORDER[state.last]}" (the order is ${LOCK_ORDER.join(' → ')}, src/db/lock-order.ts)`);
  }
  state.last = index;
  if (name) state.held.add(name);
  reached.set(tx, state);
}

/** The only way the store takes these locks: each method records its step, then locks. */
export const locks = {
  /** Step 1: the purchase key (its SHA-256 hash), for the rest of the transaction. */
  async purchaseKey(tx: Database, keyHash: string): Promise<void> {
    enterLockStep(tx, 'purchaseKey');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keyHash}))`);
  },

  /** Step 1b: one address's holds on one trip (the device and address hold bounds), for the rest of the transaction. */
  async holdClient(tx: Database, cviaje: number, clientHash: string): Promise<void> {
    enterLockStep(tx, 'holdClient');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-client:${cviaje}:${clientHash}`}))`);
  },

  /** Step 6b: one holder's travel credit (`holder`: `c:<ccuenta>` or `r:<creserva>`), for the rest of the transaction. */
  async credit(tx: Database, holder: string): Promise<void> {
    enterLockStep(tx, 'credit', holder);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${holder}`}))`);
  },

  /**
   * Records that the transaction takes `step` now (the lock `key`, when named), for a module's
   * locker that locks its rows itself (seats/seat-locks.ts).
   */
  enter(tx: Database, step: LockStep, key?: string | number): void {
    enterLockStep(tx, step, key);
  },

  /**
   * Steps 2 to 6 and 7 to 8: the row of `table` that `where` picks, locked for the rest of the
   * transaction (`key` names it: asking again for a row one holds never waits); undefined when
   * there is none.
   */
  async row<T extends PgTable>(tx: Database, step: LockStep, table: T, where: SQL, key?: string | number): Promise<T['$inferSelect'] | undefined> {
    enterLockStep(tx, step, key);
    const [row] = await tx.select().from(table as PgTable).where(where).for('update');
    return row as T['$inferSelect'] | undefined;
  },

  /**
   * Step 5, first part: seats of trips whatever the stretch (advisory locks on trip + seat, in
   * ascending order): what holds and sales of overlapping stretches of one seat queue on, so the
   * exclusion constraint never sees two of them in flight at once.
   */
  async seatStretches(tx: Database, seats: { cviaje: number; nasiento: number }[]): Promise<void> {
    enterLockStep(tx, 'seats');
    const sorted = [...new Map(seats.map((s) => [`${s.cviaje}:${s.nasiento}`, s])).values()].sort((a, b) => a.cviaje - b.cviaje || a.nasiento - b.nasiento);
    for (const seat of sorted) await tx.execute(sql`select pg_advisory_xact_lock(${seat.cviaje}::int, ${seat.nasiento}::int)`);
  },

  /**
   * Step 5, first part, in one statement: the seats (trip + seat number) that `seats` (a query
   * answering `cviaje, nasiento`) names, advisory-locked in ascending order as `seatStretches`
   * takes them (the ordered subquery is evaluated before the locks are asked for, row by row).
   */
  async seatStretchesOf(tx: Database, seats: SQL): Promise<void> {
    enterLockStep(tx, 'seats');
    await tx.execute(sql`select pg_advisory_xact_lock(q.cviaje, q.nasiento) from (select distinct s.cviaje::int as cviaje, s.nasiento::int as nasiento from (${seats}) s order by 1, 2) q`);
  },

  /** Step 7: the one-time code row of `table` that `where` picks, locked; undefined when there is none. */
  oneTimeCode<T extends PgTable>(tx: Database, table: T, where: SQL): Promise<T['$inferSelect'] | undefined> {
    return locks.row(tx, 'oneTimeCode', table, where);
  },

  /** Step 8: the subscription row of `table` that `where` picks, locked; undefined when there is none. */
  subscription<T extends PgTable>(tx: Database, table: T, where: SQL): Promise<T['$inferSelect'] | undefined> {
    return locks.row(tx, 'subscription', table, where);
  },

  /**
   * Not a step: `fn` in a savepoint of `tx` (a nested transaction), going on from the step `tx`
   * reached. Released, what it locked is `tx`'s; rolled back (`fn` threw), PostgreSQL lets go of
   * the locks taken in it and `tx` is back at its own step.
   */
  async savepoint<T>(tx: Database, fn: (sp: Database) => Promise<T>): Promise<T> {
    const outer = reached.get(tx) ?? { last: -1, held: new Set<string>() };
    const inner = { last: outer.last, held: new Set(outer.held) };
    const result = await tx.transaction((sp) => {
      reached.set(sp, inner);
      return fn(sp);
    });
    reached.set(tx, inner);
    return result;
  },

  /** Step 9: one customer's waitlist places (`correo`, lower case), for the rest of the transaction. */
  async waitlistCustomer(tx: Database, correo: string): Promise<void> {
    enterLockStep(tx, 'waitlistCustomer', correo);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist-customer:${correo}`}))`);
  },

  /**
   * Not a step: the advisory lock `name` for the rest of the transaction if no one else holds it
   * (true), else false at once: it never waits, so it cannot deadlock, and whoever holds it does
   * the work (the waitlist job's queue of one stretch, on one instance at a time).
   */
  async tryAdvisory(tx: Database, name: string): Promise<boolean> {
    const rows = await queryRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${name})) as got`);
    return rows[0]?.got === true;
  },

  /** Not a step: the rows of `query` that no one else has claimed, locked; the others are skipped, never waited for. */
  skipLocked<Q extends { for(strength: 'update', config: { skipLocked: true }): unknown }>(query: Q): ReturnType<Q['for']> {
    return query.for('update', { skipLocked: true }) as ReturnType<Q['for']>;
  },
};
