import { locks } from '../db/lock-order';
import {
  POSTPONE_MIN_HOURS,
  type DeclarationTicket,
  type DeclarationView,
  type Language,
  type PostponableTicket,
  type PostponeAnswer,
  type PostponeRefusal,
  type Ticket,
} from '@rumbo/shared/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { toDate } from '../db/rows';
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors';
import { hashKey } from '../seats/seats.service';
import { HELD, viaje_asiento } from '../seats/seats.tables';
import { issuePaid, numberedAtCommit, type NoticeContext } from '../sales/issuance';
import { legsOf } from '../sales/legs';
import { lockHeldSeats, price } from '../sales/quote';
import { viewOf } from '../sales/reservation-views';
import { effectiveState, insertReservation, reservationExpiry, reservationOf } from '../sales/reservations';
import { boleto, declaracion_jurada, reserva, reserva_asiento } from '../sales/sales.tables';
import { salesLocks } from '../sales/sales.locks';

const HOUR = 3_600_000;

// ------------------------------------------------------------------ a ticket and who may act on it

/** Who asks: the signed-in customer, or a code with its purchase key or a recovery key. */
export interface TicketAccess {
  ccuenta?: number;
  codigo?: string;
  clave_bloqueo?: string;
  /** Issue 35: the holder is proven otherwise (a disruption's signed link per ticket, checked by the caller). */
  proven?: true;
}

/** A ticket with its reservation, its seat and its trip's departure and route. */
export type TicketRecord = {
  ticket: typeof boleto.$inferSelect;
  reservation: typeof reserva.$inferSelect;
  seat: typeof reserva_asiento.$inferSelect;
} & Awaited<ReturnType<typeof routeOf>>;

/** A seat row's trip over its stretch: departure from the boarding stop, boarding and alighting terminals and cities. */
async function routeOf(db: Database, cviaje: number, cviaje_asiento: number) {
  const leg = (await legsOf(db, [{ cviaje, cviaje_asiento }])).get(cviaje);
  if (!leg) throw new NotFoundError();
  const { cterminal_origen, cterminal_destino, origen_cciudad, destino_cciudad, origen_codigo, destino_codigo } = leg;
  return { salida: toDate(leg.salida), cterminal_origen, cterminal_destino, origen_cciudad, destino_cciudad, origen_codigo, destino_codigo };
}

/**
 * The ticket `numero` when the caller may act on it: the signed-in customer who bought it, or
 * the code of its reservation (or of the sale it was postponed from) with that code's purchase key
 * or recovery key. 401 without either; 404 when it is not theirs (no hint which was wrong).
 */
export async function ticketRecord(db: Database, numero: string, access: TicketAccess, now: Date, lock = false): Promise<TicketRecord> {
  if (!access.proven && access.ccuenta === undefined && (access.codigo === undefined || access.clave_bloqueo === undefined)) throw new UnauthorizedError();
  if (lock) await salesLocks.ticket(db, numero);
  const [row] = await db.select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(boleto.numero, numero));
  if (!row) throw new NotFoundError('aftersale.boleto.noEncontrado');
  const r = row.reserva;
  let allowed = access.proven === true;
  if (allowed) {
    // Proven by the caller.
  } else if (access.codigo !== undefined && access.clave_bloqueo !== undefined) {
    const proven = await reservationOf(db, access.codigo, access.clave_bloqueo, now).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    allowed = proven !== undefined && (proven.creserva === r.creserva || proven.creserva === r.creserva_origen);
  } else {
    allowed = r.ccuenta !== null && r.ccuenta === access.ccuenta;
  }
  if (!allowed) throw new NotFoundError('aftersale.boleto.noEncontrado');
  const [seat] = await db
    .select()
    .from(reserva_asiento)
    .where(and(eq(reserva_asiento.creserva, r.creserva), eq(reserva_asiento.cviaje_asiento, row.boleto.cviaje_asiento)));
  if (!seat) throw new NotFoundError('aftersale.boleto.noEncontrado');
  return { ticket: row.boleto, reservation: r, seat, ...(await routeOf(db, seat.cviaje, seat.cviaje_asiento)) };
}

export async function ticketView(db: Database, rec: TicketRecord, now: Date): Promise<Ticket> {
  const view = await viewOf(db, rec.reservation.creserva, now);
  const ticket = view.boletos.find((t) => t.numero === rec.ticket.numero);
  if (!ticket) throw new NotFoundError('aftersale.boleto.noEncontrado');
  return ticket;
}

/** A postponement of this ticket waiting for its payment, if any. */
async function pendingPostponement(db: Database, numero: string, now: Date) {
  const rows = await db
    .select()
    .from(reserva)
    .where(and(eq(reserva.boleto_origen, numero), eq(reserva.tipo, 'postergacion'), eq(reserva.estado, 'pendiente')))
    .orderBy(asc(reserva.creserva));
  return rows.find((r) => effectiveState(r, now).estado === 'pendiente');
}

const postponeDeadline = (salida: Date) => new Date(salida.getTime() - POSTPONE_MIN_HOURS * HOUR);

