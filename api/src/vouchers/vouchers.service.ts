import { VOUCHER_ISSUING, type FacturaRequest, type Language, type OperatorVoucher, type PurchaseVouchers, type VoucherView } from '@rumbo/shared/schemas';
import { and, asc, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { legsOf } from '../sales/legs';
import { reservationOf, type Reservation } from '../sales/reservations';
import { salesLocks } from '../sales/sales.locks';
import { boleto, boleto_movimiento, reserva, reserva_asiento } from '../sales/sales.tables';
import { allocate, issueCreditNote, issueSaleVoucher, saleVouchersOf, type Voucher, type VoucherContext } from './issue';
import { DOCUMENT, facturaChangeAllowed, limaMonth, sendingDeadline, WAITING_ALERT_MS } from './rules';
import { voucherMail } from './voucher-mail';
import { comprobante } from './vouchers.tables';

// What the buyer and the operator read of the vouchers, and the factura asked for after a purchase.

export const voucherView = (v: Voucher): VoucherView => ({
  tipo: v.tipo as VoucherView['tipo'],
  numero: `${v.serie}-${v.correlativo}`,
  emitido: v.emitido.toISOString(),
  total_centimos: v.total_centimos,
  // Issue 44: numbered with the sale, 'emitiendo' until the outbox signs it.
  estado: v.xml === null && v.estado === 'pendiente' ? VOUCHER_ISSUING : (v.estado as VoucherView['estado']),
  vigencia: v.vigencia as VoucherView['vigencia'],
  hash: v.hash,
});

/**
 * The series-correlative of a reservation's valid sale voucher (its boleta, or the factura that
 * replaced it), or null: none issued, or every one voided. Printed on its tickets (issue 36).
 */
export async function validVoucherOf(db: Database, creserva: number): Promise<string | null> {
  const [valid] = await db
    .select({ serie: comprobante.serie, correlativo: comprobante.correlativo })
    .from(comprobante)
    .where(and(eq(comprobante.creserva, creserva), inArray(comprobante.tipo, [DOCUMENT.factura, DOCUMENT.boleta]), eq(comprobante.vigencia, 'vigente')))
    .orderBy(desc(comprobante.ccomprobante))
    .limit(1);
  return valid ? `${valid.serie}-${valid.correlativo}` : null;
}

/** Every voucher of a reservation (sale vouchers and credit notes), oldest first. */
export const vouchersOfReservation = (db: Database, creserva: number) =>
  db.select().from(comprobante).where(eq(comprobante.creserva, creserva)).orderBy(asc(comprobante.ccomprobante));

/** The first departure of a reservation's seats (a factura may replace the boleta only before it). */
async function firstDeparture(db: Database, creserva: number): Promise<Date | null> {
  const seats = await db.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, creserva));
  const legs = [...(await legsOf(db, seats)).values()];
  return legs.length === 0 ? null : new Date(Math.min(...legs.map((leg) => leg.salida.getTime())));
}

/** Until when a boleta may be exchanged for a factura: the end of its month or the first departure, whichever comes first. */
function facturaDeadline(boleta: Voucher, departure: Date | null, now: Date): Date | null {
  // A free ticket's boleta (paid with points) has no factura: nothing was paid (issue 34).
  if (boleta.tipo !== DOCUMENT.boleta || boleta.vigencia !== 'vigente' || !departure || boleta.total_centimos === 0) return null;
  const [year, month] = limaMonth(boleta.emitido).split('-').map(Number);
  // The month ends at midnight Lima time (UTC-5) of its last day.
  const monthEnd = new Date(Date.UTC(year!, month!, 1, 5));
  const until = new Date(Math.min(monthEnd.getTime(), departure.getTime()));
  return facturaChangeAllowed(boleta.emitido, departure, now) && until.getTime() > now.getTime() ? until : null;
}

async function purchaseVouchersOf(db: Database, r: Reservation, now: Date): Promise<PurchaseVouchers> {
  const all = await vouchersOfReservation(db, r.creserva);
  const boleta = all.find((v) => v.tipo === DOCUMENT.boleta && v.vigencia === 'vigente');
  const deadline = boleta ? facturaDeadline(boleta, await firstDeparture(db, r.creserva), now) : null;
  return { comprobantes: all.map(voucherView), factura_hasta: deadline?.toISOString() ?? null };
}

