import { POINT_VALUE_CENTIMOS, type AccountPoints, type PointsConcept } from '@rumbo/shared/schemas';
import { desc, eq, sql } from 'drizzle-orm';
import { puntosMovimiento } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { InvalidInputError } from '../errors';
import { lockAccount } from '../accounts/account-lock';

// The points ledger of a customer: movements, balance, points held by pending purchases, what is available.

/** What `puntos` points are worth, in céntimos. */
export const pointsValue = (puntos: number) => puntos * POINT_VALUE_CENTIMOS;

/**
 * Points held by purchases of `ccuenta` now (other than `exceptKey`): holds not yet reserved whose
 * seats' time has not run out, and holds of pending reservations that have not expired.
 */
export async function heldPoints(db: Database, ccuenta: number, now: Date, exceptKey?: string): Promise<number> {
  const rows = await queryRows<{ total: string | number }>(db, sql`
    select coalesce(sum(c.puntos), 0) as total
    from canje_puntos c
    left join reserva r on r.creserva = c.creserva
    where c.ccuenta = ${ccuenta} and c.estado = 'retenido' and c.expira > ${now.toISOString()}::timestamptz
      and (c.creserva is null or r.estado = 'pendiente')
      ${exceptKey ? sql`and c.clave_hash <> ${exceptKey}` : sql``}`);
  return Number(rows[0]?.total ?? 0);
}

/** The ledger's balance (the last movement's running `saldo`). */
async function ledgerBalance(db: Database, ccuenta: number): Promise<number> {
  const [last] = await db.select({ saldo: puntosMovimiento.saldo }).from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(desc(puntosMovimiento.id)).limit(1);
  return last?.saldo ?? 0;
}

/**
 * Inside a transaction: locks the customer's account row (the lock `addPoints` takes too, so every
 * movement and redemption of one customer queues up) and answers the points available to the
 * purchase `exceptKey`: ledger balance − what the customer's other purchases hold.
 */
export async function lockPointsOf(tx: Database, ccuenta: number, now: Date, exceptKey?: string): Promise<number> {
  await lockAccount(tx, ccuenta);
  const [saldo, held] = [await ledgerBalance(tx, ccuenta), await heldPoints(tx, ccuenta, now, exceptKey)];
  return saldo - held;
}

/** `GET /rest/user/puntos`: balance, the points held by pending purchases, what is available, and history newest first. */
export async function getPoints(db: Database, ccuenta: number, now: Date): Promise<AccountPoints> {
  const rows = await db.select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(desc(puntosMovimiento.id));
  const saldo = rows[0]?.saldo ?? 0;
  const retenidos = await heldPoints(db, ccuenta, now);
  return {
    saldo,
    retenidos,
    disponibles: Math.max(saldo - retenidos, 0),
    movimientos: rows.map((row) => ({
      id: row.id,
      fecha: row.fecha.toISOString(),
      puntos: row.puntos,
      concepto: row.concepto as PointsConcept,
      detalle: row.detalle,
      saldo: row.saldo,
    })),
  };
}

/**
 * Adds a movement to the ledger (negative to redeem). The account row is locked so concurrent
 * movements of one customer queue up, and the balance can never go below zero.
 */
export async function addPoints(db: Database, movement: { ccuenta: number; puntos: number; concepto: PointsConcept; detalle?: string; fecha?: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, movement.ccuenta);
    const [last] = await tx
      .select({ saldo: puntosMovimiento.saldo })
      .from(puntosMovimiento)
      .where(eq(puntosMovimiento.ccuenta, movement.ccuenta))
      .orderBy(desc(puntosMovimiento.id))
      .limit(1);
    const saldo = (last?.saldo ?? 0) + movement.puntos;
    if (saldo < 0) throw new InvalidInputError('account.puntos.insufficient');
    await tx.insert(puntosMovimiento).values({ ...movement, detalle: movement.detalle ?? '', saldo, ...(movement.fecha ? { fecha: movement.fecha } : {}) });
    return saldo;
  });
}

/** The ledger's balance as the sum of its movements (the stored `saldo` must always equal it). */
export async function pointsSum(db: Database, ccuenta: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${puntosMovimiento.puntos}), 0)` })
    .from(puntosMovimiento)
    .where(eq(puntosMovimiento.ccuenta, ccuenta));
  return Number(row?.total ?? 0);
}
