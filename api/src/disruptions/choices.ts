import { addDays, limaToday, SALES_CHANNEL, SEAT_STATE, type Choice, type DisruptionTicket, type Language, type Trip } from '@rumbo/shared/schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { postpone, ticketRecord, ticketView, type TicketRecord } from '../aftersale/aftersale.service';
import { creditSpentOn, issueCredit, type CreditHolder } from '../credit/credit.service';
import { credito } from '../credit/credit.tables';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import type { PaymentProvider } from '../payments/provider';
import type { NoticeContext } from '../sales/issuance';
import { viewOf } from '../sales/reservation-views';
import { boleto, boleto_movimiento, pago, reserva, reserva_asiento } from '../sales/sales.tables';
import { salesLocks } from '../sales/sales.locks';
import { changeSeat, hashKey, seatMap } from '../seats/seats.service';
import { AVAILABLE, HELD, SOLD, viaje_asiento } from '../seats/seats.tables';
import { searchTrips } from '../trips/trips.queries';
import { gives, linkExpiry } from './declare';
import { choiceMail } from './disruption-mail';
import { boleto_cambio, reembolso, viaje_incidencia } from './disruptions.tables';
import { verifyDisruptionToken } from './links';
import { settleRefund } from './refunds';
import type { ChangePolicy } from './policy';
import type { VoucherUndo } from './voucher-port';

// What the holder of a ticket a disruption affects may choose through the mailed link (issue 35).

export interface ChoiceContext extends NoticeContext {
  language: Language;
  policy: ChangePolicy;
  vouchers: VoucherUndo;
  /** The payment providers by name, for refunds to the original payment. */
  providers: Partial<Record<string, PaymentProvider>>;
}

type DisruptionRow = typeof viaje_incidencia.$inferSelect;

/** The disruption that reaches a ticket's seat and weighs most (a cancellation before a delay; the longest delay). */
export async function disruptionOfSeat(db: Database, cviaje_asiento: number): Promise<DisruptionRow | undefined> {
  const rows = await queryRows<{ cincidencia: number }>(db, sql`
    select i.cincidencia from viaje_incidencia i
    join viaje_asiento va on va.cviaje = i.cviaje
    where va.cviaje_asiento = ${cviaje_asiento}
      and ((i.tipo = 'cancelacion' and va.paradas && i.paradas) or (i.tipo = 'retraso' and upper(va.paradas) > lower(i.paradas)))
    order by (i.tipo = 'cancelacion') desc, i.minutos desc, i.cincidencia
    limit 1`);
  if (!rows[0]) return undefined;
  const [row] = await db.select().from(viaje_incidencia).where(eq(viaje_incidencia.cincidencia, Number(rows[0].cincidencia)));
  return row;
}

/** The ticket the link names, proven by its token; 400 for a wrong or expired token (the same answer for both). */
async function linkedTicket(db: Database, numero: string, token: string, context: ChoiceContext, lock = false): Promise<TicketRecord> {
  if (!verifyDisruptionToken(context.secret, numero, token, context.now)) throw new InvalidInputError('disruption.link.invalid', 'token');
  return ticketRecord(db, numero, { proven: true }, context.now, lock);
}

/** The departure a ticket was sold for (before any delay), which the rebooking window counts from. */
async function originalDeparture(db: Database, rec: TicketRecord): Promise<Date> {
  const [row] = await queryRows<{ salida: string }>(db, sql`
    select to_char(v.salida at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as salida from viaje v where v.cviaje = ${rec.seat.cviaje}`);
  return new Date(row!.salida);
}

/**
 * What a refund of the ticket gives back, payment by payment: its share of what its sale was paid
 * (its fare over the sale's subtotal, times what was paid: discounts and points are shared out),
 * plus, for a postponed ticket, what its postponement was paid, down the chain of postponements.
 * Issue 45: what was paid is what the sale really received, its payment's money and the credit it
 * spent, never more than its total: a sale issued short of either gives back only what it got.
 */