/** Why the ticket cannot be postponed now (the policy's rules), or null. */
function postponeRefusal(rec: TicketRecord, now: Date): Exclude<PostponeRefusal, 'postpone.pending'> | null {
  if (rec.ticket.estado !== 'emitido') return 'aftersale.boleto.postergado';
  if (rec.reservation.estado !== 'pagada') return 'aftersale.boleto.noPagado';
  if (now.getTime() > postponeDeadline(rec.salida).getTime()) return 'postpone.tooLate';
  return null;
}

/** `POST /rest/venta/boleto`: the ticket with its route and whether, until when and why not it can be postponed. */
export async function postponableTicket(db: Database, numero: string, access: TicketAccess, now: Date): Promise<PostponableTicket> {
  const rec = await ticketRecord(db, numero, access, now);
  const motivo: PostponeRefusal | null = postponeRefusal(rec, now) ?? ((await pendingPostponement(db, numero, now)) ? 'postpone.pending' : null);
  return {
    boleto: await ticketView(db, rec, now),
    codigo: rec.reservation.codigo,
    origen_codigo: rec.origen_codigo,
    destino_codigo: rec.destino_codigo,
    cterminal_origen: rec.cterminal_origen,
    cterminal_destino: rec.cterminal_destino,
    postergable: motivo === null,
    postergable_hasta: postponeDeadline(rec.salida).toISOString(),
    motivo,
  };
}

// ------------------------------------------------------------------ postponement

export interface PostponeInput {
  numero: string;
  clave_nueva: string;
  cviaje_asiento: number;
}

export interface PostponeContext extends NoticeContext {
  language: Language;
}

/**
 * Issue 35: a rebooking after a disruption is a postponement with the fare difference waived and
 * no 24-hour limit; `record` runs in its transaction once the new ticket is issued.
 */
export interface PostponeOptions {
  waive?: boolean;
  record?: (tx: Database, replacement: string) => Promise<void>;
}

const pendingAnswer = (r: typeof reserva.$inferSelect): PostponeAnswer => ({
  estado: 'pendiente',
  diferencia_centimos: r.total_centimos,
  codigo: r.codigo,
  expira: r.expira.toISOString(),
});

/**
 * `POST /rest/venta/postegarBoletos`, in one transaction: the ticket (locked) must be valid, paid
 * and at least POSTPONE_MIN_HOURS from departure; the seat `cviaje_asiento` held by `clave_nueva`
 * on an open trip of the same origin and destination cities. A reservation of kind
 * 'postergacion' for the fare difference (never below 0) holds that seat; when there is nothing
 * to pay it is paid at once (the old ticket voided, its seat freed, the new ticket issued and
 * mailed, ledger rows), otherwise the paid notice does the same. Repeating the request with the
 * same `clave_nueva` answers the same postponement.
 */
