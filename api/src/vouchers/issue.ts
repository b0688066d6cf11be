import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { UnavailableError } from '../errors';
import { queryRows } from '../db/rows';
import type { LegRow } from '../sales/legs';
import type { Reservation } from '../sales/reservations';
import type { reserva_asiento } from '../sales/sales.tables';
import {
  BOLETA_IDENTIFIED_FROM_CENTIMOS,
  CREDIT_REASON,
  DOCUMENT,
  IDENTITY,
  identityCode,
  igvIncluded,
  limaDateTime,
  MAX_CORRELATIVE,
  seriesOf,
  UBIGEO,
  type VoucherSeries,
  type CreditReason,
  type DocumentTypeCode,
} from './rules';
import { voucherNumbered } from './numbered';
import { signUbl, type SignedDocument, type VoucherSigner } from './signing';
import { buildUbl, totalsOf, type VoucherLine, type VoucherParty } from './ubl';
import { comprobante, comprobante_serie } from './vouchers.tables';

// Issuing vouchers inside the transaction of the business change that causes them: a paid sale
// (issuePaid), a factura asked for later, a refund or cancellation (issueCreditNote). Issue 44:
// the transaction numbers the voucher and records what it says; building the XML and signing it
// (signVoucher) happen after the commit, in the vouchers' outbox (sender.ts), with no lock held.

export interface VoucherContext {
  now: Date;
  /** This issuing point's boleta and factura series (VOUCHER_SERIES); B001/F001 when unset. */
  series?: VoucherSeries;
}

export type Voucher = typeof comprobante.$inferSelect;

/** Signed: its XML and hash exist (issue 44: the outbox signs after the sale). */
export const isSigned = (v: Voucher): v is Voucher & { xml: string; hash: string } => v.xml !== null && v.hash !== null;

/** A series reached 99999999: SUNAT's correlative has 8 digits, it is never wrapped (503: an operator opens a new series). */
export class SeriesExhaustedError extends UnavailableError {
  constructor(readonly tipo: string, readonly serie: string) {
    super('sale.comprobante.serieAgotada');
    this.message = `voucher series ${tipo}-${serie} is exhausted (${MAX_CORRELATIVE}): configure a new series in VOUCHER_SERIES (docs/operations.md)`;
  }
}

/**
 * The next correlative of a series, in the caller's transaction: the counter row is incremented
 * (and so locked) until the transaction ends. Unique and gap-free across instances: a second
 * sale of the same series waits for the first's commit; a rollback undoes the increment and the
 * number is used by the next sale. Lock step `voucherSeries` (db/lock-order.ts), the last one a
 * sale takes: callers take it last so the row stays locked only for the commit. A series at
 * 99999999 is not incremented (the check constraint is never reached): SeriesExhaustedError.
 */
export async function takeNumber(tx: Database, tipo: DocumentTypeCode, serie: string): Promise<number> {
  locks.enter(tx, 'voucherSeries', `${tipo}-${serie}`);
  const [row] = await queryRows<{ ultimo: number }>(tx, sql`
    insert into ${comprobante_serie} (tipo, serie, ultimo) values (${tipo}, ${serie}, 1)
    on conflict (tipo, serie) do update set ultimo = ${comprobante_serie}.ultimo + 1
    where ${comprobante_serie}.ultimo < ${MAX_CORRELATIVE}
    returning ultimo`);
  if (!row) throw new SeriesExhaustedError(tipo, serie);
  return Number(row.ultimo);
}

/** SQLSTATE of a commit that found its series exhausted (migration 0030, `comprobante_numerar`). */
const SERIES_EXHAUSTED_AT_COMMIT = 'RB001';

/**
 * Runs `transaction` (one whose sale voucher is numbered at its commit: issueSaleVoucher with
 * `numberAtCommit`) and turns a commit refused for an exhausted series into SeriesExhaustedError
 * (503), as takeNumber does when the number is taken at once. Nothing of the transaction is kept.
 */
export async function numberedAtCommit<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    const result = await transaction();
    // Committed: this instance's signing loop signs the voucher now (numbered.ts).
    voucherNumbered();
    return result;
  } catch (error) {
    for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
      const { code, message } = e as { code?: unknown; message?: unknown };
      if (code !== SERIES_EXHAUSTED_AT_COMMIT) continue;
      const [, tipo = '', serie = ''] = /series (\d\d)-(\w+) is exhausted/.exec(String(message)) ?? [];
      throw new SeriesExhaustedError(tipo, serie);
    }
    throw error;
  }
}

