import type { Credit, ReservationView } from '@rumbo/shared/schemas';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors';
import { issuePaid, type NoticeContext } from '../sales/issuance';
import { viewOf } from '../sales/reservation-views';
import { reservationOf, unpayable } from '../sales/reservations';
import { reserva_asiento } from '../sales/sales.tables';
import { salesLocks } from '../sales/sales.locks';
import { creditBalance, spendCredit, type CreditHolder } from './credit.service';
import { credito, credito_movimiento } from './credit.tables';

/**
 * `POST /rest/credito/pagar` (step 3): pays a pending reservation in full with travel credit, in
 * one transaction: the reservation locked, its tickets and voucher issued (issuePaid), then the
 * credit spent under the holder's credit lock; when the credit does not cover the total, all of it rolls back.
 * Two purchases paid at once with one credit: the second waits for the first and finds it spent.
 */
export async function payWithCredit(
  db: Database,
  body: { codigo: string; clave_bloqueo: string; origen?: { codigo: string; clave_bloqueo: string } | undefined },
  ccuenta: number | undefined,
  context: NoticeContext,
): Promise<ReservationView> {
  const { now } = context;
  const creserva = await db.transaction(async (tx) => {
    const found = await reservationOf(tx, body.codigo, body.clave_bloqueo, now);
    let holder: CreditHolder;
    if (body.origen) {
      const origin = await reservationOf(tx, body.origen.codigo, body.origen.clave_bloqueo, now);
      holder = { creserva: origin.creserva_origen ?? origin.creserva };
    } else if (ccuenta !== undefined) holder = { ccuenta };
    else throw new UnauthorizedError();
    const r = await salesLocks.reservation(tx, found.creserva);
    if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
    const refusal = unpayable(r, now);
    if (refusal) throw new ConflictError(refusal);
    if ((await creditBalance(tx, holder, now)) < r.total_centimos) throw new ConflictError('credit.insufficient');
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const issued = await issuePaid(tx, r, seats, context);
    if (issued.result !== 'pagada') throw new ConflictError(issued.code);
    // Under the holder's lock: what another purchase spent meanwhile is seen here.
    const spent = await spendCredit(tx, holder, r.total_centimos, r.creserva, now);
    if (spent < r.total_centimos) throw new ConflictError('credit.insufficient');
    return r.creserva;
  });
  return viewOf(db, creserva, now);
}

/** `GET /rest/user/credito`: the customer's credit available now and its movements, newest first. */
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