/** `POST /rest/venta/comprobantes`. */
export async function purchaseVouchers(db: Database, body: { codigo: string; clave_bloqueo: string }, now: Date): Promise<PurchaseVouchers> {
  return purchaseVouchersOf(db, await reservationOf(db, body.codigo, body.clave_bloqueo, now), now);
}

/** The documents of a purchase for the buyer: every voucher (printed), and the valid sale voucher (XML). */
export async function documentsOf(db: Database, creserva: number): Promise<{ all: Voucher[]; current: Voucher | undefined }> {
  const all = await vouchersOfReservation(db, creserva);
  if (all.length === 0) throw new NotFoundError('sale.comprobante.noEncontrado');
  const valid = await saleVouchersOf(db, creserva);
  return { all, current: valid[valid.length - 1] };
}

export const reservationByCode = async (db: Database, codigo: string) => (await db.select().from(reserva).where(eq(reserva.codigo, codigo)))[0];

/**
 * `POST /rest/venta/comprobante/factura`: the buyer, with the purchase's code and key, asks for
 * a factura in place of the boleta. In one transaction: the reservation is locked (one request
 * wins), the boleta voided by a credit note (catálogo 09 '01', anulación de la operación) and a
 * factura issued to the RUC given for what the boleta still stated (issue 45: not what refunds
 * already credited); both go to SUNAT through the outbox and to the buyer by mail. Allowed within
 * the month of the sale and before the first departure (rules.ts).
 */
export async function requestFactura(db: Database, body: FacturaRequest, context: VoucherContext & { language: Language }): Promise<PurchaseVouchers> {
  const found = await reservationOf(db, body.codigo, body.clave_bloqueo, context.now);
  await db.transaction(async (tx) => {
    const r = (await salesLocks.reservation(tx, found.creserva))!;
    const valid = await saleVouchersOf(tx, r.creserva);
    const current = valid[valid.length - 1];
    if (!current) throw new NotFoundError('sale.comprobante.noEncontrado');
    if (current.tipo === DOCUMENT.factura) throw new ConflictError('sale.factura.yaEmitida');
    // Issue 34: a purchase paid wholly with points was free: no factura (no price, no tax credit) and nothing to credit.
    if (current.total_centimos === 0) throw new ConflictError('sale.factura.gratuita');
    const departure = await firstDeparture(tx, r.creserva);
    if (!departure || !facturaChangeAllowed(current.emitido, departure, context.now)) throw new ConflictError('sale.factura.plazo');
    const seats = await tx.select().from(reserva_asiento).where(eq(reserva_asiento.creserva, r.creserva)).orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
    const legs = await legsOf(tx, seats);
    // The buyer's choice is kept on the reservation: the factura names the company from now on.
    const updated = { ...r, comprobante: 'factura', ruc: body.ruc, razon_social: body.razon_social };
    await tx.update(reserva).set({ comprobante: 'factura', ruc: body.ruc, razon_social: body.razon_social }).where(eq(reserva.creserva, r.creserva));
    const note = await issueCreditNote(tx, { ccomprobante: current.ccomprobante, reason: '01', description: 'Anulación de la operación: se emite factura a solicitud del cliente' }, context);
    const stated = await statedOf(tx, r, seats, note.total_centimos);
    const factura = await issueSaleVoucher(tx, updated, stated.seats, legs, context, { stated: stated.amounts });
    await enqueueMail(tx, voucherMail({ codigo: r.codigo, nombre: r.comprador_nombre, email: r.comprador_email }, context.language, [note, factura!]));
  });
  return purchaseVouchersOf(db, (await reservationByCode(db, found.codigo))!, context.now);
}

type SeatRow = typeof reserva_asiento.$inferSelect;

/**
 * Issue 45: what a sale's voucher still states, seat by seat, when `open` céntimos of it are not
 * credited: a seat whose ticket stands (valid, postponed, transferred) at its share of the sale, a
 * cancelled one at what was kept of it (its share less what its cancellation gave back: the fee),
 * spread over `open` (which they make up, unless notes credited otherwise, as a refund down a chain
 * of postponements does). Seats of which nothing is left are left out.
 */
