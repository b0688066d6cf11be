import type { Choice, Language, Passenger, TicketChanges } from '@rumbo/shared/schemas';
import { addYears } from 'date-fns';
import { and, count, eq } from 'drizzle-orm';
import { ticketRecord, ticketView, type TicketAccess, type TicketRecord } from '../aftersale/aftersale.service';
import type { Database } from '../db/client';
import { ConflictError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { legsOf, mailLegs } from '../sales/legs';
import { ticketsMail } from '../sales/sales-mail';
import { boleto, boleto_movimiento, reserva_asiento, ticketPassenger } from '../sales/sales.tables';
import { salesLocks } from '../sales/sales.locks';
import { ticketQr, verifyTicketQr } from '../sales/tickets';
import { choiceOf, disruptionOfSeat, paidParts, refundableByApi, voidTicket, type ChoiceContext } from './choices';
import { gives } from './declare';
import { boleto_cambio } from './disruptions.tables';

// Changes a customer makes alone (issue 35): cancel a ticket, transfer it to another passenger.

const HOUR = 3_600_000;

type Refusal = TicketChanges['motivo'];

/** Why the ticket cannot be changed at all now (before looking at the deadlines), or null. */
async function changeRefusal(db: Database, rec: TicketRecord, context: ChoiceContext): Promise<Refusal> {
  if (rec.ticket.estado !== 'emitido' || rec.reservation.estado !== 'pagada') return 'change.notValid';
  // A disruption that gives the right: the free choice of its link is the way (no fee).
  const d = await disruptionOfSeat(db, rec.ticket.cviaje_asiento);
  if (d && gives(d, context.policy)) return 'change.disrupted';
  return null;
}

/** Whether the seat is a minor's or carries a minor in its charge, or on its lap (issue 34) (not transferred online). */
async function withMinor(db: Database, rec: TicketRecord): Promise<boolean> {
  if (rec.seat.menor || rec.seat.infante) return true;
  const [row] = await db
    .select({ n: count() })
    .from(reserva_asiento)
    .where(and(eq(reserva_asiento.creserva, rec.reservation.creserva), eq(reserva_asiento.cviaje_asiento_responsable, rec.seat.cviaje_asiento)));
  return Number(row?.n ?? 0) > 0;
}

const cancelDeadline = (rec: TicketRecord, context: ChoiceContext) => new Date(rec.salida.getTime() - context.policy.cancelHours * HOUR);
const transferDeadline = (rec: TicketRecord, context: ChoiceContext) => new Date(rec.salida.getTime() - context.policy.transferHours * HOUR);

/** `POST /rest/venta/cambios`: what cancelling or transferring would do now, shown before the customer confirms. */
export async function ticketChanges(db: Database, numero: string, access: TicketAccess, context: ChoiceContext): Promise<TicketChanges> {
  const { now, policy } = context;
  const rec = await ticketRecord(db, numero, access, now);
  const refusal = await changeRefusal(db, rec, context);
  const parts = await paidParts(db, numero);
  const paid = parts.reduce((sum, p) => sum + p.monto, 0);
  const fee = Math.round((paid * policy.cancelFeePct) / 100);
  const cancelUntil = cancelDeadline(rec, context);
  const transferUntil = transferDeadline(rec, context);
  const anulable = refusal === null && now < cancelUntil;
  const transferible = refusal === null && now < transferUntil && !(await withMinor(db, rec));
  return {
    boleto: await ticketView(db, rec, now),
    anulable,
    anulable_hasta: cancelUntil.toISOString(),
    reembolso_centimos: paid - fee,
    reembolso_por_api: refundableByApi(parts, context.providers),
    cargo_centimos: fee,
    credito_centimos: paid,
    credito_meses: policy.creditMonths,
    transferible,
    transferible_hasta: transferUntil.toISOString(),
    // Neither possible: a minor's ticket before the transfer limit, else too late.
    motivo: refusal ?? (anulable || transferible ? null : now < transferUntil ? 'change.minor' : 'change.tooLate'),
  };
}

/** The same request again (a double click) answers what it did; another change already made is a 409. */
async function repeated(db: Database, numero: string, tipo: Choice['tipo'], context: ChoiceContext): Promise<Choice | null> {
  const existing = await choiceOf(db, numero, context.now);
  if (!existing) return null;
  if (existing.tipo !== tipo) throw new ConflictError('disruption.yaElegido');
  return existing;
}

/**
 * `POST /rest/venta/anular`: until the cancellation limit before the boarding stop, the ticket
 * voided for a refund of its price less the fee, or travel credit of the full price; its seat
 * goes back on sale for its stretch at once (voidTicket). Once per ticket.
 */
export async function cancelTicket(db: Database, input: { numero: string; destino: 'original' | 'credito' }, access: TicketAccess, context: ChoiceContext): Promise<Choice> {
  const rec = await ticketRecord(db, input.numero, access, context.now);
  const again = await repeated(db, input.numero, 'anulacion', context);
  if (again) return again;
  const refusal = await changeRefusal(db, rec, context);
  if (refusal) throw new ConflictError(refusal);
  if (context.now >= cancelDeadline(rec, context)) throw new ConflictError('change.tooLate');
  await voidTicket(db, rec, { numero: input.numero, tipo: 'anulacion', destino: input.destino, feePct: context.policy.cancelFeePct, bonusPct: 0, cincidencia: null }, context);
  return (await repeated(db, input.numero, 'anulacion', context))!;
}

/**
 * Issue 45 item 7: the transfer already made answers a transfer to the same passenger (a double
 * click, another tab); a transfer to someone else is a 409 saying it was already transferred
 * (before, it answered 200 with the first one's ticket, as if it had applied); another change is
 * the 409 of `repeated`.
 */
async function repeatedTransfer(db: Database, numero: string, p: Passenger, context: ChoiceContext): Promise<Choice | null> {
  const existing = await repeated(db, numero, 'transferencia', context);
  if (!existing) return null;
  const [change] = await db.select().from(boleto_cambio).where(eq(boleto_cambio.numero, numero));
  const [issued] = change?.boleto_nuevo ? await db.select().from(boleto).where(eq(boleto.numero, change.boleto_nuevo)) : [];
  const same =
    issued !== undefined &&
    issued.pasajero_ctipo_documento === p.ctipo_documento &&
    issued.pasajero_numero === p.numero &&
    issued.pasajero_nombres === p.nombres &&
    issued.pasajero_paterno === p.paterno &&
    issued.pasajero_materno === p.materno &&
    String(issued.pasajero_nacimiento).slice(0, 10) === p.nacimiento;
  if (!same) throw new ConflictError('change.yaTransferido');
  return existing;
}

/**
 * `POST /rest/venta/transferir`: until the transfer limit, the ticket in another (adult)
 * passenger's name, free: in one transaction (the reservation, then the ticket locked) the old
 * ticket is 'transferido' (its QR no longer boards: `boardingCheck`), a new ticket with a new
 * number and QR is issued for the same seat, the seat's passenger becomes the new one (the old one
 * is kept on the change), ledger rows, and the tickets mail (a new PDF) to the buyer. Once per ticket.
 */
export async function transferTicket(db: Database, input: { numero: string; pasajero: Passenger }, access: TicketAccess, context: ChoiceContext): Promise<Choice> {
  const { now } = context;
  const rec = await ticketRecord(db, input.numero, access, now);
  const again = await repeatedTransfer(db, input.numero, input.pasajero, context);
  if (again) return again;
  const refusal = await changeRefusal(db, rec, context);
  if (refusal) throw new ConflictError(refusal);
  if (now >= transferDeadline(rec, context)) throw new ConflictError('change.tooLate');
  const p = input.pasajero;
  if ((await withMinor(db, rec)) || addYears(new Date(`${p.nacimiento}T00:00:00Z`), 18) > rec.salida) throw new ConflictError('change.minor');

  await db.transaction(async (tx) => {
    const r = await salesLocks.reservation(tx, rec.reservation.creserva);
    const ticket = await salesLocks.ticket(tx, input.numero);
    const [already] = await tx.select().from(boleto_cambio).where(eq(boleto_cambio.numero, input.numero));
    if (already) return;
    if (!r || !ticket || ticket.estado !== 'emitido') throw new ConflictError('change.notValid');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(boleto).where(eq(boleto.creserva, r.creserva));
    const numero = `${r.codigo}-${Number(n) + 1}`;
    const seat = rec.seat;
    await tx.update(boleto).set({ estado: 'transferido', postergado_a: numero }).where(eq(boleto.numero, input.numero));
    await tx.insert(boleto).values({
      numero,
      creserva: r.creserva,
      cviaje_asiento: ticket.cviaje_asiento,
      qr: ticketQr(context.secret, { numero, cviaje: seat.cviaje, nasiento: seat.nasiento, gnivel_piso: seat.gnivel_piso }),
      emitido: now,
      ...ticketPassenger(p),
    });
    await tx
      .update(reserva_asiento)
      .set({ ctipo_documento: p.ctipo_documento, numero: p.numero, nombres: p.nombres, paterno: p.paterno, materno: p.materno, email: p.email, nacimiento: p.nacimiento })
      .where(and(eq(reserva_asiento.creserva, r.creserva), eq(reserva_asiento.cviaje_asiento, ticket.cviaje_asiento)));
    await tx.insert(boleto_cambio).values({
      numero: input.numero,
      tipo: 'transferencia',
      boleto_nuevo: numero,
      pasajero_anterior: { ctipo_documento: seat.ctipo_documento, numero: seat.numero, nombres: seat.nombres, paterno: seat.paterno, materno: seat.materno, email: seat.email, nacimiento: seat.nacimiento },
      creado: now,
    });
    await tx.insert(boleto_movimiento).values([
      { numero: input.numero, tipo: 'transferencia', boleto_desde: input.numero, boleto_hasta: numero, monto_centimos: 0, creserva: r.creserva, fecha: now },
      { numero, tipo: 'emision', boleto_desde: input.numero, monto_centimos: 0, creserva: r.creserva, fecha: now },
    ]);
    const legs = await legsOf(tx, [seat]);
    await enqueueMail(tx, ticketsMail({ codigo: r.codigo, nombre: r.comprador_nombre, email: r.comprador_email, totalCentimos: r.total_centimos }, (r.idioma === 'en-EN' ? 'en-EN' : 'es-PE') as Language, mailLegs(legs)));
  });
  // The transfer this request made, or the one another request made first (then a 409 when it was to someone else).
  return (await repeatedTransfer(db, input.numero, input.pasajero, context))!;
}

/** What a boarding scanner asks of a QR: signed by us AND its ticket still valid (a transferred, postponed or cancelled ticket's QR does not board). */
export async function boardingCheck(db: Database, secret: string, qr: string): Promise<{ valido: boolean; numero: string | null }> {
  const numero = qr.split('|')[1] ?? null;
  if (!verifyTicketQr(secret, qr) || !numero) return { valido: false, numero: null };
  const [row] = await db.select({ estado: boleto.estado, qr: boleto.qr }).from(boleto).where(eq(boleto.numero, numero));
  return { valido: row?.estado === 'emitido' && row.qr === qr, numero };
}
