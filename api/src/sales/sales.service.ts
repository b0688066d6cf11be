import { randomBytes, randomInt } from 'node:crypto';
import {
  POINTS_PER_SOL,
  RESERVATION_MINUTES,
  type AccountTrips,
  type Buyer,
  type Language,
  type PaymentMethod,
  type PaymentProviderName,
  type Quote,
  type ReservationLeg,
  type ReservationPassenger,
  type ReservationReason,
  type ReservationState,
  type ReservationView,
  type Ticket,
  type TicketState,
  type ValidationKey,
  limaToday,
} from '@rumbo/shared/schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addPoints } from '../accounts/accounts.service';
import { activeHold, lockPointsOf, pointsValue } from '../aftersale/points.service';
import { enterLockStep, locks } from '../db/lock-order';
import { cuenta } from '../accounts/accounts.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError, InvalidInputError, NotFoundError, UpstreamError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import type { PaymentNotice, PaymentProvider } from '../payments/provider';
import { PaymentProviderError } from '../payments/provider';
import { persona } from '../people/people.tables';
import { couponSeats } from '../promotions/coupon-scope';
import { promocion } from '../promotions/promotions.tables';
import { hashKey, seatPrice } from '../seats/seats.service';
import { viaje_asiento } from '../seats/seats.tables';
import { findTripForSale, isOnSale, SALES_CLOSE_MINUTES, stretchOnRoute, type TripForSale } from '../trips/trips.queries';
import { refundMail, reservationMail, ticketsMail, type MailLeg } from './sales-mail';
import { acceso_recuperacion, boleto, boleto_movimiento, canje_puntos, declaracion_jurada, invitado, pago, pago_aviso, reserva, reserva_asiento } from './sales.tables';
import { ticketQr } from './tickets';

const SOLD = 82;
const AVAILABLE = 83;
const HELD = 84;
/** Payment codes: 8 characters of an alphabet without 0/O/1/I (RESERVATION_CODE_PATTERN). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A reservation is payable for RESERVATION_MINUTES, and never after its first leg's sales close. */
export function reservationExpiry(now: Date, trips: readonly { salida: Date }[]): Date {
  const closes = Math.min(...trips.map((trip) => trip.salida.getTime())) - SALES_CLOSE_MINUTES * 60_000;
  return new Date(Math.min(now.getTime() + RESERVATION_MINUTES * 60_000, closes));
}

/** Inserts a reservation under a new payment code, drawing again in the rare case the code is taken. */
export async function insertReservation(tx: Database, values: Omit<typeof reserva.$inferInsert, 'codigo'>): Promise<typeof reserva.$inferSelect> {
  for (;;) {
    const [created] = await tx
      .insert(reserva)
      .values({ ...values, codigo: newCode() })
      .onConflictDoNothing({ target: reserva.codigo })
      .returning();
    if (created) return created;
  }
}
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** `****5678`: a document number as shown back to anyone holding a code. */
export const maskDocument = (numero: string) => `${'*'.repeat(Math.max(numero.length - 4, 4))}${numero.slice(-4)}`;

type Reservation = typeof reserva.$inferSelect;

/** The state a reservation reads as now: a pending one past its expiry has lapsed. */
export function effectiveState(r: Pick<Reservation, 'estado' | 'motivo' | 'expira'>, now: Date): { estado: ReservationState; motivo: ReservationReason | null } {
  if (r.estado === 'pendiente' && r.expira.getTime() <= now.getTime()) return { estado: 'anulada', motivo: 'vencido' };
  return { estado: r.estado as ReservationState, motivo: (r.motivo as ReservationReason | null) ?? null };
}

// ------------------------------------------------------------------ held seats and quote

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
}