async function statedOf(tx: Database, r: Reservation, seats: SeatRow[], open: number): Promise<{ seats: SeatRow[]; amounts: { centimos: number; fee: boolean }[] }> {
  const tickets = await tx.select({ numero: boleto.numero, cviaje_asiento: boleto.cviaje_asiento, estado: boleto.estado }).from(boleto).where(eq(boleto.creserva, r.creserva));
  const given = await tx
    .select({ numero: boleto_movimiento.numero, monto: boleto_movimiento.monto_centimos })
    .from(boleto_movimiento)
    .where(and(eq(boleto_movimiento.creserva, r.creserva), eq(boleto_movimiento.tipo, 'anulacion')));
  const shares = allocate(r.total_centimos, seats.map((s) => s.precio_centimos));
  const kept = seats.map((seat, i) => {
    const cancelled = new Set(tickets.filter((t) => t.cviaje_asiento === seat.cviaje_asiento && t.estado === 'anulado').map((t) => t.numero));
    if (cancelled.size === 0) return { centimos: shares[i]!, fee: false };
    const back = given.filter((m) => cancelled.has(m.numero)).reduce((sum, m) => sum - m.monto, 0);
    return { centimos: Math.max(shares[i]! - back, 0), fee: true };
  });
  const amounts = allocate(open, kept.map((k) => k.centimos)).map((centimos, i) => ({ centimos, fee: kept[i]!.fee }));
  const left = seats.map((_, i) => i).filter((i) => amounts[i]!.centimos > 0);
  return { seats: left.map((i) => seats[i]!), amounts: left.map((i) => amounts[i]!) };
}

/**
 * `GET /rest/operador/comprobantes`: by state; 'atencion' (the default) is what needs the
 * operator: refused, given up, or waiting for SUNAT 24 h or more (issue 44: a factura not received
 * within its term is void). Each with its age, its term, and the refused voucher it replaces or
 * the one that replaced it.
 */
export async function operatorVouchers(db: Database, estado: string | undefined, now: Date): Promise<OperatorVoucher[]> {
  const attention = !estado || estado === 'atencion';
  const waitedSince = new Date(now.getTime() - WAITING_ALERT_MS);
  const where = attention
    ? or(inArray(comprobante.estado, ['rechazado', 'error']), and(eq(comprobante.estado, 'pendiente'), lte(comprobante.emitido, waitedSince)))
    : eq(comprobante.estado, estado);
  const rows = await db
    .select({ v: comprobante, codigo: reserva.codigo })
    .from(comprobante)
    .leftJoin(reserva, eq(reserva.creserva, comprobante.creserva))
    .where(where)
    .orderBy(desc(comprobante.ccomprobante))
    .limit(500);
  // The other side of each replacement (issue 44): what a row replaces, what replaced a row.
  const ids = rows.map(({ v }) => v.ccomprobante);
  const replaced = rows.map(({ v }) => v.reemplaza).filter((id): id is number => id !== null);
  const linked =
    ids.length === 0
      ? []
      : await db
          .select({ ccomprobante: comprobante.ccomprobante, serie: comprobante.serie, correlativo: comprobante.correlativo, reemplaza: comprobante.reemplaza })
          .from(comprobante)
          .where(or(inArray(comprobante.reemplaza, ids), replaced.length > 0 ? inArray(comprobante.ccomprobante, replaced) : undefined));
  const numberOf = new Map(linked.map((l) => [l.ccomprobante, `${l.serie}-${l.correlativo}`]));
  const replacementOf = new Map(linked.filter((l) => l.reemplaza !== null).map((l) => [l.reemplaza!, `${l.serie}-${l.correlativo}`]));
  return rows.map(({ v, codigo }) => {
    const waiting = v.estado === 'pendiente' || v.estado === 'error';
    const deadline = sendingDeadline(v.serie, v.emitido);
    return {
      ...voucherView(v),
      ccomprobante: v.ccomprobante,
      // A sale's purchase code, or a cargo shipment's tracking code (issue 34).
      codigo: codigo ?? v.codigo_encomienda ?? null,
      intentos: v.intentos,
      sunat_codigo: v.sunat_codigo,
      sunat_descripcion: v.sunat_descripcion,
      ultimo_error: v.ultimo_error,
      edad_horas: Math.floor((now.getTime() - v.emitido.getTime()) / 360_000) / 10,
      plazo: waiting ? deadline.toISOString() : null,
      alerta: waiting && (now.getTime() - v.emitido.getTime() >= WAITING_ALERT_MS || now.getTime() >= deadline.getTime()),
      reemplaza: v.reemplaza === null ? null : (numberOf.get(v.reemplaza) ?? null),
      reemplazado_por: replacementOf.get(v.ccomprobante) ?? null,
    };
  });
}
