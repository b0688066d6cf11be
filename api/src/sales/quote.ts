import { limaToday, toCentimos, type Quote } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { pointsValue } from '../points/points.service';
import { couponSeats } from '../promotions/coupon-scope';
import { promocion } from '../promotions/promotions.tables';
import { hashKey, seatPrice } from '../seats/seats.service';
import { HELD } from '../seats/seats.tables';
import { findTripForSale, isOnSale, type TripForSale } from '../trips/trips.queries';
import type { StoredLapChild } from '../people/people.tables';
import { canje_puntos } from './sales.tables';
import { lockSeats } from '../seats/seat-locks';

// The seats a purchase holds and their price: coupon, points applied (`/rest/venta/cotizar`).

export interface HeldSeat {
  cviaje_asiento: number;
  cviaje: number;
  /** The stretch of the route held (`[boarding, alighting)` stop positions). */
  paradas: string;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  iasiento_individual: boolean;
  promocionable: boolean;
  /** The passenger tied with `/rest/asiento/asociar`, if any. */
  ctipo_documento: number | null;
  numero: string | null;
  nombres: string | null;
  paterno: string | null;
  materno: string | null;
  email: string | null;
  nacimiento: string | null;
  menor: boolean | null;
  cviaje_asiento_responsable: number | null;
  parentesco: string | null;
  autorizacion_notarial: boolean | null;
  infante: StoredLapChild | null;
}

/** The seats this purchase holds now (84, its key, not expired), with their passengers (lock them with `lockSeats`). */
export async function heldSeats(db: Database, keyHash: string, now: Date): Promise<HeldSeat[]> {
  const rows = await queryRows<HeldSeat>(db, sql`
    select va.cviaje_asiento, va.cviaje, va.paradas::text as paradas, va.nasiento, va.gnivel_piso, va.gcategoria_asiento,
           s.iasiento_individual, s.promocionable,
           ap.ctipo_documento, ap.numero, ap.nombres, ap.paterno, ap.materno, ap.email,
           to_char(ap.nacimiento, 'YYYY-MM-DD') as nacimiento, ap.menor, ap.cviaje_asiento_responsable, ap.parentesco,
           ap.autorizacion_notarial, ap.infante
    from viaje_asiento va
    join viaje v on v.cviaje = va.cviaje
    join maqueta_sitio s on s.cmaqueta = v.cmaqueta and s.nasiento = va.nasiento
    left join asiento_pasajero ap on ap.cviaje_asiento = va.cviaje_asiento and ap.clave_hash = va.clave_hash
    where va.clave_hash = ${keyHash} and va.gestado_asiento = ${HELD} and va.expira > ${now.toISOString()}::timestamptz
    order by va.cviaje, va.nasiento`);
  return rows.map((row) => ({
    ...row,
    cviaje_asiento: Number(row.cviaje_asiento),
    cviaje: Number(row.cviaje),
    ctipo_documento: row.ctipo_documento === null ? null : Number(row.ctipo_documento),
    cviaje_asiento_responsable: row.cviaje_asiento_responsable === null ? null : Number(row.cviaje_asiento_responsable),
  }));
}

/**
 * Inside a transaction: the purchase's held seats (and `alsoLock`, in the same step) locked in the
 * lock order (ascending ids), then read again under the lock: under the key's lock no hold of this
 * key changes, and a lapsed one taken meanwhile by another key drops out.
 */
export async function lockHeldSeats(tx: Database, keyHash: string, now: Date, alsoLock: number[] = []): Promise<HeldSeat[]> {
  await lockSeats(tx, [...(await heldSeats(tx, keyHash, now)).map((s) => s.cviaje_asiento), ...alsoLock]);
  return heldSeats(tx, keyHash, now);
}

interface PricedSeat extends HeldSeat {
  tramo: 'ida' | 'vuelta';
  precio_centimos: number;
}

interface Priced {
  seats: PricedSeat[];
  trips: TripForSale[];
  quote: Quote;
}

/**
 * Server prices of the held seats (céntimos) and the coupon's discount. A coupon must exist, be
 * current (Lima day within its dates) and discounts only the seats its conditions cover (`couponSeats`).
 */