/** The seats this purchase holds now (84, its key, not expired), with their passengers; `lock` takes their rows. */
export async function heldSeats(db: Database, keyHash: string, now: Date, lock = false): Promise<HeldSeat[]> {
  if (lock) enterLockStep(db, 'seats');
  const rows = await queryRows<HeldSeat>(db, sql`
    select va.cviaje_asiento, va.cviaje, va.paradas::text as paradas, va.nasiento, va.gnivel_piso, va.gcategoria_asiento,
           s.iasiento_individual, s.promocionable,
           ap.ctipo_documento, ap.numero, ap.nombres, ap.paterno, ap.materno, ap.email,
           to_char(ap.nacimiento, 'YYYY-MM-DD') as nacimiento, ap.menor, ap.cviaje_asiento_responsable, ap.parentesco
    from viaje_asiento va
    join viaje v on v.cviaje = va.cviaje
    join maqueta_sitio s on s.cmaqueta = v.cmaqueta and s.nasiento = va.nasiento
    left join asiento_pasajero ap on ap.cviaje_asiento = va.cviaje_asiento and ap.clave_hash = va.clave_hash
    where va.clave_hash = ${keyHash} and va.gestado_asiento = ${HELD} and va.expira > ${now.toISOString()}::timestamptz
    ${lock ? sql`order by va.cviaje_asiento for update of va` : sql`order by va.cviaje, va.nasiento`}`);
  // Locked rows are taken in the lock order (ascending ids, src/db/lock-order.ts), answered by trip and seat.
  if (lock) rows.sort((a, b) => Number(a.cviaje) - Number(b.cviaje) || a.nasiento - b.nasiento);
  return rows.map((row) => ({
    ...row,
    cviaje_asiento: Number(row.cviaje_asiento),
    cviaje: Number(row.cviaje),
    ctipo_documento: row.ctipo_documento === null ? null : Number(row.ctipo_documento),
    cviaje_asiento_responsable: row.cviaje_asiento_responsable === null ? null : Number(row.cviaje_asiento_responsable),
  }));
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
    precio_centimos: Math.round(seatPrice(byId.get(seat.cviaje)!, seat).precio * 100),
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

/** `POST /rest/venta/cotizar`: with the points applied to the purchase (`/rest/canje/asociar`), if any. */
export async function quote(db: Database, body: { clave_bloqueo: string; cupon?: string }, now: Date): Promise<Quote> {
  const keyHash = hashKey(body.clave_bloqueo);
  const q = await priceHeld(db, keyHash, body.cupon, now);
  const hold = await activeHold(db, keyHash);
  return hold ? withPoints(q, hold.puntos) : q;
}

// ------------------------------------------------------------------ guests and passengers

/** `POST /rest/invitado`: records the guest; tells whether the e-mail has an account (to suggest signing in). */
export async function registerGuest(db: Database, body: { nombre: string; email: string }, now: Date, tellAccount = true) {
  const [row] = await db.insert(invitado).values({ ...body, creado: now }).returning({ cinvitado: invitado.cinvitado });
  const [account] = await db.select({ ccuenta: cuenta.ccuenta }).from(cuenta).where(eq(cuenta.correo, body.email)).limit(1);
  return { cinvitado: row!.cinvitado, tiene_cuenta: tellAccount && Boolean(account) };
}

/** `POST /rest/persona/obtener`: the identity part of the record only to whoever knows both the document and the birth date. */
export async function findPerson(db: Database, body: { documento: { ctipo_documento: number; numero: string }; nacimiento: string }) {
  const [row] = await db
    .select()
    .from(persona)
    .where(
      and(
        eq(persona.ctipo_documento, body.documento.ctipo_documento),
        eq(persona.numero, body.documento.numero),
        eq(persona.nacimiento, body.nacimiento),
      ),
    );
  if (!row) throw new NotFoundError('sale.persona.noEncontrada');
  // Issue 15: the identity fills the form; the contact data stay with whoever stored them.
  const { cpersona, ctipo_documento, numero, nombres, paterno, materno, genero, nacimiento } = row;
  return { cpersona, ctipo_documento, numero, nombres, paterno, materno, genero, nacimiento };
}

// ------------------------------------------------------------------ reservation

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

    // Seats in the lock order (ascending ids), then read again under the lock: under the key's
    // lock no hold of this key changes, and a lapsed one taken meanwhile by another key drops out.
    await locks.seats(tx, (await heldSeats(tx, keyHash, now)).map((s) => s.cviaje_asiento));
    const seats = await heldSeats(tx, keyHash, now);
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

/**
 * The reservation of a code whose key matches: its purchase key, or an access key
 * `/rest/venta/recovery` gave for it that has not expired. 404 otherwise (no hint which was wrong).
 */
export async function reservationOf(db: Database, codigo: string, claveBloqueo: string, now: Date): Promise<Reservation> {
  const keyHash = hashKey(claveBloqueo);
  const [row] = await db
    .select()
    .from(reserva)
    .where(
      and(
        eq(reserva.codigo, codigo),
        sql`(${reserva.clave_hash} = ${keyHash} or exists (
          select 1 from ${acceso_recuperacion} a
          where a.creserva = ${reserva.creserva} and a.clave_hash = ${keyHash} and a.expira > ${now.toISOString()}::timestamptz))`,
      ),
    );
  if (!row) throw new NotFoundError('sale.reserva.noEncontrada');
  return row;
}

/** `POST /rest/venta/consulta`. */
export async function lookupReservation(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<ReservationView> {
  return viewOf(db, (await reservationOf(db, body.codigo, body.clave_bloqueo, now)).creserva, now);
}

/**
 * A trip as sales and after-sales show and check it, over the stretch its seats were sold on: the
 * boarding and alighting stops (cities and terminals), times at them, service.
 */
export interface LegRow {
  cviaje: number;
  origen: string;
  destino: string;
  terminal_origen: string;
  terminal_destino: string;
  salida: Date;
  llegada: Date;
  servicio: string;
  cterminal_origen: number;
  cterminal_destino: number;
  origen_cciudad: number;
  destino_cciudad: number;
  origen_codigo: string;
  destino_codigo: string;
}

/** The trips of these seat rows over their rows' stretches, by `cviaje` (one query for all; a purchase has one stretch per trip). */
export async function legsOf(db: Database, seats: { cviaje: number; cviaje_asiento: number }[]): Promise<Map<number, LegRow>> {
  const bySeat = await legsBySeat(db, seats);
  return new Map([...bySeat.values()].map((leg) => [leg.cviaje, leg]));
}

/** The trip of each seat row over its row's stretch, by `cviaje_asiento` (one query for all). */
export async function legsBySeat(db: Database, seats: { cviaje_asiento: number }[]): Promise<Map<number, LegRow>> {
  if (seats.length === 0) return new Map();
  const rows = await queryRows<{ cviaje_asiento: number; cviaje: number; cruta: number; paradas: string; salida: unknown; servicio: string }>(db, sql`
    select va.cviaje_asiento, va.cviaje, v.cruta, va.paradas::text as paradas, v.salida, m.servicio
    from viaje_asiento va
    join viaje v on v.cviaje = va.cviaje
    join maqueta m on m.cmaqueta = v.cmaqueta
    where va.cviaje_asiento in (${sql.join([...new Set(seats.map((s) => s.cviaje_asiento))].map((c) => sql`${c}`), sql`, `)})
    order by va.cviaje_asiento`);
  const legs = new Map<number, LegRow>();
  for (const row of rows) {
    const stretch = await stretchOnRoute(db, Number(row.cruta), row.paradas);
    const salida = toDate(row.salida).getTime();
    const { origen, destino } = stretch;
    legs.set(Number(row.cviaje_asiento), {
      cviaje: Number(row.cviaje),
      origen: origen.terminal.ciudad,
      destino: destino.terminal.ciudad,
      terminal_origen: origen.terminal.nombre,
      terminal_destino: destino.terminal.nombre,
      salida: new Date(salida + origen.minutos * 60_000),
      llegada: new Date(salida + destino.minutos * 60_000),
      servicio: row.servicio,
      cterminal_origen: origen.terminal.cterminal,
      cterminal_destino: destino.terminal.cterminal,
      origen_cciudad: origen.cciudad,
      destino_cciudad: destino.cciudad,
      origen_codigo: origen.codigo,
      destino_codigo: destino.codigo,
    });
  }
  return legs;
}

/** The trips a tickets mail names, in departure order. */
const mailLegs = (legs: Map<number, LegRow>): MailLeg[] =>
  [...legs.values()]
    .sort((a, b) => a.salida.getTime() - b.salida.getTime())
    .map((leg) => ({ origen: leg.origen, destino: leg.destino, terminal_origen: leg.terminal_origen, terminal_destino: leg.terminal_destino, salida: leg.salida.toISOString() }));

const passengerOf = (s: typeof reserva_asiento.$inferSelect): ReservationPassenger => ({
  nombres: s.nombres,
  paterno: s.paterno,
  materno: s.materno,
  ctipo_documento: s.ctipo_documento,
  numero: maskDocument(s.numero),
  menor: s.menor,
});

/** A reservation as the buyer sees it: state now, legs, seats with masked documents, payments, tickets. */
export async function viewOf(db: Database, creserva: number, now: Date): Promise<ReservationView> {
  // Independent reads: on PostgreSQL they run on several pooled connections at once.
  const [[r], seats, payments, tickets] = await Promise.all([
    db.select().from(reserva).where(eq(reserva.creserva, creserva)),
    db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento)),
    db.select().from(pago).where(eq(pago.creserva, creserva)).orderBy(asc(pago.cpago)),
    db
      .select({ t: boleto, declaracion: declaracion_jurada.registrada })
      .from(boleto)
      .leftJoin(declaracion_jurada, eq(declaracion_jurada.numero, boleto.numero))
      .where(eq(boleto.creserva, creserva))
      .orderBy(asc(boleto.numero)),
  ]);
  if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
  const legs = await legsOf(db, seats);
  const tramos: ReservationLeg[] = [...new Map(seats.map((s) => [s.cviaje, s.tramo as 'ida' | 'vuelta'])).entries()]
    .map(([cviaje, tramo]) => {
      const leg = legs.get(cviaje)!;
      return {
        tramo,
        cviaje,
        origen: leg.origen,
        destino: leg.destino,
        terminal_origen: leg.terminal_origen,
        terminal_destino: leg.terminal_destino,
        salida: leg.salida.toISOString(),
        llegada: leg.llegada.toISOString(),
        servicio: leg.servicio,
      };
    })
    .sort((a, b) => a.salida.localeCompare(b.salida));
  const seatById = new Map(seats.map((s) => [s.cviaje_asiento, s]));
  const state = effectiveState(r, now);
  return {
    codigo: r.codigo,
    tipo: r.tipo as 'venta' | 'postergacion',
    boleto_origen: r.boleto_origen,
    puntos_canje: r.puntos_canje,
    canje_centimos: r.canje_centimos,
    estado: state.estado,
    motivo: state.motivo,
    expira: r.expira.toISOString(),
    moneda: 'PEN',
    subtotal_centimos: r.subtotal_centimos,
    descuento_centimos: r.descuento_centimos,
    total_centimos: r.total_centimos,
    cupon: r.cupon,
    descuento_pct: r.descuento_pct,
    comprador: { nombre: r.comprador_nombre, email: r.comprador_email, comprobante: r.comprobante as 'boleta' | 'factura', ruc: r.ruc, razon_social: r.razon_social },
    tramos,
    asientos: seats.map((s) => ({
      cviaje_asiento: s.cviaje_asiento,
      cviaje: s.cviaje,
      nasiento: s.nasiento,
      gnivel_piso: s.gnivel_piso,
      precio_centimos: s.precio_centimos,
      pasajero: passengerOf(s),
    })),
    pagos: payments.map((p) => ({
      proveedor: p.proveedor as PaymentProviderName,
      metodo: p.metodo as PaymentMethod,
      estado: p.estado as 'iniciado' | 'pagado' | 'rechazado',
      url: p.url,
      cip: p.cip,
      expira: p.expira?.toISOString() ?? null,
    })),
    boletos: tickets.map(({ t, declaracion }): Ticket => {
      const s = seatById.get(t.cviaje_asiento)!;
      const leg = legs.get(s.cviaje)!;
      return {
        numero: t.numero,
        cviaje: s.cviaje,
        tramo: s.tramo as 'ida' | 'vuelta',
        origen: leg.origen,
        destino: leg.destino,
        terminal_origen: leg.terminal_origen,
        terminal_destino: leg.terminal_destino,
        salida: leg.salida.toISOString(),
        nasiento: s.nasiento,
        gnivel_piso: s.gnivel_piso,
        precio_centimos: s.precio_centimos,
        pasajero: passengerOf(s),
        qr: t.qr,
        estado: t.estado as TicketState,
        postergado_a: t.postergado_a,
        declaracion: declaracion?.toISOString() ?? null,
      };
    }),
  };
}

