import { addMonths } from 'date-fns';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { queryRows } from '../db/rows';
import { credito, credito_movimiento, credito_retencion } from './credit.tables';

// Travel credit (issue 35): lots issued to a customer or, for a guest, to the purchase they came from.

/** Whose credit: a signed-in customer's, or a guest purchase's (spent with that purchase's code and key). */
export type CreditHolder = { ccuenta: number } | { creserva: number };

const holderKey = (holder: CreditHolder) => ('ccuenta' in holder ? `c:${holder.ccuenta}` : `r:${holder.creserva}`);
const holderWhere = (holder: CreditHolder) => ('ccuenta' in holder ? eq(credito.ccuenta, holder.ccuenta) : eq(credito.creserva_titular, holder.creserva));

/** The holder a hold row names. */
export const holderOfHold = (row: typeof credito_retencion.$inferSelect): CreditHolder =>
  row.ccuenta !== null ? { ccuenta: row.ccuenta } : { creserva: row.creserva_titular! };

/** Issues `monto` céntimos of credit to `holder`, spendable for `months`, in the caller's transaction; its expiry. */
export async function issueCredit(tx: Database, holder: CreditHolder, monto: number, origen: string, months: number, now: Date): Promise<Date> {
  await locks.credit(tx, holderKey(holder));
  const vence = addMonths(now, months);
  const [lot] = await tx
    .insert(credito)
    .values({
      ccuenta: 'ccuenta' in holder ? holder.ccuenta : null,
      creserva_titular: 'creserva' in holder ? holder.creserva : null,
      monto_centimos: monto,
      saldo_centimos: monto,
      origen,
      vence,
      creado: now,
    })
    .returning({ ccredito: credito.ccredito });
  await tx.insert(credito_movimiento).values({ ccredito: lot!.ccredito, monto_centimos: monto, concepto: 'emision', fecha: now });
  return vence;
}

/**
 * What `holder`'s pending reservations hold of its credit at `now` (other than `except`): a hold
 * counts while its reservation can still be paid (pending, not expired).
 */
export async function heldCredit(db: Database, holder: CreditHolder, now: Date, except?: number): Promise<number> {
  const who = 'ccuenta' in holder ? sql`h.ccuenta = ${holder.ccuenta}` : sql`h.creserva_titular = ${holder.creserva}`;
  const [row] = await queryRows<{ total: string | number }>(db, sql`
    select coalesce(sum(h.monto_centimos), 0) as total from credito_retencion h join reserva r on r.creserva = h.creserva
    where ${who} and h.estado = 'retenido' and r.estado = 'pendiente' and r.expira > ${now.toISOString()}::timestamptz
      ${except === undefined ? sql`` : sql`and h.creserva <> ${except}`}`);
  return Number(row?.total ?? 0);
}