export async function paidParts(db: Database, numero: string): Promise<{ creserva: number; cpago: number | null; proveedor: string; referencia: string; operacion: string | null; monto: number }[]> {
  const parts: Awaited<ReturnType<typeof paidParts>> = [];
  let current: string | null = numero;
  for (let depth = 0; current && depth < 20; depth += 1) {
    const [row] = await db.select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(boleto.numero, current));
    if (!row) break;
    const r = row.reserva;
    const [seat] = await db.select().from(reserva_asiento).where(and(eq(reserva_asiento.creserva, r.creserva), eq(reserva_asiento.cviaje_asiento, row.boleto.cviaje_asiento)));
    const [payment] = await db.select().from(pago).where(and(eq(pago.creserva, r.creserva), eq(pago.estado, 'pagado'))).orderBy(asc(pago.cpago)).limit(1);
    const credit = await creditSpentOn(db, r.creserva);
    const received = Math.min(credit + (payment?.monto_centimos ?? 0), r.total_centimos);
    const share = r.tipo === 'postergacion' ? received : r.subtotal_centimos > 0 ? Math.round(((seat?.precio_centimos ?? 0) * received) / r.subtotal_centimos) : 0;
    // Paid (partly or all) with travel credit: that share goes back as credit, the rest to the payment.
    const creditShare = received > 0 ? Math.round((share * Math.min(credit, received)) / received) : 0;
    const moneyShare = share - creditShare;
    if (creditShare > 0) parts.push({ creserva: r.creserva, cpago: null, proveedor: 'credito', referencia: '', operacion: null, monto: creditShare });
    if (moneyShare > 0) parts.push({ creserva: r.creserva, cpago: payment?.cpago ?? null, proveedor: payment?.proveedor ?? 'ninguno', referencia: payment?.referencia ?? '', operacion: payment?.operacion ?? null, monto: moneyShare });
    current = r.tipo === 'postergacion' ? r.boleto_origen : null;
  }
  return parts;
}

/**
 * Issue 46: whether every money part of a refund goes back by its provider's refund API (a Culqi
 * card or Yape charge, SafetyPay); false when one cannot (a wallet's QR order, a PagoEfectivo CIP):
 * the page says so before the customer confirms (credit, or a transfer the operator pays).
 */
export function refundableByApi(parts: Awaited<ReturnType<typeof paidParts>>, providers: ChoiceContext['providers']): boolean {
  return parts
    .filter((p) => p.proveedor !== 'credito')
    .every((p) => {
      const provider = providers[p.proveedor];
      return Boolean(provider?.refund) && (provider!.canRefund?.({ operacion: p.operacion }) ?? true);
    });
}

export async function choiceOf(db: Database, numero: string, now: Date): Promise<Choice | null> {
  const [row] = await db.select().from(boleto_cambio).where(eq(boleto_cambio.numero, numero));
  if (!row) return null;
  let boleto_nuevo = null;
  if (row.boleto_nuevo) {
    const [t] = await db.select({ creserva: boleto.creserva }).from(boleto).where(eq(boleto.numero, row.boleto_nuevo));
    boleto_nuevo = t ? ((await viewOf(db, t.creserva, now)).boletos.find((b) => b.numero === row.boleto_nuevo) ?? null) : null;
  }
  const refunds = await db.select().from(reembolso).where(eq(reembolso.numero, numero));
  const estado = refunds.length === 0 ? null : refunds.some((r) => r.estado === 'fallido') ? 'fallido' : refunds.every((r) => r.estado === 'hecho') ? 'hecho' : 'pendiente';
  const [lot] = row.tipo === 'credito' || row.tipo === 'anulacion' ? await db.select().from(credito).where(eq(credito.origen, numero)).orderBy(desc(credito.ccredito)).limit(1) : [];
  return {
    tipo: row.tipo as Choice['tipo'],
    boleto_nuevo,
    monto_centimos: row.monto_centimos,
    reembolso: estado,
    credito_vence: lot ? lot.vence.toISOString() : null,
    creado: row.creado.toISOString(),
  };
}

/** Trips of the ticket's stretch leaving after now and within the rebooking window, on sale, with free seats (at most 12). */
async function rebookTrips(db: Database, rec: TicketRecord, original: Date, context: ChoiceContext): Promise<Trip[]> {
  const until = original.getTime() + context.policy.rebookDays * 86_400_000;
  const found: Trip[] = [];
  const first = limaToday(new Date(Math.max(context.now.getTime(), original.getTime() - 86_400_000)));
  for (let day = 0; day <= context.policy.rebookDays + 1 && found.length < 12; day += 1) {
    const trips = await searchTrips(db, { origen: rec.origen_codigo, destino: rec.destino_codigo, fecha: addDays(first, day) }, context.now);
    for (const trip of trips) {
      if (trip.cviaje === rec.seat.cviaje || trip.asientos_libres < 1 || new Date(trip.fecha_salida).getTime() > until) continue;
      if (trip.cterminal_origen !== rec.cterminal_origen || trip.cterminal_destino !== rec.cterminal_destino) continue;
      found.push(trip);
    }
  }
  return found.slice(0, 12);
}