/** Splits `total` over `weights` proportionally, to the céntimo, the remainder to the first lines. */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest -= 1) shares[i]! += 1;
  return shares;
}

/** What a voucher says, as stored with the sale (`comprobante.contenido`): the UBL builder's input. */
export type VoucherContent = Parameters<typeof buildUbl>[0];

/**
 * Writes a voucher in the caller's transaction: numbers it (last: the series' counter row is
 * locked only from here to the commit) and records what it says; the outbox builds and signs its
 * XML after the commit (signVoucher) and sends it to SUNAT.
 */
async function writeVoucher(
  tx: Database,
  context: VoucherContext,
  values: {
    tipo: DocumentTypeCode;
    creserva: number | null;
    codigo_encomienda?: string;
    cliente: VoucherParty & { email: string };
    idioma: string;
    lineas: VoucherLine[];
    modifica?: { voucher: Voucher; motivo: CreditReason; descripcion: string };
  },
  numberAtCommit = false,
  alongside: SQL[] = [],
): Promise<Voucher> {
  const serie = seriesOf(values.tipo, values.modifica?.voucher.tipo as DocumentTypeCode | undefined, context.series);
  const totals = totalsOf(values.lineas);
  const content: Omit<VoucherContent, 'correlativo'> = {
    tipo: values.tipo,
    serie,
    emision: limaDateTime(context.now),
    cliente: { tipo: values.cliente.tipo, numero: values.cliente.numero, nombre: values.cliente.nombre },
    lineas: values.lineas,
    ...(values.modifica
      ? {
          modifica: {
            tipo: values.modifica.voucher.tipo as DocumentTypeCode,
            serie: values.modifica.voucher.serie,
            correlativo: values.modifica.voucher.correlativo,
            motivo: values.modifica.motivo,
            descripcion: values.modifica.descripcion,
          },
        }
      : {}),
  };
  // Numbered at the commit (migration 0030): inserted with 0, the deferred trigger takes the
  // series' number as the transaction commits and writes it here and in the content.
  const correlativo = numberAtCommit ? 0 : await takeNumber(tx, values.tipo, serie);
  const [voucher] = await (alongside.length > 0 ? tx.with(...alongside.map((statement, i) => tx.$with(`alongside${i}`, {}).as(statement))) : tx)
    .insert(comprobante)
    .values({
      tipo: values.tipo,
      serie,
      correlativo,
      creserva: values.creserva,
      codigo_encomienda: values.codigo_encomienda ?? null,
      ccomprobante_origen: values.modifica?.voucher.ccomprobante ?? null,
      motivo: values.modifica?.motivo ?? null,
      motivo_texto: values.modifica?.descripcion ?? null,
      emitido: context.now,
      cliente_tipo: values.cliente.tipo,
      cliente_numero: values.cliente.numero,
      cliente_nombre: values.cliente.nombre,
      cliente_email: values.cliente.email,
      idioma: values.idioma,
      exonerado_centimos: totals.exonerado,
      gravado_centimos: totals.gravado,
      igv_centimos: totals.igv,
      total_centimos: totals.total,
      contenido: JSON.stringify({ ...content, correlativo }),
      proximo_intento: context.now,
    })
    .returning();
  return voucher!;
}

/** Builds a numbered voucher's UBL 2.1 XML from what the sale recorded, and signs it (no database, no lock). */
export function signVoucher(voucher: Pick<Voucher, 'contenido' | 'serie' | 'correlativo'>, signer: VoucherSigner): SignedDocument {
  if (!voucher.contenido) throw new Error(`voucher ${voucher.serie}-${voucher.correlativo} has nothing to sign`);
  return signUbl(buildUbl(JSON.parse(voucher.contenido) as VoucherContent), signer);
}

/**
 * Issue 44: SUNAT refused `refused` (a 2000-3999 CDR or a non-retryable exception such as 0306):
 * a refused voucher never existed for SUNAT and its number cannot be used again, so it is marked
 * 'rechazado' and voided, and what it said is issued again under the next number of its series
 * (issued now), linked by `reemplaza`; both stay visible to the operator. In the caller's
 * transaction; the number is taken last. Null when the refused voucher was itself such a
 * replacement (the same content would be refused again: the operator's to fix) or was voided.
 */