export async function price(db: Database, seats: HeldSeat[], cupon: string | undefined, now: Date): Promise<Priced> {
  if (seats.length === 0) throw new ConflictError('seat.notHeld');
  const ids = [...new Set(seats.map((s) => s.cviaje))];
  // A purchase is one way or a round trip.
  if (ids.length > 2) throw new InvalidInputError('request.invalid', 'clave_bloqueo');
  const trips: TripForSale[] = [];
  for (const id of ids) {
    // A purchase holds one stretch per trip (changeSeat): the seats are priced over it.
    const trip = await findTripForSale(db, id, undefined, { paradas: seats.find((s) => s.cviaje === id)!.paradas });
    if (!trip) throw new NotFoundError();
    if (!isOnSale(trip, now)) throw new ConflictError('trip.closed');
    trips.push(trip);
  }
  trips.sort((a, b) => a.salida.getTime() - b.salida.getTime());
  const tramoOf = new Map(trips.map((trip, i) => [trip.cviaje, i === 0 ? ('ida' as const) : ('vuelta' as const)]));
  const byId = new Map(trips.map((trip) => [trip.cviaje, trip]));
  const priced = seats.map((seat) => ({
    ...seat,
    tramo: tramoOf.get(seat.cviaje)!,
    precio_centimos: toCentimos(seatPrice(byId.get(seat.cviaje)!, seat).precio),
  }));
  const subtotal = priced.reduce((sum, s) => sum + s.precio_centimos, 0);

  let descuento = 0;
  let pct: number | null = null;
  let code: string | null = null;
  if (cupon) {
    const [promo] = await db.select().from(promocion).where(eq(promocion.cupon, cupon));
    if (!promo) throw new InvalidInputError('sale.cupon.invalid', 'cupon');
    const today = limaToday(now);
    if (today < promo.desde || today > promo.hasta) throw new InvalidInputError('sale.cupon.vencido', 'cupon');
    const applies = await couponSeats(db, promo, priced, trips);
    descuento = Math.round((applies.reduce((sum, s) => sum + s.precio_centimos, 0) * promo.descuento) / 100);
    pct = promo.descuento;
    code = promo.cupon;
  }
  return {
    seats: priced,
    trips,
    quote: { subtotal_centimos: subtotal, descuento_centimos: descuento, total_centimos: subtotal - descuento, cupon: code, descuento_pct: pct, puntos_canje: 0, canje_centimos: 0 },
  };
}

/** The quote with `puntos` redeemed: points cover at most what is left to pay (fewer are used then). */
export function withPoints(q: Quote, puntos: number): Quote {
  const usable = Math.min(puntos, Math.floor(q.total_centimos / pointsValue(1)));
  const canje = pointsValue(usable);
  return { ...q, puntos_canje: usable, canje_centimos: canje, total_centimos: q.total_centimos - canje };
}

/** The price of a purchase's held seats (`heldSeats`), for the points service. */
export async function priceHeld(db: Database, keyHash: string, cupon: string | undefined, now: Date): Promise<Quote> {
  return (await price(db, await heldSeats(db, keyHash, now), cupon, now)).quote;
}

/** The points applied to a purchase not reserved yet, if any (the quote shows them; reserving checks them again). */
export async function activeHold(db: Database, keyHash: string) {
  const [row] = await db
    .select()
    .from(canje_puntos)
    .where(and(eq(canje_puntos.clave_hash, keyHash), eq(canje_puntos.estado, 'retenido'), sql`${canje_puntos.creserva} is null`));
  return row;
}

/** `POST /rest/venta/cotizar`: with the points applied to the purchase (`/rest/canje/asociar`), if any. */
export async function quote(db: Database, body: { clave_bloqueo: string; cupon?: string }, now: Date): Promise<Quote> {
  const keyHash = hashKey(body.clave_bloqueo);
  const q = await priceHeld(db, keyHash, body.cupon, now);
  const hold = await activeHold(db, keyHash);
  return hold ? withPoints(q, hold.puntos) : q;
}
