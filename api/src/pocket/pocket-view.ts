import { toLanguage, type Language } from '@rumbo/shared/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { legsBySeat, type LegRow } from '../sales/legs';
import { boleto, reserva, reserva_asiento } from '../sales/sales.tables';

// What the ticket carries into the customer's pocket (calendar, wallet passes, reminders): a paid
// reservation's valid tickets, per trip, with the terminals' addresses and the boarding times.

/**
 * Be at the terminal this long before the bus leaves the boarding stop: the contract of carriage
 * printed on every ticket (sales/tickets.ts, first clause) says 30 minutes.
 */
export const BOARDING_LEAD_MINUTES = 30;

export interface PocketTicket {
  numero: string;
  qr: string;
  nasiento: number;
  gnivel_piso: number;
  /** Full name as registered. */
  pasajero: string;
  ctipo_documento: number;
  menor: boolean;
  /** A minor's responsible adult's relationship ('padre', 'madre', 'tutor', 'familiar', 'otro'). */
  parentesco: string | null;
  /** Issue 34: the child under 5 on this passenger's lap, and whether they travel without a parent (notarial authorization). */
  infante: { nombre: string; autorizacion_notarial: boolean } | null;
}

/** A leg as sales show it (`LegRow`: `salida` is when the bus leaves the boarding stop), with its boarding time and tickets. */
export interface PocketLeg
  extends Pick<
    LegRow,
    'cviaje' | 'origen' | 'destino' | 'terminal_origen' | 'terminal_destino' | 'direccion_origen' | 'direccion_destino' | 'salida' | 'llegada' | 'servicio' | 'retraso_min' | 'cancelado'
  > {
  tramo: 'ida' | 'vuelta';
  /** Be at the terminal by then (BOARDING_LEAD_MINUTES before `salida`). */
  embarque: Date;
  boletos: PocketTicket[];
}

export interface PocketReservation {
  creserva: number;
  codigo: string;
  idioma: Language;
  email: string;
  nombre: string;
  pagado: Date | null;
  /** Trips with at least one valid ticket, in boarding order. */
  legs: PocketLeg[];
}

/**
 * A minor travelling with neither parent needs a notarized travel authorization: within Peru,
 * signed by one parent (Código de los Niños y Adolescentes, Ley 27337, art. 111); with a parent,
 * none. The purchase records the responsible adult's relationship.
 */
export const needsTravelAuthorization = (ticket: PocketTicket) => ticket.menor && ticket.parentesco !== 'padre' && ticket.parentesco !== 'madre';

export const boardingTime = (salida: Date) => new Date(salida.getTime() - BOARDING_LEAD_MINUTES * 60_000);

/** A paid reservation by its code with its valid (not postponed) tickets; null when there is none. */
export async function pocketReservation(db: Database, codigo: string): Promise<PocketReservation | null> {
  const [r] = await db.select().from(reserva).where(and(eq(reserva.codigo, codigo), eq(reserva.estado, 'pagada')));
  if (!r) return null;
  return pocketOf(db, r);
}

/** The same for a reservation row already read (the reminders job reads many). */
export async function pocketOf(db: Database, r: typeof reserva.$inferSelect): Promise<PocketReservation> {
  const rows = await db
    .select({ b: boleto, s: reserva_asiento })
    .from(boleto)
    .innerJoin(reserva_asiento, and(eq(reserva_asiento.creserva, boleto.creserva), eq(reserva_asiento.cviaje_asiento, boleto.cviaje_asiento)))
    .where(and(eq(boleto.creserva, r.creserva), eq(boleto.estado, 'emitido')))
    .orderBy(asc(boleto.numero));
  const legs = await legsBySeat(db, rows.map(({ b }) => ({ cviaje_asiento: b.cviaje_asiento })));
  const byTrip = new Map<number, PocketLeg>();
  for (const { b, s } of rows) {
    const leg = legs.get(b.cviaje_asiento)!;
    let trip = byTrip.get(s.cviaje);
    if (!trip) {
      trip = {
        cviaje: s.cviaje,
        tramo: s.tramo as 'ida' | 'vuelta',
        origen: leg.origen,
        destino: leg.destino,
        terminal_origen: leg.terminal_origen,
        terminal_destino: leg.terminal_destino,
        direccion_origen: leg.direccion_origen,
        direccion_destino: leg.direccion_destino,
        salida: leg.salida,
        embarque: boardingTime(leg.salida),
        llegada: leg.llegada,
        servicio: leg.servicio,
        retraso_min: leg.retraso_min,
        cancelado: leg.cancelado,
        boletos: [],
      };
      byTrip.set(s.cviaje, trip);
    }
    trip.boletos.push({
      numero: b.numero,
      qr: b.qr,
      nasiento: s.nasiento,
      gnivel_piso: s.gnivel_piso,
      pasajero: [b.pasajero_nombres, b.pasajero_paterno, b.pasajero_materno].filter(Boolean).join(' '),
      ctipo_documento: b.pasajero_ctipo_documento,
      menor: s.menor,
      parentesco: s.parentesco,
      infante: s.infante ? { nombre: [s.infante.nombres, s.infante.paterno, s.infante.materno].filter(Boolean).join(' '), autorizacion_notarial: s.infante.autorizacion_notarial } : null,
    });
  }
  return {
    creserva: r.creserva,
    codigo: r.codigo,
    idioma: toLanguage(r.idioma),
    email: r.comprador_email,
    nombre: r.comprador_nombre,
    pagado: r.pagado,
    legs: [...byTrip.values()].sort((a, b) => a.salida.getTime() - b.salida.getTime()),
  };
}

/** A ticket of a paid reservation with its trip, by number; null when it is not a valid one. */
export async function pocketTicket(db: Database, numero: string): Promise<{ reservation: PocketReservation; leg: PocketLeg; ticket: PocketTicket } | null> {
  const [row] = await db
    .select({ r: reserva })
    .from(boleto)
    .innerJoin(reserva, eq(reserva.creserva, boleto.creserva))
    .where(and(eq(boleto.numero, numero), eq(boleto.estado, 'emitido'), eq(reserva.estado, 'pagada')));
  if (!row) return null;
  const reservation = await pocketOf(db, row.r);
  for (const leg of reservation.legs) {
    const ticket = leg.boletos.find((t) => t.numero === numero);
    if (ticket) return { reservation, leg, ticket };
  }
  return null;
}
