import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Buyer, Language, ReservationView } from '@rumbo/shared/schemas';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { ConflictError, InvalidInputError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { lockPointsOf } from '../points/points.service';
import { hashKey } from '../seats/seats.service';
import { HELD, viaje_asiento } from '../seats/seats.tables';
import { activeHold, lockHeldSeats, price, withPoints } from './quote';
import { effectiveState, insertReservation, reservationExpiry } from './reservations';
import { viewOf } from './reservation-views';
import { reservationMail } from './sales-mail';
import { canje_puntos, reserva, reserva_asiento } from './sales.tables';

// Reserving a purchase's held seats (`/rest/venta/reserva`).

export interface ReserveInput {
  clave_bloqueo: string;
  comprador: Buyer;
  cupon?: string;
}

export interface ReserveContext {
  now: Date;
  language: Language;
  /** The signed-in customer, if a valid session came with the request. */
  ccuenta?: number;
  /** The site's origin for the way back in the payment-code mail, when known. */
  site?: string;
}

/**
 * `POST /rest/venta/reserva`, in one transaction: the purchase's held seats (locked), each with
 * its passenger and every minor with an adult of the same purchase, priced by the server, become
 * a reservation with a payment code; the holds are extended to the reservation's expiry. The
 * purchase key is locked first, so reserving twice with one key answers the same reservation.
 */
export async function reserve(db: Database, input: ReserveInput, context: ReserveContext): Promise<{ view: ReservationView; created: boolean }> {
  const { now } = context;
  const keyHash = hashKey(input.clave_bloqueo);
  const result = await db.transaction(async (tx) => {
    await locks.purchaseKey(tx, keyHash);
    const [existing] = await tx.select().from(reserva).where(eq(reserva.clave_hash, keyHash)).orderBy(desc(reserva.creserva)).limit(1);
    if (existing && effectiveState(existing, now).estado !== 'anulada') return { creserva: existing.creserva, created: false };

    const seats = await lockHeldSeats(tx, keyHash, now);
    if (seats.length === 0) throw new ConflictError('seat.notHeld');
    if (seats.some((s) => s.numero === null)) throw new InvalidInputError('sale.pasajeros.incompletos');
    const adults = new Set(seats.filter((s) => !s.menor).map((s) => s.cviaje_asiento));
    if (seats.some((s) => s.menor && (s.cviaje_asiento_responsable === null || !adults.has(s.cviaje_asiento_responsable)))) {
      throw new InvalidInputError('sale.menor.responsable');
    }
    const { seats: priced, trips, quote: priceQuote } = await price(tx, seats, input.cupon, now);
    const expira = reservationExpiry(now, trips);
    const buyer = input.comprador;
    // Points applied to this purchase: checked again under the customer's lock, then held as long as the reservation.
    let q = priceQuote;
    const points = await activeHold(tx, keyHash);
    if (points && points.puntos > 0) {
      if (points.ccuenta !== context.ccuenta) throw new ConflictError('points.otherCustomer');
      const available = await lockPointsOf(tx, points.ccuenta, now, keyHash);
      if (available < points.puntos) throw new ConflictError('points.insufficient');
      q = withPoints(priceQuote, points.puntos);
    }

    const created = await insertReservation(tx, {
      clave_hash: keyHash,
      estado: 'pendiente',
      expira,
      ...q,
      comprador_nombre: buyer.nombre,
      comprador_email: buyer.email,
      comprobante: buyer.comprobante,
      ruc: buyer.comprobante === 'factura' ? (buyer.ruc ?? null) : null,
      razon_social: buyer.comprobante === 'factura' ? (buyer.razon_social ?? null) : null,
      ccuenta: context.ccuenta ?? null,
      idioma: context.language,
      creado: now,
    });
    if (points && q.puntos_canje > 0) {
      await tx.update(canje_puntos).set({ puntos: q.puntos_canje, creserva: created.creserva, expira }).where(eq(canje_puntos.clave_hash, keyHash));
    }
    await tx.insert(reserva_asiento).values(
      priced.map((s) => ({
        creserva: created!.creserva,
        cviaje_asiento: s.cviaje_asiento,
        cviaje: s.cviaje,
        tramo: s.tramo,
        nasiento: s.nasiento,
        gnivel_piso: s.gnivel_piso,
        precio_centimos: s.precio_centimos,
        ctipo_documento: s.ctipo_documento!,
        numero: s.numero!,
        nombres: s.nombres!,
        paterno: s.paterno!,
        materno: s.materno!,
        email: s.email!,
        nacimiento: s.nacimiento!,
        menor: Boolean(s.menor),
        cviaje_asiento_responsable: s.cviaje_asiento_responsable,
        parentesco: s.parentesco,
        autorizacion_notarial: s.autorizacion_notarial,
        infante: s.infante,
      })),
    );
    // The rows are locked and still held by this key: the holds now last as long as the reservation.
    const extended = await tx
      .update(viaje_asiento)
      .set({ expira })
      .where(and(inArray(viaje_asiento.cviaje_asiento, priced.map((s) => s.cviaje_asiento)), eq(viaje_asiento.clave_hash, keyHash), eq(viaje_asiento.gestado_asiento, HELD)))
      .returning({ id: viaje_asiento.cviaje_asiento });
    if (extended.length !== priced.length) throw new ConflictError('seat.taken');
    // The payment code by e-mail, with the reservation: a guest who closes the tab still has it.
    await enqueueMail(
      tx,
      reservationMail(
        { codigo: created.codigo, nombre: buyer.nombre, email: buyer.email, totalCentimos: q.total_centimos, expira: expira.toISOString(), ...(context.site ? { site: context.site } : {}) },
        context.language,
      ),
    );
    return { creserva: created.creserva, created: true };
  });
  return { view: await viewOf(db, result.creserva, now), created: result.created };
}