/** `POST /rest/incidencia/boleto`: the ticket, its disruption, whether it gives the right, the trips to rebook on, and the choice once made. */
export async function disruptionTicket(db: Database, numero: string, token: string, context: ChoiceContext): Promise<DisruptionTicket> {
  const rec = await linkedTicket(db, numero, token, context);
  const d = await disruptionOfSeat(db, rec.ticket.cviaje_asiento);
  if (!d) throw new NotFoundError('aftersale.boleto.noEncontrado');
  const original = await originalDeparture(db, rec);
  const eleccion = await choiceOf(db, numero, context.now);
  const right = gives(d, context.policy) && rec.ticket.estado === 'emitido' && eleccion === null;
  const parts = await paidParts(db, numero);
  const refund = parts.reduce((sum, p) => sum + p.monto, 0);
  return {
    boleto: await ticketView(db, rec, context.now),
    codigo: rec.reservation.codigo,
    incidencia: { tipo: d.tipo as 'retraso' | 'cancelacion', minutos: d.minutos, motivo: context.language === 'en-EN' ? d.motivo_en : d.motivo_es, salida: rec.salida.toISOString() },
    derecho: gives(d, context.policy),
    hasta: linkExpiry(original, context.policy).toISOString(),
    bono_credito_pct: context.policy.creditBonusPct,
    reembolso_centimos: refund,
    reembolso_por_api: refundableByApi(parts, context.providers),
    viajes: right ? await rebookTrips(db, rec, original, context) : [],
    eleccion,
  };
}

/** The disruption that gives this ticket a choice now, or a 409 saying why not (already chosen: the same choice answers itself). */
async function choosable(db: Database, rec: TicketRecord, context: ChoiceContext): Promise<DisruptionRow> {
  const d = await disruptionOfSeat(db, rec.ticket.cviaje_asiento);
  if (!d || !gives(d, context.policy)) throw new ConflictError('disruption.sinDerecho');
  return d;
}

/**
 * `POST /rest/incidencia/reprogramar`: holds a free seat of the ticket's stretch on trip `cviaje`
 * (same stretch, within the window, on sale) and postpones the ticket to it with the difference
 * waived, recording the choice in the same transaction. A second request (a double click, another
 * tab) answers the first rebooking and gives back the seat it held.
 */
export async function rebook(db: Database, input: { numero: string; token: string; cviaje: number }, context: ChoiceContext): Promise<Choice> {
  const rec = await linkedTicket(db, input.numero, input.token, context);
  const existing = await choiceOf(db, input.numero, context.now);
  if (existing) {
    if (existing.tipo === 'reprogramacion') return existing;
    throw new ConflictError('disruption.yaElegido');
  }
  const d = await choosable(db, rec, context);
  if (rec.ticket.estado !== 'emitido') throw new ConflictError('disruption.yaElegido');
  const original = await originalDeparture(db, rec);
  const options = await rebookTrips(db, rec, original, context);
  const trip = options.find((t) => t.cviaje === input.cviaje);
  if (!trip) throw new ConflictError('disruption.viaje.noValido');

  const map = await seatMap(db, { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, susuario: SALES_CHANNEL.susuario, cusuario: SALES_CHANNEL.cusuario }, context.now);
  const free = map.asientos
    .filter((c) => c.gobjeto_sitio === 1 && c.gestado_asiento === SEAT_STATE.AVAILABLE && c.cviaje_asiento && c.nasiento && c.precio !== null)
    // The same deck first (the passenger keeps what they chose), then any.
    .sort((a, b) => Number(b.gnivel_piso === rec.seat.gnivel_piso) - Number(a.gnivel_piso === rec.seat.gnivel_piso));
  for (const seat of free.slice(0, 5)) {
    let key: string;
    try {
      const held = await changeSeat(db, {
        cviaje: trip.cviaje,
        cviaje_asiento: seat.cviaje_asiento!,
        cterminal_origen: trip.cterminal_origen,
        cterminal_destino: trip.cterminal_destino,
        nasiento: seat.nasiento!,
        gnivel_piso: seat.gnivel_piso as 15 | 16,
        gcategoria_asiento: seat.gcategoria_asiento as 140 | 160 | 180,
        gestado_asiento: SEAT_STATE.HELD,
        susuario: SALES_CHANNEL.susuario,
        cusuario: SALES_CHANNEL.cusuario,
      }, context.now);
      key = held.clave_bloqueo;
    } catch (error) {
      if (error instanceof ConflictError) continue; // taken meanwhile: the next one
      throw error;
    }
    try {
      await postpone(db, { numero: input.numero, clave_nueva: key, cviaje_asiento: seat.cviaje_asiento! }, { proven: true }, context, {
        waive: true,
        record: async (tx, replacement) => {
          await tx.insert(boleto_cambio).values({ numero: input.numero, tipo: 'reprogramacion', cincidencia: d.cincidencia, boleto_nuevo: replacement, creado: context.now });
        },
      });
    } catch (error) {
      await releaseHold(db, key);
      // Another request rebooked (or refunded) the ticket first: its choice is the answer.
      const chosen = await choiceOf(db, input.numero, context.now);
      if (chosen?.tipo === 'reprogramacion') return chosen;
      if (chosen) throw new ConflictError('disruption.yaElegido');
      throw error;
    }
    return (await choiceOf(db, input.numero, context.now))!;
  }
  throw new ConflictError('disruption.sinAsientos');
}