export async function postpone(db: Database, input: PostponeInput, access: TicketAccess, context: PostponeContext, options: PostponeOptions = {}): Promise<PostponeAnswer> {
  const { now } = context;
  const keyHash = hashKey(input.clave_nueva);
  // A paid postponement's voucher is numbered as this commits (issuePaid): numberedAtCommit.
  const creserva = await numberedAtCommit(() => db.transaction(async (tx) => {
    await locks.purchaseKey(tx, keyHash);
    const rec = await ticketRecord(tx, input.numero, access, now, true);
    // The same request again (a double click, a retry): the postponement it made.
    const [existing] = await tx.select().from(reserva).where(and(eq(reserva.clave_hash, keyHash), eq(reserva.boleto_origen, input.numero)));
    if (existing && effectiveState(existing, now).estado !== 'anulada') return existing.creserva;

    const refusal = postponeRefusal(rec, now);
    if (refusal && !(options.waive && refusal === 'postpone.tooLate')) throw new ConflictError(refusal);
    if (await pendingPostponement(tx, input.numero, now)) throw new ConflictError('postpone.pending');

    // With the seat the ticket frees, so that every seat of the postponement is locked in one step.
    const seat = (await lockHeldSeats(tx, keyHash, now, [rec.ticket.cviaje_asiento])).find((s) => s.cviaje_asiento === input.cviaje_asiento);
    if (!seat) throw new ConflictError('postpone.seatNotHeld');
    const { seats: priced, trips } = await price(tx, [seat], undefined, now);
    const newSeat = priced[0]!;
    const route = await routeOf(tx, newSeat.cviaje, newSeat.cviaje_asiento);
    if (route.origen_cciudad !== rec.origen_cciudad || route.destino_cciudad !== rec.destino_cciudad) throw new ConflictError('postpone.otherRoute');

    const diferencia = options.waive ? 0 : Math.max(newSeat.precio_centimos - rec.seat.precio_centimos, 0);
    const expira = reservationExpiry(now, trips);
    const old = rec.reservation;
    const created = await insertReservation(tx, {
      clave_hash: keyHash,
      estado: 'pendiente',
      expira,
      subtotal_centimos: diferencia,
      descuento_centimos: 0,
      total_centimos: diferencia,
      comprador_nombre: old.comprador_nombre,
      comprador_email: old.comprador_email,
      comprobante: old.comprobante,
      ruc: old.ruc,
      razon_social: old.razon_social,
      ccuenta: old.ccuenta,
      idioma: context.language,
      creado: now,
      tipo: 'postergacion',
      boleto_origen: rec.ticket.numero,
      creserva_origen: old.creserva_origen ?? old.creserva,
    });
    // The passenger is kept: tickets are nominal.
    const p = rec.seat;
    const [seatRow] = await tx
      .insert(reserva_asiento)
      .values({
        creserva: created.creserva,
        cviaje_asiento: newSeat.cviaje_asiento,
        cviaje: newSeat.cviaje,
        tramo: 'ida',
        nasiento: newSeat.nasiento,
        gnivel_piso: newSeat.gnivel_piso,
        precio_centimos: newSeat.precio_centimos,
        ctipo_documento: p.ctipo_documento,
        numero: p.numero,
        nombres: p.nombres,
        paterno: p.paterno,
        materno: p.materno,
        email: p.email,
        nacimiento: p.nacimiento,
        menor: p.menor,
        cviaje_asiento_responsable: null,
        parentesco: null,
        // Issue 34: the notarial answer and the lap child move with the passenger.
        autorizacion_notarial: p.autorizacion_notarial,
        infante: p.infante,
      })
      .returning();
    await tx
      .update(viaje_asiento)
      .set({ expira })
      .where(and(eq(viaje_asiento.cviaje_asiento, newSeat.cviaje_asiento), eq(viaje_asiento.clave_hash, keyHash), eq(viaje_asiento.gestado_asiento, HELD)));
    if (diferencia === 0) {
      const issued = await issuePaid(tx, created, [seatRow!], context);
      if (issued.result !== 'pagada') throw new ConflictError(issued.code);
      await options.record?.(tx, `${created.codigo}-1`);
    }
    return created.creserva;
  }));
  const [r] = await db.select().from(reserva).where(eq(reserva.creserva, creserva));
  if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
  if (r.estado === 'pagada') {
    const view = await viewOf(db, r.creserva, now);
    return { estado: 'emitido', diferencia_centimos: 0, codigo: r.codigo, boleto: view.boletos[0]! };
  }
  return pendingAnswer(r);
}

// ------------------------------------------------------------------ sworn declaration

const declarationOf = (row: typeof declaracion_jurada.$inferSelect): DeclarationView => ({
  contacto_nombre: row.contacto_nombre,
  contacto_telefono: row.contacto_telefono,
  sin_objetos_prohibidos: true,
  apto_para_viajar: true,
  datos_veraces: true,
  registrada: row.registrada.toISOString(),
});

/** Why the declaration cannot be registered now, or null. */
function declarationRefusal(rec: TicketRecord, registered: boolean, now: Date): DeclarationTicket['motivo'] {
  if (registered) return 'declaration.exists';
  if (rec.ticket.estado !== 'emitido') return 'aftersale.boleto.postergado';
  if (rec.reservation.estado !== 'pagada') return 'aftersale.boleto.noPagado';
  if (rec.salida.getTime() <= now.getTime()) return 'declaration.tooLate';
  return null;
}

async function declarationTicketOf(db: Database, rec: TicketRecord, now: Date): Promise<DeclarationTicket> {
  const [row] = await db.select().from(declaracion_jurada).where(eq(declaracion_jurada.numero, rec.ticket.numero));
  const motivo = declarationRefusal(rec, Boolean(row), now);
  return { boleto: await ticketView(db, rec, now), declaracion: row ? declarationOf(row) : null, abierta: motivo === null, motivo };
}

/** `POST /rest/declaracion/boleto`: the ticket's passenger and trip, and its declaration if registered. */
export async function declarationTicket(db: Database, numero: string, access: TicketAccess, now: Date): Promise<DeclarationTicket> {
  return declarationTicketOf(db, await ticketRecord(db, numero, access, now), now);
}

export interface DeclarationInput {
  numero: string;
  contacto_nombre: string;
  contacto_telefono: string;
}

/** `POST /rest/declaracion/registrar`: once per valid ticket, before departure (the ticket's number is the key). */
export async function registerDeclaration(db: Database, input: DeclarationInput, access: TicketAccess, now: Date): Promise<DeclarationTicket> {
  const rec = await ticketRecord(db, input.numero, access, now);
  const refusal = declarationRefusal(rec, false, now);
  if (refusal) throw new ConflictError(refusal);
  const [row] = await db
    .insert(declaracion_jurada)
    .values({
      numero: input.numero,
      contacto_nombre: input.contacto_nombre,
      contacto_telefono: input.contacto_telefono,
      sin_objetos_prohibidos: true,
      apto_para_viajar: true,
      datos_veraces: true,
      registrada: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ConflictError('declaration.exists');
  return declarationTicketOf(db, rec, now);
}