/** The unexpired lots' balances of `holder` (lots still valid at `since`). */
async function lotsBalance(db: Database, holder: CreditHolder, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${credito.saldo_centimos}), 0)` })
    .from(credito)
    .where(and(holderWhere(holder), gt(credito.vence, since)));
  return Number(row?.total ?? 0);
}

/** What `holder` can spend at `now`: unexpired lots less what pending reservations hold (other than `except`'s own hold). */
export async function creditBalance(db: Database, holder: CreditHolder, now: Date, except?: number): Promise<number> {
  const [lots, held] = await Promise.all([lotsBalance(db, holder, now), heldCredit(db, holder, now, except)]);
  return Math.max(lots - held, 0);
}

/**
 * Spends up to `monto` céntimos of `holder`'s credit on purchase `creserva`, in the caller's
 * transaction, from the lots that expire first; answers what was spent. Under the holder's credit
 * lock, so two purchases spending at once take it one after the other and never twice; what other
 * pending reservations hold is left to them. `since`: a hold's time, whose lots count as they were
 * then (a hold placed before a lot expired is honoured).
 */
export async function spendCredit(tx: Database, holder: CreditHolder, monto: number, creserva: number, now: Date, since: Date = now): Promise<number> {
  await locks.credit(tx, holderKey(holder));
  const others = await heldCredit(tx, holder, now, creserva);
  const lots = await tx
    .select()
    .from(credito)
    .where(and(holderWhere(holder), gt(credito.vence, since), gt(credito.saldo_centimos, 0)))
    .orderBy(asc(credito.vence), asc(credito.ccredito));
  const total = lots.reduce((sum, lot) => sum + lot.saldo_centimos, 0);
  let left = Math.min(monto, Math.max(total - others, 0));
  const want = left;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.saldo_centimos);
    await tx.update(credito).set({ saldo_centimos: lot.saldo_centimos - take }).where(eq(credito.ccredito, lot.ccredito));
    await tx.insert(credito_movimiento).values({ ccredito: lot.ccredito, monto_centimos: -take, concepto: 'canje', creserva, fecha: now });
    left -= take;
  }
  return want - left;
}

/**
 * Puts up to `monto` céntimos of `holder`'s credit on pending reservation `creserva` (total
 * `total`) as part of its payment, in the caller's transaction (the reservation locked by it):
 * never more than the total nor than what is free (under the credit lock, so two reservations
 * cannot hold the same credit); 0 takes the hold off. Answers what is held.
 */
export async function holdCredit(tx: Database, holder: CreditHolder, creserva: number, total: number, monto: number, now: Date): Promise<number> {
  await locks.credit(tx, holderKey(holder));
  const amount = Math.min(monto, total, await creditBalance(tx, holder, now, creserva));
  if (amount <= 0) {
    await releaseHold(tx, creserva);
    return 0;
  }
  const values = {
    ccuenta: 'ccuenta' in holder ? holder.ccuenta : null,
    creserva_titular: 'creserva' in holder ? holder.creserva : null,
    monto_centimos: amount,
    estado: 'retenido',
    creado: now,
  };
  await tx.insert(credito_retencion).values({ creserva, ...values }).onConflictDoUpdate({ target: credito_retencion.creserva, set: values, where: eq(credito_retencion.estado, 'retenido') });
  return amount;
}

/**
 * Takes off what reservation `creserva` holds, if it still holds it (what it spent stays spent):
 * no credit lock needed, as it only frees credit. Issue 45: a declined reservation, or a paid one
 * that is not issued, lets its hold go at once instead of leaving it 'retenido'.
 */
export async function releaseHold(tx: Database, creserva: number): Promise<void> {
  await tx.delete(credito_retencion).where(and(eq(credito_retencion.creserva, creserva), eq(credito_retencion.estado, 'retenido')));
}

/** The credit a reservation holds (or spent), if any. */
export async function holdOf(db: Database, creserva: number): Promise<typeof credito_retencion.$inferSelect | undefined> {
  const [row] = await db.select().from(credito_retencion).where(eq(credito_retencion.creserva, creserva));
  return row;
}

/** What a reservation holds of credit now, to take off what the provider is asked for (0 once spent or lapsed). */
export async function liveHold(db: Database, creserva: number): Promise<number> {
  const row = await holdOf(db, creserva);
  return row && row.estado === 'retenido' ? row.monto_centimos : 0;
}

/**
 * Spends `monto` of the credit reservation `creserva` held, in its paying transaction (after its
 * voucher: the lock order); the hold becomes 'canjeado' for that much. Answers what was spent
 * (less only when the hold had lapsed and the credit was spent elsewhere meanwhile).
 */
export async function spendHold(tx: Database, creserva: number, monto: number, now: Date): Promise<number> {
  const row = await holdOf(tx, creserva);
  if (!row || row.estado !== 'retenido' || monto <= 0) return 0;
  const spent = await spendCredit(tx, holderOfHold(row), Math.min(monto, row.monto_centimos), creserva, now, row.creado);
  if (spent > 0) await tx.update(credito_retencion).set({ estado: 'canjeado', monto_centimos: spent }).where(eq(credito_retencion.creserva, creserva));
  else await tx.delete(credito_retencion).where(eq(credito_retencion.creserva, creserva));
  return spent;
}

/** What a reservation was paid with credit (its 'canje' rows). */
export async function creditSpentOn(db: Database, creserva: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${credito_movimiento.monto_centimos}), 0)` })
    .from(credito_movimiento)
    .where(and(eq(credito_movimiento.creserva, creserva), eq(credito_movimiento.concepto, 'canje')));
  return -Number(row?.total ?? 0);
}