export async function reissueRefused(tx: Database, refused: Voucher, now: Date): Promise<Voucher | null> {
  // Voided meanwhile (a factura replaced the boleta): nothing to issue again.
  if (refused.reemplaza !== null || !refused.contenido || refused.vigencia !== 'vigente') return null;
  const content = JSON.parse(refused.contenido) as VoucherContent;
  const tipo = refused.tipo as DocumentTypeCode;
  const correlativo = await takeNumber(tx, tipo, refused.serie);
  const { ccomprobante: _id, xml: _xml, hash: _hash, firmado: _signed, cdr: _cdr, respondido: _answered, sunat_codigo: _code, sunat_descripcion: _description, ultimo_error: _error, ...kept } = refused;
  const [replacement] = await tx
    .insert(comprobante)
    .values({
      ...kept,
      correlativo,
      emitido: now,
      estado: 'pendiente',
      vigencia: 'vigente',
      intentos: 0,
      proximo_intento: now,
      reemplaza: refused.ccomprobante,
      contenido: JSON.stringify({ ...content, correlativo, emision: limaDateTime(now) }),
    })
    .returning();
  return replacement!;
}

/** The buyer a sale's voucher names: the company of a factura, else the buyer (with a passenger's document above S/ 700). */
function buyerOf(r: Reservation, seats: SeatRow[]): { tipo: DocumentTypeCode; cliente: VoucherParty & { email: string } } {
  if (r.comprobante === 'factura' && r.ruc && r.razon_social) {
    return { tipo: DOCUMENT.factura, cliente: { tipo: IDENTITY.ruc, numero: r.ruc, nombre: r.razon_social, email: r.comprador_email } };
  }
  // A boleta: "varios" up to S/ 700 (RCP art. 8 num. 3.1); above, the document of the first
  // adult passenger (the buyer gives no document of their own in step 3).
  const adult = seats.find((s) => !s.menor) ?? seats[0];
  if (r.total_centimos > BOLETA_IDENTIFIED_FROM_CENTIMOS && adult) {
    return { tipo: DOCUMENT.boleta, cliente: { tipo: identityCode(adult.ctipo_documento), numero: adult.numero, nombre: r.comprador_nombre, email: r.comprador_email } };
  }
  return { tipo: DOCUMENT.boleta, cliente: { tipo: IDENTITY.varios, numero: '-', nombre: r.comprador_nombre, email: r.comprador_email } };
}

type SeatRow = typeof reserva_asiento.$inferSelect;

/**
 * The voucher of a paid sale, in the transaction that marks it paid (issuePaid): one line per
 * ticket with its passenger land-transport data, exempt from IGV (rules.ts, TAX), the amount
 * actually paid spread over the tickets (coupons and points are discounts on them; travel credit
 * is a payment: the credit note of the ticket it came from already gave that money back).
 * A sale paid wholly with points is a service rendered free: its voucher has free lines
 * (TAX.gratuito), each with the fare it would have cost, and nothing payable. Nothing is issued
 * for a free postponement (its original voucher stays valid).
 */
