import { holdIsLive, POINTS_PER_SOL, type Language, type ReservationReason, type ValidationKey } from '@rumbo/shared/schemas';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { holdOf, releaseHold, spendHold } from '../credit/credit.service';
import { locks } from '../db/lock-order';
import { queryRows } from '../db/rows';
import { enqueueMail, mailInsert } from '../mail/outbox';
import type { PaymentNotice } from '../payments/provider';
import { addPoints, lockPointsOf } from '../points/points.service';
import { AVAILABLE, HELD, SOLD, viaje_asiento } from '../seats/seats.tables';
import { SALES_CLOSE_MINUTES } from '../trips/trips.queries';
import { legsOf, mailLegs, seatsWithLegs, type LegRow } from './legs';
import type { Reservation } from './reservations';
import { refundMail, ticketsMail } from './sales-mail';
import { boleto, boleto_movimiento, canje_puntos, pago, pago_aviso, reserva, reserva_asiento, ticketPassenger } from './sales.tables';
import { ticketQr } from './tickets';
import { salesLocks } from './sales.locks';
import { lockSeats } from '../seats/seat-locks';
import { issueSaleVoucher, numberedAtCommit } from '../vouchers/issue';
import type { VoucherSeries } from '../vouchers/rules';

// Payment notices and what a paid reservation issues: seats sold, tickets, points, mails.

/** issuePaid's callers run their transaction in it: the sale's voucher is numbered at the commit. */
export { numberedAtCommit };

// ------------------------------------------------------------------ notifications

export type NoticeResult = 'pagada' | 'rechazada' | 'reembolso' | 'monto_distinto' | 'pago_duplicado' | 'sin_efecto' | 'desconocido' | 'repetido';

export interface NoticeContext {
  now: Date;
  /** Signs the tickets' QR texts. */
  secret: string;
  /** The series this issuing point numbers the sale's electronic voucher in (issue 44; B001/F001 when unset). */
  series?: VoucherSeries | undefined;
}

