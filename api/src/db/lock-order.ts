import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { pago, reserva, boleto } from '../sales/sales.tables';
import { viaje_asiento } from '../seats/seats.tables';
import type { Database } from './client';

/**
 * THE lock order of the store, in one place. A transaction that takes more than one of these
 * locks takes them top to bottom, never back up; rows of one kind in ascending key order. Two
 * transactions that follow it can wait for each other but never deadlock (a deadlock is a 500).
 *
 * 1. `purchaseKey`: the purchase key (advisory lock on its hash): holds, reserve, postponement
 * 1b. `holdClient`: what one client holds on one trip (advisory lock on trip + client): holds
 * 2. `payment`: a `pago` row (a payment notice)
 * 3. `reservation`: a `reserva` row
 * 4. `ticket`: a `boleto` row (the ticket a postponement replaces)
 * 5. `seats`: first the seats themselves (advisory locks on trip + seat number, ascending: every
 *    stretch of a seat queues here), then `viaje_asiento` rows, ascending `cviaje_asiento`, all of a
 *    step in one statement
 * 6. `account`: the customer's `cuenta` row (points: balance, holds, ledger; a profile's edit)
 * 7. `oneTimeCode`: a one-time code's row (a sign-in code, a purchase-recovery code): its tries
 *    are counted one at a time
 * 8. `subscription`: a promotions subscription's row (subscribing, confirming)
 *
 * Steps 7 and 8 are each taken alone in their transaction today; they are last so that nothing
 * above them is ever asked for while one is held. Not steps: rows claimed with SKIP LOCKED
 * (`skipLocked`, the mail outbox) never wait for a lock, so they cannot deadlock; the migrations'
 * session lock (db/client.ts) is taken on a bare connection before the store serves anything.
 *
 * So `reserve` takes key → seats → account, and `issuePaid` (notices, free postponements,
 * points-only purchases) payment → reservation → ticket → seats → account. Taking a lock above
 * one already taken in the same transaction throws `LockOrderError` before the lock is asked for.
 */
export const LOCK_ORDER = ['purchaseKey', 'holdClient', 'payment', 'reservation', 'ticket', 'seats', 'account', 'oneTimeCode', 'subscription'] as const;
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

  /** Step 1b: one client's holds on one trip (the per-client hold bound), for the rest of the transaction. */
  async holdClient(tx: Database, cviaje: number, clientHash: string): Promise<void> {
    enterLockStep(tx, 'holdClient');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-client:${cviaje}:${clientHash}`}))`);
  },

  /** Step 2: the payment of a provider's reference, locked; undefined when there is none. */
  async payment(tx: Database, proveedor: string, referencia: string) {
    enterLockStep(tx, 'payment');
    const [row] = await tx.select().from(pago).where(and(eq(pago.referencia, referencia), eq(pago.proveedor, proveedor))).for('update');
    return row;
  },

  /** Step 3: a reservation, locked. */
  async reservation(tx: Database, creserva: number) {
    enterLockStep(tx, 'reservation', creserva);
    const [row] = await tx.select().from(reserva).where(eq(reserva.creserva, creserva)).for('update');
    return row;
  },

  /** Step 4: a ticket by its number, locked. */
  async ticket(tx: Database, numero: string) {
    enterLockStep(tx, 'ticket', numero);
    const [row] = await tx.select().from(boleto).where(eq(boleto.numero, numero)).for('update');
    return row;
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

  /** Step 5: the seats of these rows (seatStretches), then the rows, in ascending id order, in one statement; answers them in that order. */
  async seats(tx: Database, ids: number[]) {
    enterLockStep(tx, 'seats');
    if (ids.length === 0) return [];
    const seats = await tx
      .selectDistinct({ cviaje: viaje_asiento.cviaje, nasiento: viaje_asiento.nasiento })
      .from(viaje_asiento)
      .where(inArray(viaje_asiento.cviaje_asiento, [...new Set(ids)]));
    await locks.seatStretches(tx, seats);
    return tx
      .select({ id: viaje_asiento.cviaje_asiento, gestado: viaje_asiento.gestado_asiento, clave_hash: viaje_asiento.clave_hash, expira: viaje_asiento.expira })
      .from(viaje_asiento)
      .where(inArray(viaje_asiento.cviaje_asiento, [...new Set(ids)]))
      .orderBy(asc(viaje_asiento.cviaje_asiento))
      .for('update');
  },

  /** Step 6: the customer's account row (every points movement and redemption of one customer queues here). */
  async account(tx: Database, ccuenta: number): Promise<void> {
    enterLockStep(tx, 'account', ccuenta);
    await tx.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.ccuenta, ccuenta)).for('update');
  },

  /** Step 7: the one-time code row of `table` that `where` picks, locked; undefined when there is none. */
  async oneTimeCode<T extends PgTable>(tx: Database, table: T, where: SQL): Promise<T['$inferSelect'] | undefined> {
    enterLockStep(tx, 'oneTimeCode');
    const [row] = await tx.select().from(table as PgTable).where(where).for('update');
    return row as T['$inferSelect'] | undefined;
  },

  /** Step 8: the subscription row of `table` that `where` picks, locked; undefined when there is none. */
  async subscription<T extends PgTable>(tx: Database, table: T, where: SQL): Promise<T['$inferSelect'] | undefined> {
    enterLockStep(tx, 'subscription');
    const [row] = await tx.select().from(table as PgTable).where(where).for('update');
    return row as T['$inferSelect'] | undefined;
  },

  /** Not a step: the rows of `query` that no one else has claimed, locked; the others are skipped, never waited for. */
  skipLocked<Q extends { for(strength: 'update', config: { skipLocked: true }): unknown }>(query: Q): ReturnType<Q['for']> {
    return query.for('update', { skipLocked: true }) as ReturnType<Q['for']>;
  },
};
