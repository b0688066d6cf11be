import type { Credit, CreditApplied, ReservationView } from '@rumbo/shared/schemas';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors';
import { issuePaid, numberedAtCommit, type NoticeContext } from '../sales/issuance';
import { viewOf } from '../sales/reservation-views';
import { reservationOf, unpayable } from '../sales/reservations';
import { reserva_asiento } from '../sales/sales.tables';
import { salesLocks } from '../sales/sales.locks';
import { creditBalance, holdCredit, spendCredit, type CreditHolder } from './credit.service';
import { credito, credito_movimiento, credito_retencion } from './credit.tables';

type Origin = { codigo: string; clave_bloqueo: string } | undefined;

/** Whose credit a request spends: a guest's earlier purchase (proven by its code and key), else the signed-in customer's. */
async function holderOf(tx: Database, origen: Origin, ccuenta: number | undefined, now: Date): Promise<CreditHolder> {
  if (origen) {
    const origin = await reservationOf(tx, origen.codigo, origen.clave_bloqueo, now);
    return { creserva: origin.creserva_origen ?? origin.creserva };
  }
  if (ccuenta !== undefined) return { ccuenta };
  throw new UnauthorizedError();
}

/**
 * `POST /rest/credito/pagar` (step 3): pays a pending reservation in full with travel credit, in
 * one transaction: the reservation locked, its tickets and voucher issued (issuePaid), then the
 * credit spent under the holder's credit lock; when the credit does not cover the total, all of it rolls back.
 * Two purchases paid at once with one credit: the second waits for the first and finds it spent.
 */
export async function payWithCredit(
  db: Database,
  body: { codigo: string; clave_bloqueo: string; origen?: Origin },
  ccuenta: number | undefined,
  context: NoticeContext,
): Promise<ReservationView> {
  const { now } = context;
  // The sale's voucher is numbered as this commits (issuePaid): numberedAtCommit.
  const creserva = await numberedAtCommit(() => db.transaction(async (tx) => {
    const found = await reservationOf(tx, body.codigo, body.clave_bloqueo, now);
    const holder = await holderOf(tx, body.origen, ccuenta, now);
    const r = await salesLocks.reservation(tx, found.creserva);
    if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
    const refusal = unpayable(r, now);
    if (refusal) throw new ConflictError(refusal);
    // What this reservation holds itself counts as its own.
    if ((await creditBalance(tx, holder, now, r.creserva)) < r.total_centimos) throw new ConflictError('credit.insufficient');
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const issued = await issuePaid(tx, r, seats, context);
    if (issued.result !== 'pagada') throw new ConflictError(issued.code);
    // Under the holder's lock: what another purchase spent (or holds) meanwhile is seen here.
    const spent = await spendCredit(tx, holder, r.total_centimos, r.creserva, now);
    if (spent < r.total_centimos) throw new ConflictError('credit.insufficient');
    const values = { ccuenta: 'ccuenta' in holder ? holder.ccuenta : null, creserva_titular: 'creserva' in holder ? holder.creserva : null, monto_centimos: spent, estado: 'canjeado', creado: now };
    await tx.insert(credito_retencion).values({ creserva: r.creserva, ...values }).onConflictDoUpdate({ target: credito_retencion.creserva, set: values });
    return r.creserva;
  }));
  return viewOf(db, creserva, now);
}

/**
 * `POST /rest/credito/aplicar`: holds up to `monto_centimos` of the holder's credit on a pending
 * reservation as part of its payment (the reservation locked, then the credit: the lock order);
 * what a provider is then asked for is the rest. 0 takes the hold off.
 */
export async function applyCredit(
  db: Database,
  body: { codigo: string; clave_bloqueo: string; origen?: Origin; monto_centimos: number },
  ccuenta: number | undefined,
  now: Date,
): Promise<CreditApplied> {
  return db.transaction(async (tx) => {
    const found = await reservationOf(tx, body.codigo, body.clave_bloqueo, now);
    const holder = await holderOf(tx, body.origen, ccuenta, now);
    const r = await salesLocks.reservation(tx, found.creserva);
    if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
    const refusal = unpayable(r, now);
    if (refusal) throw new ConflictError(refusal);
    const held = await holdCredit(tx, holder, r.creserva, r.total_centimos, body.monto_centimos, now);
    return { credito_centimos: held, por_pagar_centimos: r.total_centimos - held, disponible_centimos: await creditBalance(tx, holder, now) };
  });
}

/** `GET /rest/user/credito` and `POST /rest/credito/compra`: the holder's credit available now (less what pending purchases hold) and its movements, newest first. */
export async function creditOf(db: Database, holder: CreditHolder, now: Date): Promise<Credit> {
  const rows = await db
    .select({ fecha: credito_movimiento.fecha, monto: credito_movimiento.monto_centimos, concepto: credito_movimiento.concepto, origen: credito.origen, vence: credito.vence })
    .from(credito_movimiento)
    .innerJoin(credito, eq(credito.ccredito, credito_movimiento.ccredito))
    .where('ccuenta' in holder ? eq(credito.ccuenta, holder.ccuenta) : eq(credito.creserva_titular, holder.creserva))
    .orderBy(desc(credito_movimiento.id));
  return {
    disponible_centimos: await creditBalance(db, holder, now),
    movimientos: rows.map((row) => ({ fecha: row.fecha.toISOString(), monto_centimos: row.monto, concepto: row.concepto as 'emision' | 'canje', origen: row.origen, vence: row.vence.toISOString() })),
  };
}

/** `POST /rest/credito/compra`: a guest purchase's credit (credit of a guest lives on the sale it came from). */
export async function purchaseCreditOf(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<Credit> {
  const r = await reservationOf(db, body.codigo, body.clave_bloqueo, now);
  return creditOf(db, { creserva: r.creserva_origen ?? r.creserva }, now);
}
