import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { enterLockStep, locks } from '../db/lock-order';
import {
  POINTS_MIN_REDEMPTION,
  POSTPONE_MIN_HOURS,
  RECOVERY_ACCESS_HOURS,
  type DeclarationTicket,
  type DeclarationView,
  type Language,
  type PointsQuote,
  type PostponableTicket,
  type PostponeAnswer,
  type PostponeRefusal,
  type RecoveryAnswer,
  type ReservationView,
  type Ticket,
} from '@rumbo/shared/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError, InvalidInputError, NotFoundError, UnauthorizedError } from '../errors';
import { hashKey } from '../seats/seats.service';
import { viaje_asiento } from '../seats/seats.tables';
import {
  effectiveState,
  heldSeats,
  insertReservation,
  issuePaid,
  legsOf,
  price,
  priceHeld,
  reservationExpiry,
  reservationOf,
  unpayable,
  viewOf,
  withPoints,
  type NoticeContext,
} from '../sales/sales.service';
import { acceso_recuperacion, boleto, canje_puntos, declaracion_jurada, reserva, reserva_asiento } from '../sales/sales.tables';
import { lockPointsOf, pointsValue } from './points.service';
import { sameHash } from '../accounts/secrets';
import { enqueueMail } from '../mail/outbox';
import { recuperacion_codigo } from './aftersale.tables';
import { recoveryCodeMail } from './recovery-mail';

const HOUR = 3_600_000;
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

// ------------------------------------------------------------------ recovery

/** A recovery code lasts this long and allows this many tries. */
export const RECOVERY_CODE_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_MAX_TRIES = 5;

/** What is stored of a recovery code: an HMAC keyed with the server's secret and bound to the purchase. */
const recoveryCodeHash = (code: string, creserva: number, secret: string) => createHmac('sha256', secret).update(`recuperar:${creserva}:${code}`).digest('hex');

/**
 * `POST /rest/venta/recovery`. The payment code and the buyer's e-mail are printed on every
 * passenger's ticket, so they do not prove the buyer (issue 15): when they match, a one-time code
 * is mailed to the buyer's address (`{ enviado: true }`); the same request with that code
 * (`verificacion`) answers the reservation and a new random access key (stored only as its
 * SHA-256) that works as `clave_bloqueo` for RECOVERY_ACCESS_HOURS. The same 404 for a wrong code
 * or a wrong e-mail; a wrong, expired or used-up verification code reads alike.
 */
export async function recoverPurchase(
  db: Database,
  body: { codigo: string; email: string; verificacion?: string | undefined },
  context: { now: Date; secret: string; language: Language },
): Promise<RecoveryAnswer | { enviado: true }> {
  const { now, secret } = context;
  const [r] = await db
    .select({ creserva: reserva.creserva, nombre: reserva.comprador_nombre, email: reserva.comprador_email, codigo: reserva.codigo })
    .from(reserva)
    .where(and(eq(reserva.codigo, body.codigo), sql`lower(${reserva.comprador_email}) = ${body.email}`));
  if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
  if (body.verificacion === undefined) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      const values = { creserva: r.creserva, hash: recoveryCodeHash(code, r.creserva, secret), intentos: 0, expira: new Date(now.getTime() + RECOVERY_CODE_TTL_MS), creado: now };
      await tx.insert(recuperacion_codigo).values(values).onConflictDoUpdate({ target: recuperacion_codigo.creserva, set: values });
      await enqueueMail(tx, recoveryCodeMail(r.email, r.nombre, r.codigo, code, context.language));
    });
    return { enviado: true };
  }
  const verificacion = body.verificacion;
  const proven = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(recuperacion_codigo).where(eq(recuperacion_codigo.creserva, r.creserva)).for('update');
    if (!row || row.expira <= now || row.intentos >= RECOVERY_CODE_MAX_TRIES) return false;
    if (!sameHash(row.hash, recoveryCodeHash(verificacion, r.creserva, secret))) {
      await tx.update(recuperacion_codigo).set({ intentos: row.intentos + 1 }).where(eq(recuperacion_codigo.creserva, r.creserva));
      return false;
    }
    await tx.delete(recuperacion_codigo).where(eq(recuperacion_codigo.creserva, r.creserva));
    return true;
  });
  if (!proven) throw new InvalidInputError('aftersale.verificacion.invalid', 'verificacion');
  const acceso = randomBytes(24).toString('base64url');
  const expira = new Date(now.getTime() + RECOVERY_ACCESS_HOURS * HOUR);
  await db.insert(acceso_recuperacion).values({ creserva: r.creserva, clave_hash: hashKey(acceso), expira, creado: now });
  return { reserva: await viewOf(db, r.creserva, now), acceso, expira: expira.toISOString() };
}