export async function issueSaleVoucher(
  tx: Database,
  r: Reservation,
  seats: SeatRow[],
  legs: Map<number, LegRow>,
  context: VoucherContext,
  options: {
    replaces?: string;
    /** Issue 45: per seat, what the voucher still states of it (a factura after a cancellation): its amount, and whether that is the fee kept of a cancelled ticket. */
    stated?: { centimos: number; fee: boolean }[];
    /**
     * Number it as the transaction commits (migration 0030), not now: the series' counter row is
     * then locked only while PostgreSQL commits, so a series' sales do not queue for each other's
     * last round trips. The voucher answered carries a placeholder number (negative); the caller's
     * transaction must run in numberedAtCommit. issuePaid numbers so.
     */
    numberAtCommit?: boolean;
    /**
     * Statements of the caller's sent with the voucher's insert in one round trip (data-modifying
     * WITHs on other tables; issuePaid's tickets mail and the notice's record): run only when a
     * voucher is written (the answer is not null).
     */
    alongside?: SQL[];
  } = {},
): Promise<Voucher | null> {
  if (seats.length === 0) return null;
  const free = r.total_centimos <= 0;
  if (free && !(r.tipo === 'venta' && r.puntos_canje > 0)) return null;
  const { tipo, cliente } = buyerOf(r, seats);
  const amounts = options.stated?.map((s) => s.centimos) ?? allocate(r.total_centimos, seats.map((s) => s.precio_centimos));
  // A free sale's referential values: the fares after any coupon, before the points.
  const values = free ? allocate(r.subtotal_centimos - r.descuento_centimos, seats.map((s) => s.precio_centimos)) : [];
  const lineas: VoucherLine[] = seats.map((seat, i) => {
    const leg = legs.get(seat.cviaje)!;
    const descripcion = options.replaces
      ? `Diferencia de tarifa por postergación del boleto ${options.replaces}: ${leg.origen} - ${leg.destino}, ${leg.servicio}`
      : options.stated?.[i]?.fee
        ? `Cargo por anulación del pasaje ${leg.origen} - ${leg.destino}, ${leg.servicio}, asiento ${seat.nasiento}`
        : `Pasaje ${leg.origen} - ${leg.destino}, ${leg.servicio}, asiento ${seat.nasiento}${free ? ' (canje de puntos)' : ''}`;
    return {
      descripcion,
      unidad: 'ZZ',
      cantidad: 1,
      totalCentimos: amounts[i]!,
      baseCentimos: amounts[i]!,
      igvCentimos: 0,
      tratamiento: free ? 'gratuito' : 'exonerado',
      ...(free ? { referencialCentimos: values[i]! } : {}),
      viaje: {
        asiento: seat.nasiento,
        pasajero: { tipo: identityCode(seat.ctipo_documento), numero: seat.numero, nombre: `${seat.nombres} ${seat.paterno} ${seat.materno}`.trim() },
        // The terminals' addresses (catálogo 55 3056/3058), as legsOf read them: no query of its own.
        origen: { ubigeo: UBIGEO[leg.origen_cciudad] ?? '150101', direccion: leg.direccion_origen || leg.terminal_origen },
        destino: { ubigeo: UBIGEO[leg.destino_cciudad] ?? '150101', direccion: leg.direccion_destino || leg.terminal_destino },
        salida: limaDateTime(leg.salida),
      },
    };
  });
  return writeVoucher(tx, context, { tipo, creserva: r.creserva, cliente, idioma: r.idioma, lineas }, options.numberAtCommit, options.alongside);
}

/** What a cargo shipment's voucher needs of it (`registerPaidShipment`). */
export interface PaidShipment {
  codigo: string;
  origen: string;
  destino: string;
  paquetes: number;
  peso_kg: number;
  precio_centimos: number;
  remitente: string;
  remitente_documento: { ctipo_documento: number; numero: string };
  email: string;
  idioma: string;
  ruc?: string | undefined;
  razon_social?: string | undefined;
}

/**
 * Issue 34 item 1, "cargo shipments get theirs too": the voucher of a shipment paid at a counter,
 * in the transaction that records it. Transporting goods is not in the Apéndice II exemptions of
 * the IGV law (only passenger transport is, num. 4): one taxed line (catálogo 07 '10', IGV 18 %,
 * rules.ts TAX.gravado), the price paid including the IGV. A factura for a buyer with a RUC (RCP
 * art. 4 num. 1.1), else a boleta naming the sender's document (given at the counter; naming it
 * is always allowed, RCP art. 8 num. 3.1 only lets it be left out up to S/ 700).
 */
export async function issueCargoVoucher(tx: Database, shipment: PaidShipment, context: VoucherContext): Promise<Voucher> {
  const factura = shipment.ruc !== undefined && !!shipment.razon_social;
  const cliente: VoucherParty & { email: string } = factura
    ? { tipo: IDENTITY.ruc, numero: shipment.ruc!, nombre: shipment.razon_social!, email: shipment.email }
    : { tipo: identityCode(shipment.remitente_documento.ctipo_documento), numero: shipment.remitente_documento.numero, nombre: shipment.remitente, email: shipment.email };
  const { base, igv } = igvIncluded(shipment.precio_centimos);
  const bultos = shipment.paquetes === 1 ? '1 bulto' : `${shipment.paquetes} bultos`;
  const linea: VoucherLine = {
    descripcion: `Servicio de transporte de carga, encomienda ${shipment.codigo}: ${shipment.origen} - ${shipment.destino}, ${bultos}, ${shipment.peso_kg} kg`,
    unidad: 'ZZ',
    cantidad: 1,
    totalCentimos: shipment.precio_centimos,
    baseCentimos: base,
    igvCentimos: igv,
    tratamiento: 'gravado',
  };
  return writeVoucher(tx, context, {
    tipo: factura ? DOCUMENT.factura : DOCUMENT.boleta,
    creserva: null,
    codigo_encomienda: shipment.codigo,
    cliente,
    idioma: shipment.idioma,
    lineas: [linea],
  });
}

