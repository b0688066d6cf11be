import { ageOn, limaToday } from '@rumbo/shared/schemas';
import type { AccountTrips, Language, PaymentMethod, PaymentProviderName, ReservationLeg, ReservationPassenger, ReservationView, Ticket, TicketState } from '@rumbo/shared/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { holdOf } from '../credit/credit.service';
import { queryRows, toDate } from '../db/rows';
import { ConflictError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { validVoucherOf } from '../vouchers/vouchers.service';
import { boardingTime } from '../pocket/pocket-view';
import { legsBySeat, legsOf, mailLegs } from './legs';
import { effectiveState, reservationOf, unpayable } from './reservations';
import { ticketsMail } from './sales-mail';
import { boleto, declaracion_jurada, pago, reserva, reserva_asiento } from './sales.tables';

// Reading reservations: the buyer's view, the paid tickets and their PDF, re-sending them, my trips.

/** `****5678`: a document number as shown back to anyone holding a code. */
export const maskDocument = (numero: string) => `${'*'.repeat(Math.max(numero.length - 4, 4))}${numero.slice(-4)}`;

/** `POST /rest/venta/consulta`. */
export async function lookupReservation(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<ReservationView> {
  return viewOf(db, (await reservationOf(db, body.codigo, body.clave_bloqueo, now)).creserva, now);
}

/**
 * The passenger a ticket was issued to (its own copy: a transferred ticket keeps its old
 * passenger); the lap child and the notarial answer ride with the seat.
 */
const ticketPassengerOf = (t: typeof boleto.$inferSelect, s: typeof reserva_asiento.$inferSelect, departureDay: string): ReservationPassenger => ({
  ...passengerOf(s, departureDay),
  nombres: t.pasajero_nombres,
  paterno: t.pasajero_paterno,
  materno: t.pasajero_materno,
  ctipo_documento: t.pasajero_ctipo_documento,
  numero: maskDocument(t.pasajero_numero),
});

const passengerOf = (s: typeof reserva_asiento.$inferSelect, departureDay: string): ReservationPassenger => ({
  nombres: s.nombres,
  paterno: s.paterno,
  materno: s.materno,
  ctipo_documento: s.ctipo_documento,
  numero: maskDocument(s.numero),
  menor: s.menor,
  autorizacion_notarial: s.autorizacion_notarial === true,
  infante: s.infante
    ? {
        nombres: s.infante.nombres,
        paterno: s.infante.paterno,
        materno: s.infante.materno,
        ctipo_documento: s.infante.ctipo_documento,
        numero: maskDocument(s.infante.numero),
        edad: ageOn(s.infante.nacimiento, departureDay),
        autorizacion_notarial: s.infante.autorizacion_notarial,
      }
    : null,
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
  const voucher = tickets.length ? await validVoucherOf(db, creserva) : null;
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
  const hold = await holdOf(db, creserva);
  const credit = hold && (hold.estado === 'canjeado' || state.estado === 'pendiente') ? hold.monto_centimos : 0;
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
      pasajero: passengerOf(s, limaToday(legs.get(s.cviaje)!.salida)),
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
        direccion_origen: leg.direccion_origen,
        salida: leg.salida.toISOString(),
        embarque: boardingTime(leg.salida).toISOString(),
        nasiento: s.nasiento,
        gnivel_piso: s.gnivel_piso,
        precio_centimos: s.precio_centimos,
        pasajero: ticketPassengerOf(t, s, limaToday(leg.salida)),
        qr: t.qr,
        comprobante: voucher,
        estado: t.estado as TicketState,
        postergado_a: t.postergado_a,
        declaracion: declaracion?.toISOString() ?? null,
      };
    }),
    credito_centimos: credit,
  };
}

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
export async function customerTrips(
  db: Database,
  ccuenta: number,
  now: Date,
  pdfLink: (codigo: string) => string,
  voucherLinks: (codigo: string) => { pdf: string; xml: string },
): Promise<AccountTrips> {
  const rows = await queryRows<{ numero: string; codigo: string; creserva: number; cviaje: number; cviaje_asiento: number; nasiento: number; gnivel_piso: number; salida: unknown; estado: string; declaracion: unknown; comprobante: boolean }>(db, sql`
    select b.numero, r.codigo, r.creserva, ra.cviaje, ra.cviaje_asiento, ra.nasiento, ra.gnivel_piso, v.salida, b.estado, d.registrada as declaracion,
      exists (select 1 from comprobante c where c.creserva = r.creserva) as comprobante
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
  // Issue 36: each upcoming valid ticket carries its e-ticket (QR, passenger, where and when to
  // board), so Mi cuenta shows what to board with, and the device keeps it for when there is no network.
  const boarding = rows.filter((row) => row.estado === 'emitido' && legs.get(Number(row.cviaje_asiento))!.salida.getTime() > now.getTime());
  const views = await Promise.all([...new Set(boarding.map((row) => Number(row.creserva)))].map((creserva) => viewOf(db, creserva, now)));
  const eTickets = new Map(views.flatMap((view) => view.boletos.map((ticket) => [ticket.numero, ticket] as const)));
  const trips = rows.map((row) => {
    const leg = legs.get(Number(row.cviaje_asiento))!;
    const eTicket = row.estado === 'emitido' ? eTickets.get(row.numero) : undefined;
    return {
      codigo: row.numero,
      origen: leg.origen,
      destino: leg.destino,
      salida: leg.salida.toISOString(),
      asiento: String(row.nasiento),
      pdf: pdfLink(row.codigo),
      ...(row.comprobante ? { comprobante_pdf: voucherLinks(row.codigo).pdf, comprobante_xml: voucherLinks(row.codigo).xml } : { comprobante_pdf: null, comprobante_xml: null }),
      numero: row.numero,
      estado: row.estado as TicketState,
      declaracion: row.declaracion === null || row.declaracion === undefined ? null : toDate(row.declaracion).toISOString(),
      ...(eTicket ? { boleto: eTicket } : {}),
    };
  });
  const upcoming = trips.filter((trip) => new Date(trip.salida).getTime() > now.getTime());
  const past = trips.filter((trip) => new Date(trip.salida).getTime() <= now.getTime()).reverse();
  return { proximos: upcoming, pasados: past };
}
