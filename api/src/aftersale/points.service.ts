import { POINT_VALUE_CENTIMOS } from '@rumbo/shared/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import { puntosMovimiento } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows } from '../db/rows';
import { canje_puntos } from '../sales/sales.tables';

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
  await locks.account(tx, ccuenta);
  const [saldo, held] = [await ledgerBalance(tx, ccuenta), await heldPoints(tx, ccuenta, now, exceptKey)];
  return saldo - held;
}

/** The points applied to a purchase not reserved yet, if any (the quote shows them; reserving checks them again). */
export async function activeHold(db: Database, keyHash: string) {
  const [row] = await db
    .select()
    .from(canje_puntos)
    .where(and(eq(canje_puntos.clave_hash, keyHash), eq(canje_puntos.estado, 'retenido'), sql`${canje_puntos.creserva} is null`));
  return row;
}