// ------------------------------------------------------------------ a ticket and who may act on it

/** Who asks: the signed-in customer, or a code with its purchase key or a recovery key. */
export interface TicketAccess {
  ccuenta?: number;
  codigo?: string;
  clave_bloqueo?: string;
}

/** A ticket with its reservation, its seat and its trip's departure and route. */
type TicketRecord = {
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
async function ticketRecord(db: Database, numero: string, access: TicketAccess, now: Date, lock = false): Promise<TicketRecord> {
  if (access.ccuenta === undefined && (access.codigo === undefined || access.clave_bloqueo === undefined)) throw new UnauthorizedError();
  const query = db.select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(boleto.numero, numero));
  if (lock) enterLockStep(db, 'ticket', numero);
  const [row] = lock ? await query.for('update', { of: boleto }) : await query;
  if (!row) throw new NotFoundError('aftersale.boleto.noEncontrado');
  const r = row.reserva;
  let allowed = false;
  if (access.codigo !== undefined && access.clave_bloqueo !== undefined) {
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

async function ticketView(db: Database, rec: TicketRecord, now: Date): Promise<Ticket> {
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
export async function postpone(db: Database, input: PostponeInput, access: TicketAccess, context: PostponeContext): Promise<PostponeAnswer> {
  const { now } = context;
  const keyHash = hashKey(input.clave_nueva);
  const creserva = await db.transaction(async (tx) => {
    await locks.purchaseKey(tx, keyHash);
    const rec = await ticketRecord(tx, input.numero, access, now, true);
    // The same request again (a double click, a retry): the postponement it made.
    const [existing] = await tx.select().from(reserva).where(and(eq(reserva.clave_hash, keyHash), eq(reserva.boleto_origen, input.numero)));
    if (existing && effectiveState(existing, now).estado !== 'anulada') return existing.creserva;

    const refusal = postponeRefusal(rec, now);
    if (refusal) throw new ConflictError(refusal);
    if (await pendingPostponement(tx, input.numero, now)) throw new ConflictError('postpone.pending');

    const seat = (await heldSeats(tx, keyHash, now, true)).find((s) => s.cviaje_asiento === input.cviaje_asiento);
    if (!seat) throw new ConflictError('postpone.seatNotHeld');
    const { seats: priced, trips } = await price(tx, [seat], undefined, now);
    const newSeat = priced[0]!;
    const route = await routeOf(tx, newSeat.cviaje, newSeat.cviaje_asiento);
    if (route.origen_cciudad !== rec.origen_cciudad || route.destino_cciudad !== rec.destino_cciudad) throw new ConflictError('postpone.otherRoute');

    const diferencia = Math.max(newSeat.precio_centimos - rec.seat.precio_centimos, 0);
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
      })
      .returning();
    await tx
      .update(viaje_asiento)
      .set({ expira })
      .where(and(eq(viaje_asiento.cviaje_asiento, newSeat.cviaje_asiento), eq(viaje_asiento.clave_hash, keyHash), eq(viaje_asiento.gestado_asiento, 84)));
    if (diferencia === 0) {
      const issued = await issuePaid(tx, created, [seatRow!], context);
      if (issued.result !== 'pagada') throw new ConflictError(issued.code);
    }
    return created.creserva;
  });
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

// ------------------------------------------------------------------ points

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
      .where(and(eq(viaje_asiento.clave_hash, keyHash), eq(viaje_asiento.gestado_asiento, 84)));
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
  const creserva = await db.transaction(async (tx) => {
    const found = await reservationOf(tx, body.codigo, body.clave_bloqueo, now);
    const r = await locks.reservation(tx, found.creserva);
    if (!r) throw new NotFoundError('sale.reserva.noEncontrada');
    const refusal = unpayable(r, now);
    if (refusal) throw new ConflictError(refusal);
    if (r.total_centimos !== 0) throw new ConflictError('points.notZero');
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const issued = await issuePaid(tx, r, seats, context);
    if (issued.result !== 'pagada') throw new ConflictError(issued.code);
    return r.creserva;
  });
  return viewOf(db, creserva, now);
}
