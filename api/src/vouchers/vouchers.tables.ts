import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { encomienda } from '../cargo/cargo.tables';
import { reserva } from '../sales/sales.tables';

/**
 * The last correlative used per (document type, series). A number is taken by incrementing the
 * row inside the transaction that issues the voucher (the row stays locked until it commits), so
 * numbers are unique and without gaps across instances, and a transaction that rolls back gives
 * its number back. SUNAT: the correlative runs per type and series, 1 to 99999999 (R.S. 097-2012/SUNAT,
 * Anexo 8 / UBL 2.1 guides, "Numeración conformada por serie y número correlativo").
 */
export const comprobante_serie = pgTable(
  'comprobante_serie',
  {
    tipo: text('tipo').notNull(),
    serie: text('serie').notNull(),
    ultimo: integer('ultimo').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.serie] }), check('comprobante_serie_rango', sql`${t.ultimo} between 0 and 99999999`)],
);

/**
 * An electronic payment voucher (comprobante de pago electrónico): its SUNAT type (catálogo 01),
 * series–correlative, amounts by tax treatment, the signed UBL 2.1 XML and its digest (the hash
 * printed on the customer's copy), and where it stands with SUNAT (or the OSE): the outbox state,
 * attempts, SUNAT's code and description and the CDR it answered.
 */
export const comprobante = pgTable(
  'comprobante',
  {
    ccomprobante: integer('ccomprobante').primaryKey().generatedAlwaysAsIdentity(),
    /** Catálogo 01: '01' factura, '03' boleta de venta, '07' nota de crédito. */
    tipo: text('tipo').notNull(),
    serie: text('serie').notNull(),
    correlativo: integer('correlativo').notNull(),
    /** The sale it documents (null for a cargo shipment's voucher). */
    creserva: integer('creserva').references(() => reserva.creserva),
    /** Issue 34: the cargo shipment it documents (its tracking code); null for a sale's. */
    codigo_encomienda: text('codigo_encomienda').references(() => encomienda.codigo),
    /** A credit note's voucher it modifies. */
    ccomprobante_origen: integer('ccomprobante_origen'),
    /** A credit note's reason (catálogo 09) and its words. */
    motivo: text('motivo'),
    motivo_texto: text('motivo_texto'),
    emitido: instant('emitido').notNull(),
    /** The buyer: catálogo 06 type ('6' RUC, '1' DNI, '4' CE, '7' pasaporte, '-' varios), number and name. */
    cliente_tipo: text('cliente_tipo').notNull(),
    cliente_numero: text('cliente_numero').notNull(),
    cliente_nombre: text('cliente_nombre').notNull(),
    cliente_email: text('cliente_email').notNull(),
    /** Language of the customer's copy. */
    idioma: text('idioma').notNull(),
    /** Amounts in céntimos (PEN): exempt (passenger transport), taxed base, IGV, total. */
    exonerado_centimos: integer('exonerado_centimos').notNull(),
    gravado_centimos: integer('gravado_centimos').notNull(),
    igv_centimos: integer('igv_centimos').notNull(),
    total_centimos: integer('total_centimos').notNull(),
    /**
     * Issue 44: what the voucher says (the UBL builder's input as JSON: type, number, issue time,
     * buyer, lines, what a note modifies), written with the sale; the XML is built and signed from
     * it after the commit, by the outbox (sender.ts). Null only for vouchers signed before issue 44.
     */
    contenido: text('contenido'),
    /**
     * The signed UBL 2.1 document and the base64 SHA-256 digest of its signed content
     * (ds:DigestValue); null while the voucher is being issued (numbered, not signed yet).
     */
    xml: text('xml'),
    hash: text('hash'),
    /** When the outbox signed it (null: not yet). */
    firmado: instant('firmado'),
    /** Issue 44: the voucher SUNAT refused that this one replaces with a new number (null: none). */
    reemplaza: integer('reemplaza'),
    /**
     * 'pendiente' (in the outbox), 'aceptado', 'observado' (accepted with observations),
     * 'rechazado' (SUNAT refused it: the operator must act), 'error' (given up after the retries).
     */
    estado: text('estado').notNull().default('pendiente'),
    /** 'vigente', or 'anulado' once a credit note voided it entirely (e.g. replaced by a factura). */
    vigencia: text('vigencia').notNull().default('vigente'),
    intentos: integer('intentos').notNull().default(0),
    proximo_intento: instant('proximo_intento').notNull(),
    ultimo_error: text('ultimo_error'),
    sunat_codigo: text('sunat_codigo'),
    sunat_descripcion: text('sunat_descripcion'),
    /** SUNAT's answer (the zipped, signed ApplicationResponse), base64. */
    cdr: text('cdr'),
    respondido: instant('respondido'),
  },
  (t) => [
    unique('comprobante_numero_uq').on(t.tipo, t.serie, t.correlativo),
    index().on(t.creserva),
    index().on(t.codigo_encomienda),
    index('comprobante_pendiente_idx').on(t.proximo_intento).where(sql`${t.estado} = 'pendiente'`),
    check('comprobante_tipo_check', sql`${t.tipo} in ('01', '03', '07')`),
    check('comprobante_estado_check', sql`${t.estado} in ('pendiente', 'aceptado', 'observado', 'rechazado', 'error')`),
    check('comprobante_vigencia_check', sql`${t.vigencia} in ('vigente', 'anulado')`),
    check('comprobante_total_check', sql`${t.total_centimos} = ${t.exonerado_centimos} + ${t.gravado_centimos} + ${t.igv_centimos}`),
  ],
);