/** The valid (not voided) sale vouchers of a reservation, oldest first. */
export async function saleVouchersOf(db: Database, creserva: number): Promise<Voucher[]> {
  return db
    .select()
    .from(comprobante)
    .where(and(eq(comprobante.creserva, creserva), inArray(comprobante.tipo, [DOCUMENT.factura, DOCUMENT.boleta]), eq(comprobante.vigencia, 'vigente')))
    .orderBy(asc(comprobante.ccomprobante));
}

/** What a credit note undoes: all of a voucher, or an amount of it (a partial refund). */
export interface CreditNoteRequest {
  /** The factura or boleta to credit. */
  ccomprobante: number;
  /** Céntimos to credit; the voucher's whole total when omitted. */
  amountCentimos?: number;
  /** Catálogo 09: '01' anulación de la operación (default for the whole), '06' devolución total, '07' devolución por ítem (partial). */
  reason?: CreditReason;
  /** Why, in the note's words (Spanish, as the document is). */
  description: string;
}

/**
 * Issues the credit note (nota de crédito electrónica, catálogo 01 '07') that undoes all or part
 * of a factura or boleta, in the caller's transaction, linked to it (cac:BillingReference and
 * `ccomprobante_origen`), numbered in the note series of the voucher's letter (BC01/FC01). A note
 * for the whole total marks the voucher 'anulado'. The lines mirror the voucher's tax treatment
 * (an exempt ticket's note is exempt; a taxed line's IGV is credited in proportion).
 *
 * For issue 35 (refunds, cancellations): call it in the transaction that records the refund.
 * Throws when the voucher is unknown, is itself a note, is already voided, or the amount is not
 * between 1 céntimo and what is left to credit.
 */
export async function issueCreditNote(tx: Database, request: CreditNoteRequest, context: VoucherContext): Promise<Voucher> {
  // The voucher's row, locked (step voucherSeries, before its note's counter): two refunds of one
  // voucher cannot both credit what is left.
  const original = await locks.row(tx, 'voucherSeries', comprobante, eq(comprobante.ccomprobante, request.ccomprobante), `voucher:${request.ccomprobante}`);
  if (!original) throw new Error(`voucher ${request.ccomprobante} does not exist`);
  if (original.tipo === DOCUMENT.notaCredito) throw new Error('a credit note cannot be credited');
  if (original.vigencia !== 'vigente') throw new Error(`voucher ${original.serie}-${original.correlativo} is already voided`);
  const [credited] = await queryRows<{ total: number }>(tx, sql`
    select coalesce(sum(total_centimos), 0)::int as total from ${comprobante}
    where ccomprobante_origen = ${original.ccomprobante} and tipo = ${DOCUMENT.notaCredito}`);
  const left = original.total_centimos - Number(credited?.total ?? 0);
  const amount = request.amountCentimos ?? left;
  if (!Number.isInteger(amount) || amount <= 0 || amount > left) throw new Error(`a credit note of ${amount} céntimos cannot be issued: ${left} are left to credit`);
  const whole = amount === left;
  const reason = request.reason ?? (whole ? CREDIT_REASON.anulacion : CREDIT_REASON.devolucionItem);
  // The note's lines follow the voucher's split between exempt and taxed amounts.
  const [exempt, taxed] = allocate(amount, [original.exonerado_centimos, original.gravado_centimos + original.igv_centimos]);
  const lineas: VoucherLine[] = [];
  if (exempt! > 0) lineas.push({ descripcion: request.description, unidad: 'ZZ', cantidad: 1, totalCentimos: exempt!, baseCentimos: exempt!, igvCentimos: 0, tratamiento: 'exonerado' });
  if (taxed! > 0) {
    const base = Math.round((taxed! * 100) / 118);
    lineas.push({ descripcion: request.description, unidad: 'ZZ', cantidad: 1, totalCentimos: taxed!, baseCentimos: base, igvCentimos: taxed! - base, tratamiento: 'gravado' });
  }
  const note = await writeVoucher(tx, context, {
    tipo: DOCUMENT.notaCredito,
    creserva: original.creserva,
    cliente: { tipo: original.cliente_tipo, numero: original.cliente_numero, nombre: original.cliente_nombre, email: original.cliente_email },
    idioma: original.idioma,
    lineas,
    modifica: { voucher: original, motivo: reason, descripcion: request.description },
  });
  if (whole) await tx.update(comprobante).set({ vigencia: 'anulado' }).where(eq(comprobante.ccomprobante, original.ccomprobante));
  return note;
}
