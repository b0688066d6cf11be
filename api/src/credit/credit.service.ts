import { addMonths } from 'date-fns';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { credito, credito_movimiento } from './credit.tables';

// Travel credit (issue 35): lots issued to a customer or, for a guest, to the purchase they came from.

/** Whose credit: a signed-in customer's, or a guest purchase's (spent with that purchase's code and key). */
export type CreditHolder = { ccuenta: number } | { creserva: number };

const holderKey = (holder: CreditHolder) => ('ccuenta' in holder ? `c:${holder.ccuenta}` : `r:${holder.creserva}`);
const holderWhere = (holder: CreditHolder) => ('ccuenta' in holder ? eq(credito.ccuenta, holder.ccuenta) : eq(credito.creserva_titular, holder.creserva));

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

/** What `holder` can spend at `now` (unexpired lots' balances). */
export async function creditBalance(db: Database, holder: CreditHolder, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${credito.saldo_centimos}), 0)` })
    .from(credito)
    .where(and(holderWhere(holder), gt(credito.vence, now)));
  return Number(row?.total ?? 0);
}

/**
 * Spends up to `monto` céntimos of `holder`'s credit on purchase `creserva`, in the caller's
 * transaction, from the lots that expire first; answers what was spent. Under the holder's credit
 * lock, so two purchases spending at once take it one after the other and never twice.
 */
export async function spendCredit(tx: Database, holder: CreditHolder, monto: number, creserva: number, now: Date): Promise<number> {
  await locks.credit(tx, holderKey(holder));
  const lots = await tx
    .select()
    .from(credito)
    .where(and(holderWhere(holder), gt(credito.vence, now), gt(credito.saldo_centimos, 0)))
    .orderBy(asc(credito.vence), asc(credito.ccredito));
  let left = monto;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.saldo_centimos);
    await tx.update(credito).set({ saldo_centimos: lot.saldo_centimos - take }).where(eq(credito.ccredito, lot.ccredito));
    await tx.insert(credito_movimiento).values({ ccredito: lot.ccredito, monto_centimos: -take, concepto: 'canje', creserva, fecha: now });
    left -= take;
  }
  return monto - left;
}
