import { POINTS_MIN_REDEMPTION, type PointsQuote, type ReservationView } from '@rumbo/shared/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { lockPointsOf, pointsValue } from '../points/points.service';
import { hashKey } from '../seats/seats.service';
import { HELD, viaje_asiento } from '../seats/seats.tables';
import { issuePaid, numberedAtCommit, type NoticeContext } from './issuance';
import { priceHeld, withPoints } from './quote';
import { viewOf } from './reservation-views';
import { effectiveState, reservationOf, unpayable } from './reservations';
import { canje_puntos, reserva, reserva_asiento } from './sales.tables';
import { salesLocks } from './sales.locks';

// Points redeemed on a purchase (`/rest/canje/asociar`, `/rest/canje/confirmar`).

/**
 * `POST /rest/canje/asociar`: holds `puntos` of the signed-in customer for the purchase's held
 * seats, before reserving (0 removes the hold). At most the purchase's price, at least
 * POINTS_MIN_REDEMPTION, never more than available: checked under the customer's lock, so two
 * redemptions at once cannot both pass.
 */
export async function applyPoints(db: Database, ccuenta: number, body: { clave_bloqueo: string; puntos: number }, now: Date): Promise<PointsQuote> {
  const keyHash = hashKey(body.clave_bloqueo);
  return db.transaction(async (tx) => {
    const q = await priceHeld(tx, keyHash, undefined, now);
    // Points go on before reserving; a lapsed reservation of this key lets the customer reserve (and redeem) again.
    const reservations = await tx.select().from(reserva).where(eq(reserva.clave_hash, keyHash));
    if (reservations.some((r) => effectiveState(r, now).estado !== 'anulada')) throw new ConflictError('points.afterReservation');
    if (body.puntos > 0 && body.puntos < POINTS_MIN_REDEMPTION) throw new InvalidInputError('points.minimum', 'puntos');
    if (pointsValue(body.puntos) > q.total_centimos) throw new InvalidInputError('points.max', 'puntos');
    const available = await lockPointsOf(tx, ccuenta, now, keyHash);
    if (body.puntos === 0) {
      await tx.delete(canje_puntos).where(and(eq(canje_puntos.clave_hash, keyHash), sql`${canje_puntos.creserva} is null`));
      return { ...q, puntos_disponibles: Math.max(available, 0) };
    }
    if (body.puntos > available) throw new ConflictError('points.insufficient');
    const holds = await tx
      .select({ expira: viaje_asiento.expira })
      .from(viaje_asiento)
      .where(and(eq(viaje_asiento.clave_hash, keyHash), eq(viaje_asiento.gestado_asiento, HELD)));
    const expira = new Date(Math.min(...holds.map((h) => h.expira?.getTime() ?? now.getTime())));
    await tx
      .insert(canje_puntos)
      .values({ clave_hash: keyHash, ccuenta, puntos: body.puntos, expira, estado: 'retenido', creado: now })
      .onConflictDoUpdate({ target: canje_puntos.clave_hash, set: { ccuenta, puntos: body.puntos, expira, estado: 'retenido', creserva: null, creado: now } });
    return { ...withPoints(q, body.puntos), puntos_disponibles: available - body.puntos };
  });
}

/**
 * `POST /rest/canje/confirmar`: a pending reservation with nothing left to pay after points is
 * paid in one transaction, no provider: tickets issued, the 'canje' ledger row written, mail queued.
 */
export async function confirmPoints(db: Database, body: { codigo: string; clave_bloqueo: string }, context: NoticeContext): Promise<ReservationView> {
  const { now } = context;
  // The sale's voucher is numbered as this commits (issuePaid): numberedAtCommit.
  const creserva = await numberedAtCommit(() => db.transaction(async (tx) => {
    const found = await reservationOf(tx, body.codigo, body.clave_bloqueo, now);
    const r = await salesLocks.reservation(tx, found.creserva);
    if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
    const refusal = unpayable(r, now);
    if (refusal) throw new ConflictError(refusal);
    if (r.total_centimos !== 0) throw new ConflictError('points.notZero');
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const issued = await issuePaid(tx, r, seats, context);
    if (issued.result !== 'pagada') throw new ConflictError(issued.code);
    return r.creserva;
  }));
  return viewOf(db, creserva, now);
}