/** The seats of a reservation (and `alsoLock`, in the same step), locked, and whether every one is free for it (held by it, available, or a lapsed hold). */
async function lockSeatsFor(tx: Database, r: Reservation, ids: number[], now: Date, alsoLock: number[] = []): Promise<boolean> {
  const wanted = new Set(ids);
  const rows = (await lockSeats(tx, [...ids, ...alsoLock])).filter((s) => wanted.has(s.id));
  const free =
    rows.length === ids.length &&
    rows.every(
      (s) =>
        s.gestado === AVAILABLE ||
        (s.gestado === HELD && (s.clave_hash === r.clave_hash || (s.expira !== null && !holdIsLive(s.expira, now)))),
    );
  if (!free || ids.length === 0) return false;
  // Per stretch (issue 19): the seat must also be free over every stretch that overlaps its own
  // (the seats are locked, so no hold of them is in flight); expired holds there are freed.
  const nowIso = now.toISOString();
  const mine = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const overlapping = sql`
    from viaje_asiento s
    where s.cviaje_asiento in (${mine}) and o.cviaje = s.cviaje and o.nasiento = s.nasiento and o.paradas && s.paradas`;
  // One statement (a round trip fewer per sale): the overlapping stretches sold or held live are
  // counted, and those whose hold lapsed are freed whatever the count says (a lapsed hold is free
  // for every sale; freeing it early changes no answer). Both parts see the statement's snapshot.
  const taken = await queryRows<{ n: number }>(tx, sql`
    with freed as (
      update viaje_asiento o set gestado_asiento = ${AVAILABLE}, clave_hash = null, expira = null, cliente_hash = null, direccion_hash = null
      where o.cviaje_asiento not in (${mine}) and exists (select 1 ${overlapping})
        and o.gestado_asiento = ${HELD} and o.expira <= ${nowIso}::timestamptz
      returning 1)
    select count(*)::int as n from viaje_asiento o
    where o.cviaje_asiento not in (${mine}) and exists (select 1 ${overlapping})
      and (o.gestado_asiento = ${SOLD} or (o.gestado_asiento = ${HELD} and o.expira > ${nowIso}::timestamptz))`);
  return Number(taken[0]?.n ?? 0) === 0;
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
 * tickets, credits points, spends the travel credit it held and queues the tickets mail, all with
 * the payment row; a payment whose seats were sold meanwhile, or whose held credit is no longer
 * there, is flagged for refund and the buyer told; a wrong amount is flagged and issues nothing; a
 * declined payment cancels a pending reservation and frees its seats and its credit hold.
 */
export async function applyNotice(db: Database, notice: PaymentNotice, context: NoticeContext): Promise<NoticeResult> {
  const { now } = context;
  return numberedAtCommit(() => db.transaction(async (tx) => {
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
    /**
     * The statements that record what the notice did, and with `paid` mark its payment paid: sent
     * by `settle` in one round trip, or by a sale with its last statement (issuePaid's `alongside`).
     */
    const settling = (resultado: NoticeResult, cpago?: number, paid?: { cpago: number; operacion: string }): SQL[] => [
      ...(paid ? [tx.update(pago).set({ estado: 'pagado', operacion: paid.operacion }).where(eq(pago.cpago, paid.cpago)).getSQL()] : []),
      tx.update(pago_aviso).set({ resultado, cpago: paid?.cpago ?? cpago ?? null }).where(eq(pago_aviso.caviso, aviso.caviso)).getSQL(),
    ];
    const settle = async (resultado: NoticeResult, cpago?: number, paid?: { cpago: number; operacion: string }) => {
      const [first, second] = settling(resultado, cpago, paid);
      await tx.execute(second ? sql`with paid as (${first}) ${second}` : first!);
      return resultado;
    };

    const payment = await salesLocks.payment(tx, notice.proveedor, notice.referencia);
    if (!payment) return settle('desconocido');
    const r = await salesLocks.reservation(tx, payment.creserva);
    if (!r) return settle('desconocido', payment.cpago);
    // The seats and their trips in one round trip (issuePaid would read the trips again).
    const { seats, legs } = await seatsWithLegs(tx, r.creserva);
    const ids = seats.map((s) => s.cviaje_asiento);

    if (notice.estado === 'rechazado') {
      if (payment.estado === 'iniciado') await tx.update(pago).set({ estado: 'rechazado', operacion: notice.operacion }).where(eq(pago.cpago, payment.cpago));
      if (r.estado !== 'pendiente') return settle('sin_efecto', payment.cpago);
      await releaseSeats(tx, r, ids);
      await releaseHold(tx, r.creserva);
      await tx.update(reserva).set({ estado: 'anulada', motivo: 'rechazado' }).where(eq(reserva.creserva, r.creserva));
      return settle('rechazada', payment.cpago);
    }

    // Issue 35: the rest of a total partly paid with held travel credit (the payment row says what the provider was asked for).
    const creditPart = r.total_centimos - payment.monto_centimos;
    if (notice.moneda !== 'PEN' || notice.montoCentimos !== payment.monto_centimos || creditPart < 0) {
      await tx.update(reserva).set({ alerta: 'monto_distinto' }).where(eq(reserva.creserva, r.creserva));
      return settle('monto_distinto', payment.cpago);
    }
    // The payment is marked paid with the notice's result, at the end (nothing below reads it; its row is locked).
    const paid = { cpago: payment.cpago, operacion: notice.operacion };
    if (r.estado === 'pagada' || r.estado === 'reembolso') {
      // Paid twice (e.g. by card and then the CIP): the second payment is the operator's to refund.
      await tx.update(reserva).set({ alerta: 'pago_duplicado' }).where(eq(reserva.creserva, r.creserva));
      return settle('pago_duplicado', payment.cpago, paid);
    }

    if (creditPart > 0) return settle((await issueWithHeldCredit(tx, r, seats, creditPart, context, legs)).result, payment.cpago, paid);
    // A sale records the notice and marks the payment paid with its last statement (a round trip fewer).
    const issued = await issuePaid(tx, r, seats, context, { legs, alongside: settling('pagada', payment.cpago, paid) });
    return issued.result === 'pagada' ? 'pagada' : settle(issued.result, payment.cpago, paid);
  }));
}

/** Who the purchase's mails go to. */
const buyerOf = (r: Reservation) => ({ codigo: r.codigo, nombre: r.comprador_nombre, email: r.comprador_email, totalCentimos: r.total_centimos });

/** Thrown in issueWithHeldCredit's savepoint when the credit held no longer covers its part. */
class CreditShort extends Error {}

/**
 * Issue 45: issuePaid for a reservation whose total is paid `creditPart` with the travel credit it
 * held and the rest by the provider. The sale is issued and the credit spent (after the voucher:
 * the lock order) in one savepoint: when the hold is gone (a declined attempt let it go) or the
 * credit is no longer there (the hold lapsed and the credit was spent elsewhere), nothing is issued
 * and the money paid is flagged for refund, as when redeemed points are no longer there.
 */
async function issueWithHeldCredit(tx: Database, r: Reservation, seats: (typeof reserva_asiento.$inferSelect)[], creditPart: number, context: NoticeContext, legs: Map<number, LegRow>): Promise<IssueResult> {
  const refuse = () => refund(tx, r, seats, 'boleto_invalido', 'credit.insufficient', context.now);
  const hold = await holdOf(tx, r.creserva);
  if (hold?.estado !== 'retenido' || hold.monto_centimos < creditPart) return refuse();
  try {
    return await locks.savepoint(tx, async (sp) => {
      const issued = await issuePaid(sp, r, seats, context, { legs });
      if (issued.result === 'pagada' && (await spendHold(sp, r.creserva, creditPart, context.now)) < creditPart) throw new CreditShort();
      return issued;
    });
  } catch (error) {
    if (error instanceof CreditShort) return refuse();
    throw error;
  }
}

/**
 * Nothing is issued for the paid reservation `r` (locked by the caller): its seats and credit hold
 * are let go, and it is flagged for refund with the buyer told, or simply cancelled when points
 * covered it all (nothing was paid).
 */
async function refund(tx: Database, r: Reservation, seats: (typeof reserva_asiento.$inferSelect)[], motivo: ReservationReason, code: ValidationKey, now: Date): Promise<IssueResult> {
  await releaseSeats(tx, r, seats.map((s) => s.cviaje_asiento));
  await releaseHold(tx, r.creserva);
  await tx
    .update(reserva)
    .set({ estado: r.total_centimos > 0 ? 'reembolso' : 'anulada', motivo, pagado: r.total_centimos > 0 ? now : null })
    .where(eq(reserva.creserva, r.creserva));
  if (r.total_centimos > 0) await enqueueMail(tx, refundMail(buyerOf(r), r.idioma as Language));
  return { result: 'reembolso', motivo, code };
}

/**
 * The paid reservation `r` (locked by the caller) in the caller's transaction: sells its seats
 * (re-taking them if it lapsed and they are still free), issues its tickets with an 'emision'
 * ledger row each, redeems its points ('canje' row) and credits the points earned, and for a
 * postponement voids the ticket it replaces and frees that seat ('postergacion' row); issues the
 * electronic voucher of what was charged (vouchers/issue.ts); then queues the tickets mail. When the seats were sold meanwhile, the departure closed, the replaced ticket
 * is no longer valid or the points are no longer there, nothing is issued: the reservation is
 * flagged for refund (when money was paid) and the buyer told.
 */
export type IssueResult = { result: 'pagada' } | { result: 'reembolso'; motivo: ReservationReason; code: ValidationKey };

/**
 * `options.legs`: the seats' trips, when the caller read them (seatsWithLegs); `options.alongside`:
 * statements of the caller's run with the sale's last statement, only when it is issued
 * (`pagada`): applyNotice's record of the notice and its payment marked paid.
 */
export async function issuePaid(
  tx: Database,
  r: Reservation,
  seats: (typeof reserva_asiento.$inferSelect)[],
  context: NoticeContext,
  options: { legs?: Map<number, LegRow>; alongside?: SQL[] } = {},
): Promise<IssueResult> {
  const { now } = context;
  const { alongside = [] } = options;
  const ids = seats.map((s) => s.cviaje_asiento);
  // A late payment cannot sell a departure whose sales have closed (or that has left).
  // (Per stretch: sales close before the bus leaves the passenger's boarding stop.)
  const legs = options.legs ?? (await legsOf(tx, seats));
  // Issue 35: nor a stretch the operator cancelled meanwhile.
  const tooLate = [...legs.values()].some((leg) => leg.cancelado || leg.salida.getTime() - SALES_CLOSE_MINUTES * 60_000 <= now.getTime());
  let invalid: ValidationKey | null = null;
  // The ticket a postponement replaces must still be valid (one postponement of it wins).
  let original: typeof boleto.$inferSelect | undefined;
  if (r.tipo === 'postergacion' && r.boleto_origen) {
    original = await salesLocks.ticket(tx, r.boleto_origen);
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
    return refund(tx, r, seats, tooLate ? 'vencido' : invalid ? 'boleto_invalido' : 'asientos_ocupados', tooLate ? 'trip.closed' : (invalid ?? 'seat.taken'), now);
  }

  // Seats sold and the reservation paid, in one statement; the tickets and their ledger rows in
  // another (a paid notice's round trips are what a rush waits on; each pair writes rows this
  // transaction has locked or creates, so one statement changes nothing but the trips).
  await tx.execute(sql`
    with sold as (${tx.update(viaje_asiento).set({ gestado_asiento: SOLD, clave_hash: r.clave_hash, expira: null }).where(inArray(viaje_asiento.cviaje_asiento, ids)).getSQL()})
    ${tx.update(reserva).set({ estado: 'pagada', motivo: null, pagado: now }).where(eq(reserva.creserva, r.creserva)).getSQL()}`);
  const issued = seats.map((s, i) => {
    const numero = `${r.codigo}-${i + 1}`;
    return { numero, creserva: r.creserva, cviaje_asiento: s.cviaje_asiento, qr: ticketQr(context.secret, { numero, cviaje: s.cviaje, nasiento: s.nasiento, gnivel_piso: s.gnivel_piso }), emitido: now, ...ticketPassenger(s) };
  });
  // The ledger rows name their tickets (a foreign key): checked at the statement's end, when both are in.
  await tx.execute(sql`
    with tickets as (${tx.insert(boleto).values(issued).getSQL()})
    ${tx.insert(boleto_movimiento).values(
      issued.map((t, i) => ({ numero: t.numero, tipo: 'emision', boleto_desde: original?.numero ?? null, monto_centimos: seats[i]!.precio_centimos, creserva: r.creserva, fecha: now })),
    ).getSQL()}`);
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
  const mail = ticketsMail(buyerOf(r), r.idioma as Language, mailLegs(legs));
  // The electronic voucher, numbered with the sale (issue 34) and signed after the commit by the
  // vouchers' outbox (issue 44). Its number is taken as the transaction commits (numberAtCommit,
  // migration 0030): the series' counter row, which every sale of the series waits for, is the
  // last lock and is held only while PostgreSQL commits, not across this transaction's remaining
  // round trips. Callers run the transaction in numberedAtCommit (an exhausted series: 503).
  // The tickets mail (and the caller's `alongside`) go in the voucher's statement, a round trip
  // fewer; alone when the sale has no voucher (a free postponement).
  const voucher = await issueSaleVoucher(tx, r, seats, legs, { now, series: context.series }, { numberAtCommit: true, alongside: [mailInsert(tx, mail), ...alongside], ...(original ? { replaces: original.numero } : {}) });
  if (!voucher) {
    await enqueueMail(tx, mail);
    for (const statement of alongside) await tx.execute(statement);
  }
  return { result: 'pagada' };
}