/** Gives back a seat a rebooking held and did not use. */
async function releaseHold(db: Database, key: string): Promise<void> {
  await db
    .update(viaje_asiento)
    .set({ gestado_asiento: AVAILABLE, clave_hash: null, expira: null, cliente_hash: null })
    .where(and(eq(viaje_asiento.clave_hash, hashKey(key)), eq(viaje_asiento.gestado_asiento, HELD)));
}

/** Who a ticket's credit goes to: its buyer's account, or the guest's original purchase. */
const creditHolderOf = (r: typeof reserva.$inferSelect): CreditHolder => (r.ccuenta !== null ? { ccuenta: r.ccuenta } : { creserva: r.creserva_origen ?? r.creserva });

export interface VoidRequest {
  numero: string;
  tipo: 'reembolso' | 'credito' | 'anulacion';
  /** 'original' or 'credito' (anulacion: the customer's pick). */
  destino: 'original' | 'credito';
  /** Percent kept as a fee (self-service cancellation to the payment), percent added as a bonus (a disruption's credit). */
  feePct: number;
  bonusPct: number;
  cincidencia: number | null;
}

/**
 * Voids a valid ticket for money back or credit, in one transaction under the locks of its
 * reservations and then the ticket (db/lock-order.ts): the
 * choice row first (a second request finds it and changes nothing), the ticket 'anulado', its
 * seat back on sale for its stretch, an 'anulacion' ledger row, the refunds to make (each with its
 * idempotency key) or the credit lot, the voucher's credit note, the buyer's mail. Refunds are
 * then asked of the provider outside the transaction (settleRefunds).
 */