// ------------------------------------------------------------------ payment start

export interface PaymentStartInput {
  codigo: string;
  clave_bloqueo: string;
  metodo: PaymentMethod;
}

export interface PaymentStartContext {
  now: Date;
  language: Language;
  /** The site's origin: the provider sends the customer back to `{site}/pasajes/reserva/{codigo}`. */
  site: string;
  log: { error(message: string): void };
}

/** Why a reservation cannot be paid now, or null when it can. */
export function unpayable(r: Reservation, now: Date) {
  const state = effectiveState(r, now);
  if (state.estado === 'pendiente') return null;
  if (state.estado === 'pagada') return 'sale.reserva.pagada' as const;
  if (state.motivo === 'vencido') return 'sale.reserva.vencida' as const;
  return 'sale.reserva.anulada' as const;
}

/**
 * `POST /rest/safetypay` and `/rest/efectivo`: a payment attempt of the reservation's total as the
 * database has it, through the provider, payable until the reservation expires.
 */
export async function startPayment(db: Database, provider: PaymentProvider, input: PaymentStartInput, context: PaymentStartContext) {
  const r = await reservationOf(db, input.codigo, input.clave_bloqueo, context.now);
  const refusal = unpayable(r, context.now);
  if (refusal) throw new ConflictError(refusal);
  // Nothing left to pay once points cover it all: `/rest/canje/confirmar` issues the tickets.
  if (r.total_centimos === 0) throw new ConflictError('points.zeroTotal');
  const referencia = `${r.codigo}-${randomBytes(6).toString('hex')}`;
  const [row] = await db
    .insert(pago)
    .values({ creserva: r.creserva, referencia, proveedor: provider.name, metodo: input.metodo, estado: 'iniciado', monto_centimos: r.total_centimos, expira: r.expira, creado: context.now })
    .returning({ cpago: pago.cpago });
  let started;
  try {
    started = await provider.startCharge({
      referencia,
      codigo: r.codigo,
      montoCentimos: r.total_centimos,
      expira: r.expira,
      metodo: input.metodo,
      comprador: { nombre: r.comprador_nombre, email: r.comprador_email },
      idioma: context.language,
      urlRetorno: `${context.site}/pasajes/reserva/${r.codigo}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.log.error(`payment ${referencia} could not start: ${error.message}`);
    await db.update(pago).set({ estado: 'rechazado' }).where(eq(pago.cpago, row!.cpago));
    throw new UpstreamError('sale.pago.noDisponible');
  }
  await db.update(pago).set({ url: started.url, cip: started.cip }).where(eq(pago.cpago, row!.cpago));
  return { proveedor: started.proveedor, url: started.url, cip: started.cip, expira: r.expira.toISOString(), sandbox: started.sandbox };
}

// ------------------------------------------------------------------ notifications

export type NoticeResult = 'pagada' | 'rechazada' | 'reembolso' | 'monto_distinto' | 'pago_duplicado' | 'sin_efecto' | 'desconocido' | 'repetido';

export interface NoticeContext {
  now: Date;
  /** Signs the tickets' QR texts. */
  secret: string;
}

/** The seats of a reservation (and `alsoLock`, in the same step), locked, and whether every one is free for it (held by it, available, or a lapsed hold). */
async function lockSeatsFor(tx: Database, r: Reservation, ids: number[], now: Date, alsoLock: number[] = []): Promise<boolean> {
  const wanted = new Set(ids);
  const rows = (await locks.seats(tx, [...ids, ...alsoLock])).filter((s) => wanted.has(s.id));
  const free =
    rows.length === ids.length &&
    rows.every(
      (s) =>
        s.gestado === AVAILABLE ||
        (s.gestado === HELD && (s.clave_hash === r.clave_hash || (s.expira !== null && s.expira.getTime() <= now.getTime()))),
    );
  if (!free || ids.length === 0) return false;
  // Per stretch (issue 19): the seat must also be free over every stretch that overlaps its own
  // (the seats are locked, so no hold of them is in flight); expired holds there are freed.
  const nowIso = now.toISOString();
  const mine = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const overlapping = sql`
    from viaje_asiento s
    where s.cviaje_asiento in (${mine}) and o.cviaje = s.cviaje and o.nasiento = s.nasiento and o.paradas && s.paradas`;
  const taken = await queryRows<{ n: number }>(tx, sql`
    select count(*)::int as n from viaje_asiento o
    where o.cviaje_asiento not in (${mine}) and exists (select 1 ${overlapping})
      and (o.gestado_asiento = ${SOLD} or (o.gestado_asiento = ${HELD} and o.expira > ${nowIso}::timestamptz))`);
  if (Number(taken[0]?.n ?? 0) > 0) return false;
  await tx.execute(sql`
    update viaje_asiento o set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null
    where o.cviaje_asiento not in (${mine}) and exists (select 1 ${overlapping})
      and o.gestado_asiento = ${HELD} and o.expira <= ${nowIso}::timestamptz`);
  return true;
}

/** Releases the seats this reservation still holds. */
async function releaseSeats(tx: Database, r: Reservation, ids: number[]): Promise<void> {
  await tx
    .update(viaje_asiento)
    .set({ gestado_asiento: AVAILABLE, clave_hash: null, expira: null })
    .where(and(inArray(viaje_asiento.cviaje_asiento, ids), eq(viaje_asiento.clave_hash, r.clave_hash), eq(viaje_asiento.gestado_asiento, HELD)));
}

/**
 * Acts on a verified notice in one transaction. The notice's (proveedor, operacion) is inserted
 * first: a repeated delivery finds it and changes nothing. A payment of the right amount sells
 * the seats (re-taking them if the reservation lapsed and they are still free), issues the
 * tickets, credits points and queues the tickets mail, all with the payment row; a payment whose
 * seats were sold meanwhile is flagged for refund and the buyer told; a wrong amount is flagged
 * and issues nothing; a declined payment cancels a pending reservation and frees its seats.
 */
export async function applyNotice(db: Database, notice: PaymentNotice, context: NoticeContext): Promise<NoticeResult> {
  const { now } = context;
  return db.transaction(async (tx) => {
    const [aviso] = await tx
      .insert(pago_aviso)
      .values({
        proveedor: notice.proveedor,
        operacion: notice.operacion,
        referencia: notice.referencia,
        estado: notice.estado,
        monto_centimos: notice.montoCentimos,
        moneda: notice.moneda,
        resultado: 'sin_efecto',
        recibido: now,
      })
      .onConflictDoNothing()
      .returning({ caviso: pago_aviso.caviso });
    if (!aviso) return 'repetido';
    const settle = async (resultado: NoticeResult, cpago?: number) => {
      await tx.update(pago_aviso).set({ resultado, cpago: cpago ?? null }).where(eq(pago_aviso.caviso, aviso.caviso));
      return resultado;
    };

    const payment = await locks.payment(tx, notice.proveedor, notice.referencia);
    if (!payment) return settle('desconocido');
    const r = await locks.reservation(tx, payment.creserva);
    if (!r) return settle('desconocido', payment.cpago);
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const ids = seats.map((s) => s.cviaje_asiento);

    if (notice.estado === 'rechazado') {
      if (payment.estado === 'iniciado') await tx.update(pago).set({ estado: 'rechazado', operacion: notice.operacion }).where(eq(pago.cpago, payment.cpago));
      if (r.estado !== 'pendiente') return settle('sin_efecto', payment.cpago);
      await releaseSeats(tx, r, ids);
      await tx.update(reserva).set({ estado: 'anulada', motivo: 'rechazado' }).where(eq(reserva.creserva, r.creserva));
      return settle('rechazada', payment.cpago);
    }

    if (notice.moneda !== 'PEN' || notice.montoCentimos !== r.total_centimos || notice.montoCentimos !== payment.monto_centimos) {
      await tx.update(reserva).set({ alerta: 'monto_distinto' }).where(eq(reserva.creserva, r.creserva));
      return settle('monto_distinto', payment.cpago);
    }
    await tx.update(pago).set({ estado: 'pagado', operacion: notice.operacion }).where(eq(pago.cpago, payment.cpago));
    if (r.estado === 'pagada' || r.estado === 'reembolso') {
      // Paid twice (e.g. by card and then the CIP): the second payment is the operator's to refund.
      await tx.update(reserva).set({ alerta: 'pago_duplicado' }).where(eq(reserva.creserva, r.creserva));
      return settle('pago_duplicado', payment.cpago);
    }

    return settle((await issuePaid(tx, r, seats, context)).result, payment.cpago);
  });
}

/**
 * The paid reservation `r` (locked by the caller) in the caller's transaction: sells its seats
 * (re-taking them if it lapsed and they are still free), issues its tickets with an 'emision'
 * ledger row each, redeems its points ('canje' row) and credits the points earned, and for a
 * postponement voids the ticket it replaces and frees that seat ('postergacion' row); then queues
 * the tickets mail. When the seats were sold meanwhile, the departure closed, the replaced ticket
 * is no longer valid or the points are no longer there, nothing is issued: the reservation is
 * flagged for refund (when money was paid) and the buyer told.
 */
export type IssueResult = { result: 'pagada' } | { result: 'reembolso'; motivo: ReservationReason; code: ValidationKey };

export async function issuePaid(tx: Database, r: Reservation, seats: (typeof reserva_asiento.$inferSelect)[], context: NoticeContext): Promise<IssueResult> {
  const { now } = context;
  const ids = seats.map((s) => s.cviaje_asiento);
  const buyer = { codigo: r.codigo, nombre: r.comprador_nombre, email: r.comprador_email, totalCentimos: r.total_centimos };
  const language = r.idioma as Language;
  // A late payment cannot sell a departure whose sales have closed (or that has left).
  // (Per stretch: sales close before the bus leaves the passenger's boarding stop.)
  const legs = await legsOf(tx, seats);
  const tooLate = [...legs.values()].some((leg) => leg.salida.getTime() - SALES_CLOSE_MINUTES * 60_000 <= now.getTime());
  let invalid: ValidationKey | null = null;
  // The ticket a postponement replaces must still be valid (one postponement of it wins).
  let original: typeof boleto.$inferSelect | undefined;
  if (r.tipo === 'postergacion' && r.boleto_origen) {
    original = await locks.ticket(tx, r.boleto_origen);
    if (!original || original.estado !== 'emitido') invalid = 'aftersale.boleto.postergado';
  }
  // The seats (with the seat a postponement frees) before the customer's account: the lock order.
  const seatsFree = await lockSeatsFor(tx, r, ids, now, original ? [original.cviaje_asiento] : []);
  // Redeemed points: the customer's ledger must still have them.
  const [points] = r.puntos_canje > 0 ? await tx.select().from(canje_puntos).where(and(eq(canje_puntos.creserva, r.creserva), eq(canje_puntos.estado, 'retenido'))) : [];
  if (r.puntos_canje > 0) {
    if (!points || r.ccuenta === null || (await lockPointsOf(tx, r.ccuenta, now, points.clave_hash)) < r.puntos_canje) invalid = 'points.insufficient';
  }
  if (tooLate || invalid || !seatsFree) {
    const motivo: ReservationReason = tooLate ? 'vencido' : invalid ? 'boleto_invalido' : 'asientos_ocupados';
    await releaseSeats(tx, r, ids);
    // Nothing was paid when points covered it all: the reservation is simply cancelled.
    await tx
      .update(reserva)
      .set({ estado: r.total_centimos > 0 ? 'reembolso' : 'anulada', motivo, pagado: r.total_centimos > 0 ? now : null })
      .where(eq(reserva.creserva, r.creserva));
    if (r.total_centimos > 0) await enqueueMail(tx, refundMail(buyer, language));
    return { result: 'reembolso', motivo, code: tooLate ? 'trip.closed' : (invalid ?? 'seat.taken') };
  }

  await tx
    .update(viaje_asiento)
    .set({ gestado_asiento: SOLD, clave_hash: r.clave_hash, expira: null })
    .where(inArray(viaje_asiento.cviaje_asiento, ids));
  await tx.update(reserva).set({ estado: 'pagada', motivo: null, pagado: now }).where(eq(reserva.creserva, r.creserva));
  const issued = seats.map((s, i) => {
    const numero = `${r.codigo}-${i + 1}`;
    return { numero, creserva: r.creserva, cviaje_asiento: s.cviaje_asiento, qr: ticketQr(context.secret, { numero, cviaje: s.cviaje, nasiento: s.nasiento, gnivel_piso: s.gnivel_piso }), emitido: now };
  });
  await tx.insert(boleto).values(issued);
  await tx.insert(boleto_movimiento).values(
    issued.map((t, i) => ({ numero: t.numero, tipo: 'emision', boleto_desde: original?.numero ?? null, monto_centimos: seats[i]!.precio_centimos, creserva: r.creserva, fecha: now })),
  );
  if (original) {
    const replacement = issued[0]!.numero;
    await tx.update(boleto).set({ estado: 'postergado', postergado_a: replacement }).where(eq(boleto.numero, original.numero));
    // The old seat is free again (only if its sale still holds it: nothing else may be released).
    await tx
      .update(viaje_asiento)
      .set({ gestado_asiento: AVAILABLE, clave_hash: null, expira: null })
      .where(and(eq(viaje_asiento.cviaje_asiento, original.cviaje_asiento), eq(viaje_asiento.gestado_asiento, SOLD)));
    await tx.insert(boleto_movimiento).values({
      numero: original.numero,
      tipo: 'postergacion',
      boleto_desde: original.numero,
      boleto_hasta: replacement,
      monto_centimos: r.total_centimos,
      creserva: r.creserva,
      fecha: now,
    });
  }
  // Points belong to a signed-in customer's purchase; a guest's has none.
  if (r.ccuenta !== null) {
    const first = legs.get(seats[0]!.cviaje);
    const detalle = first ? `${first.origen} → ${first.destino} (${r.codigo})` : r.codigo;
    if (points) {
      await addPoints(tx, { ccuenta: r.ccuenta, puntos: -r.puntos_canje, concepto: 'canje', detalle, fecha: now });
      await tx.update(canje_puntos).set({ estado: 'canjeado' }).where(eq(canje_puntos.clave_hash, points.clave_hash));
    }
    const earned = Math.floor(r.total_centimos / 100) * POINTS_PER_SOL;
    if (earned > 0) await addPoints(tx, { ccuenta: r.ccuenta, puntos: earned, concepto: 'viaje', detalle, fecha: now });
  }
  await enqueueMail(tx, ticketsMail(buyer, language, mailLegs(legs)));
  return { result: 'pagada' };
}

// ------------------------------------------------------------------ tickets after payment

/** The view of a paid reservation by code alone (the mail sender's attachment, signed PDF links). */
export async function paidViewByCode(db: Database, codigo: string, now: Date): Promise<ReservationView | null> {
  const [r] = await db.select({ creserva: reserva.creserva, estado: reserva.estado }).from(reserva).where(eq(reserva.codigo, codigo));
  if (!r || r.estado !== 'pagada') return null;
  return viewOf(db, r.creserva, now);
}

/** `POST /rest/venta/pdf`: the view whose tickets the PDF shows; 409 unless paid. */
export async function paidView(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<ReservationView> {
  const r = await reservationOf(db, body.codigo, body.clave_bloqueo, now);
  const refusal = unpayable(r, now);
  if (refusal !== 'sale.reserva.pagada') throw new ConflictError(refusal ?? 'sale.reserva.noEncontrada');
  return viewOf(db, r.creserva, now);
}

/**
 * `POST /rest/venta/confirmar/recuperar/`: queues the tickets mail again when the code and the
 * buyer's e-mail match a paid reservation; the caller learns nothing either way.
 */
export async function resendTickets(db: Database, body: { codigo: string; email: string }, language: Language): Promise<void> {
  const [r] = await db
    .select()
    .from(reserva)
    .where(and(eq(reserva.codigo, body.codigo), eq(reserva.comprador_email, body.email), eq(reserva.estado, 'pagada')));
  if (!r) return;
  const seats = await db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva));
  const legs = mailLegs(await legsOf(db, seats));
  await enqueueMail(db, ticketsMail({ codigo: r.codigo, nombre: r.comprador_nombre, email: r.comprador_email, totalCentimos: r.total_centimos }, language, legs));
}

/** `GET /rest/user/viajes`: the signed-in customer's tickets, upcoming first by departure, past newest first. */
export async function customerTrips(db: Database, ccuenta: number, now: Date, pdfLink: (codigo: string) => string): Promise<AccountTrips> {
  const rows = await queryRows<{ numero: string; codigo: string; cviaje: number; cviaje_asiento: number; nasiento: number; gnivel_piso: number; salida: unknown; estado: string; declaracion: unknown }>(db, sql`
    select b.numero, r.codigo, ra.cviaje, ra.cviaje_asiento, ra.nasiento, ra.gnivel_piso, v.salida, b.estado, d.registrada as declaracion
    from boleto b
    join reserva r on r.creserva = b.creserva
    join reserva_asiento ra on ra.creserva = b.creserva and ra.cviaje_asiento = b.cviaje_asiento
    join viaje v on v.cviaje = ra.cviaje
    left join declaracion_jurada d on d.numero = b.numero
    where r.ccuenta = ${ccuenta} and r.estado = 'pagada'
    order by v.salida, b.numero`);
  const legs = await legsBySeat(db, rows.map((row) => ({ cviaje_asiento: Number(row.cviaje_asiento) })));
  // Boarding times (a stretch boards after the bus leaves its first terminal).
  rows.sort((a, b) => legs.get(Number(a.cviaje_asiento))!.salida.getTime() - legs.get(Number(b.cviaje_asiento))!.salida.getTime() || a.numero.localeCompare(b.numero));
  const trips = rows.map((row) => {
    const leg = legs.get(Number(row.cviaje_asiento))!;
    return {
      codigo: row.numero,
      origen: leg.origen,
      destino: leg.destino,
      salida: leg.salida.toISOString(),
      asiento: String(row.nasiento),
      pdf: pdfLink(row.codigo),
      numero: row.numero,
      estado: row.estado as TicketState,
      declaracion: row.declaracion === null || row.declaracion === undefined ? null : toDate(row.declaracion).toISOString(),
    };
  });
  const upcoming = trips.filter((trip) => new Date(trip.salida).getTime() > now.getTime());
  const past = trips.filter((trip) => new Date(trip.salida).getTime() <= now.getTime()).reverse();
  return { proximos: upcoming, pasados: past };
}