export async function voidTicket(db: Database, rec: TicketRecord, request: VoidRequest, context: ChoiceContext): Promise<void> {
  const { now } = context;
  const parts = await paidParts(db, request.numero);
  const paid = parts.reduce((sum, p) => sum + p.monto, 0);
  await db.transaction(async (tx) => {
    // Issue 45 item 7: the reservations first (the ticket's, whose ledger row this writes, and each
    // paid part's, whose refund rows point at them), ascending, then the ticket. Writing those rows
    // takes a share lock on each reservation through its foreign key; taken after the ticket, that
    // lock ran against a transfer (reservation → ticket) and deadlocked.
    for (const creserva of [...new Set([rec.reservation.creserva, ...parts.map((p) => p.creserva)])].sort((x, y) => x - y)) await salesLocks.reservation(tx, creserva);
    const ticket = await salesLocks.ticket(tx, request.numero);
    const [already] = await tx.select().from(boleto_cambio).where(eq(boleto_cambio.numero, request.numero));
    if (already) return;
    if (!ticket || ticket.estado !== 'emitido') throw new ConflictError('disruption.yaElegido');
    const fee = request.destino === 'original' ? Math.round((paid * request.feePct) / 100) : 0;
    const amount = request.destino === 'credito' ? paid + Math.round((paid * request.bonusPct) / 100) : paid - fee;
    await tx.insert(boleto_cambio).values({ numero: request.numero, tipo: request.tipo, cincidencia: request.cincidencia, monto_centimos: amount, cargo_centimos: fee, creado: now });
    await tx.update(boleto).set({ estado: 'anulado' }).where(eq(boleto.numero, request.numero));
    // The seat is on sale again for its stretch at once (only if this sale still holds it).
    await tx
      .update(viaje_asiento)
      .set({ gestado_asiento: AVAILABLE, clave_hash: null, expira: null, cliente_hash: null })
      .where(and(eq(viaje_asiento.cviaje_asiento, ticket.cviaje_asiento), eq(viaje_asiento.gestado_asiento, SOLD)));
    await tx.insert(boleto_movimiento).values({ numero: request.numero, tipo: 'anulacion', monto_centimos: -amount, creserva: rec.reservation.creserva, fecha: now });
    // What each payment gives back (money or credit). Its voucher's credit note is for that much
    // (a cancellation fee kept stays on the original voucher), issued first: the voucher series'
    // lock comes before the credit's in the lock order (db/lock-order.ts).
    const returned: { part: (typeof parts)[number]; monto: number }[] = [];
    if (request.destino === 'original') {
      // Spread the fee over the payments, the last one taking what rounding leaves.
      let feeLeft = fee;
      for (const [i, part] of parts.entries()) {
        const partFee = i === parts.length - 1 ? feeLeft : Math.min(feeLeft, Math.round((part.monto * request.feePct) / 100));
        feeLeft -= partFee;
        if (part.monto - partFee > 0) returned.push({ part, monto: part.monto - partFee });
      }
    } else if (amount > 0) {
      returned.push(...parts.map((part) => ({ part, monto: part.monto })));
    }
    // One credit note per sale, for all that goes back of it (money and credit).
    const bySale = new Map<number, number>();
    for (const { part, monto } of returned) bySale.set(part.creserva, (bySale.get(part.creserva) ?? 0) + monto);
    for (const [creserva, monto] of bySale) await context.vouchers.creditNote(tx, { creserva, numero: request.numero, montoCentimos: monto, motivo: request.tipo });
    let creditUntil: Date | null = null;
    if (request.destino === 'original') {
      for (const { part, monto } of returned) {
        // What was paid with credit goes back as credit, never as money.
        if (part.proveedor === 'credito') {
          creditUntil = await issueCredit(tx, creditHolderOf(rec.reservation), monto, request.numero, context.policy.creditMonths, now);
          continue;
        }
        await tx.insert(reembolso).values({
          numero: request.numero,
          creserva: part.creserva,
          cpago: part.cpago,
          proveedor: part.proveedor,
          monto_centimos: monto,
          clave: `reembolso-${request.numero}-${part.creserva}`,
          creado: now,
        });
      }
    } else if (amount > 0) {
      creditUntil = await issueCredit(tx, creditHolderOf(rec.reservation), amount, request.numero, context.policy.creditMonths, now);
    }
    await enqueueMail(tx, choiceMail(rec.reservation.comprador_email, rec.reservation.comprador_nombre, (rec.reservation.idioma === 'en-EN' ? 'en-EN' : 'es-PE') as Language, { numero: request.numero, monto: amount, creditUntil }));
  });
  await settleRefunds(db, request.numero, context);
}

/**
 * Asks the provider for each refund of the ticket not done yet, with its idempotency key: a retry
 * (a second click, a crash between the provider's answer and our write) cannot refund twice. A
 * provider without a refund API (PagoEfectivo cash) leaves the refund 'pendiente' for the operator.
 */
export async function settleRefunds(db: Database, numero: string, context: Pick<ChoiceContext, 'providers' | 'now'>): Promise<void> {
  const open = await db.select().from(reembolso).where(and(eq(reembolso.numero, numero), inArray(reembolso.estado, ['pendiente', 'fallido'])));
  for (const r of open) await settleRefund(db, r, context.providers, context.now);
}

/** `POST /rest/incidencia/reembolso`: the ticket refunded to its payment or as credit with the bonus, once. */
export async function disruptionRefund(db: Database, input: { numero: string; token: string; destino: 'original' | 'credito' }, context: ChoiceContext): Promise<Choice> {
  const rec = await linkedTicket(db, input.numero, input.token, context);
  const existing = await choiceOf(db, input.numero, context.now);
  const tipo = input.destino === 'original' ? 'reembolso' : 'credito';
  if (existing) {
    if (existing.tipo !== tipo) throw new ConflictError('disruption.yaElegido');
    // A retry of the same choice completes a refund the provider had not answered.
    if (existing.reembolso === 'fallido' || existing.reembolso === 'pendiente') await settleRefunds(db, input.numero, context);
    return (await choiceOf(db, input.numero, context.now))!;
  }
  const d = await choosable(db, rec, context);
  if (rec.ticket.estado !== 'emitido') throw new ConflictError('disruption.yaElegido');
  await voidTicket(db, rec, { numero: input.numero, tipo, destino: input.destino, feePct: 0, bonusPct: context.policy.creditBonusPct, cincidencia: d.cincidencia }, context);
  const chosen = (await choiceOf(db, input.numero, context.now))!;
  if (chosen.tipo !== tipo) throw new ConflictError('disruption.yaElegido');
  return chosen;
}
