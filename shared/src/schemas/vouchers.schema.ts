import * as v from 'valibot';
import { isValidRuc } from './company.schema';
import { DocumentSchema } from './sales.schema';
import { ReservationLookupSchema } from './sales.contract';
import { xmlText } from './xml-text';

/**
 * Issue 34: the electronic vouchers of a purchase, and a factura asked for after it (the buyer's
 * RUC and business name, as step 3 asks them), in the browser and the API.
 */
export const FacturaRequestSchema = v.object({
  ...ReservationLookupSchema.entries,
  ruc: v.pipe(v.string('sale.ruc.invalid'), v.trim(), v.check(isValidRuc, 'sale.ruc.invalid')),
  razon_social: v.pipe(v.string('sale.razon.required'), v.trim(), v.minLength(1, 'sale.razon.required'), v.maxLength(200, 'sale.razon.required'), xmlText()),
});
export type FacturaRequest = v.InferOutput<typeof FacturaRequestSchema>;

/** SUNAT's document types we issue (catálogo 01): factura, boleta de venta, nota de crédito. */
export const VOUCHER_TYPES = ['01', '03', '07'] as const;
/** Where a voucher stands with SUNAT. */
export const VOUCHER_STATES = ['pendiente', 'aceptado', 'observado', 'rechazado', 'error'] as const;

/** Issue 44: how a voucher reads before the outbox signed it (numbered with the sale, signed right after). */
export const VOUCHER_ISSUING = 'emitiendo';

/** One voucher as its buyer sees it. */
export const VoucherAnswer = v.object({
  tipo: v.picklist(VOUCHER_TYPES),
  /** Series-correlative, e.g. B001-27. */
  numero: v.string(),
  emitido: v.string(),
  total_centimos: v.number(),
  /** Its SUNAT state, or 'emitiendo' while it is numbered but not signed yet (issue 44). */
  estado: v.picklist([...VOUCHER_STATES, VOUCHER_ISSUING]),
  /** 'anulado' once a credit note voided it (e.g. replaced by a factura). */
  vigencia: v.picklist(['vigente', 'anulado']),
  /** The hash printed on it (ds:DigestValue); null while 'emitiendo'. */
  hash: v.nullable(v.string()),
});
export type VoucherView = v.InferOutput<typeof VoucherAnswer>;

/** `POST /rest/venta/comprobantes`: a purchase's vouchers, and whether a factura may still replace its boleta. */
export const PurchaseVouchersAnswer = v.object({
  comprobantes: v.array(VoucherAnswer),
  /** A boleta may be exchanged for a factura until this instant (null: not any more, or it is a factura). */
  factura_hasta: v.nullable(v.string()),
});
export type PurchaseVouchers = v.InferOutput<typeof PurchaseVouchersAnswer>;

/** `GET /rest/operador/comprobantes`: which vouchers (by SUNAT state; by default those that need the operator: refused, given up, or waiting 24 h or more). */
export const OperatorVouchersQuery = v.object({ estado: v.optional(v.picklist([...VOUCHER_STATES, 'atencion'], 'request.invalid')) });

export const OperatorVoucherAnswer = v.object({
  ...VoucherAnswer.entries,
  ccomprobante: v.number(),
  /** The purchase's payment code (null for a voucher of no purchase). */
  codigo: v.nullable(v.string()),
  intentos: v.number(),
  sunat_codigo: v.nullable(v.string()),
  sunat_descripcion: v.nullable(v.string()),
  ultimo_error: v.nullable(v.string()),
  /** Issue 44, SUNAT's clock: hours since it was issued. */
  edad_horas: v.number(),
  /** When its term to reach SUNAT ends (null once SUNAT answered). */
  plazo: v.nullable(v.string()),
  /** Waiting for SUNAT for 24 h or more (or past its term): the operator must look. */
  alerta: v.boolean(),
  /** The refused voucher this one replaces under a new number, and the one that replaced this (series-correlative). */
  reemplaza: v.nullable(v.string()),
  reemplazado_por: v.nullable(v.string()),
});
export const OperatorVouchersAnswer = v.array(OperatorVoucherAnswer);
export type OperatorVoucher = v.InferOutput<typeof OperatorVoucherAnswer>;

/** Issue 34 item 7: one passenger of a trip's manifest (D.S. 017-2009-MTC: the passenger list each departure carries). */
export const ManifestPassengerAnswer = v.object({
  asiento: v.number(),
  piso: v.number(),
  nombres: v.string(),
  apellidos: v.string(),
  /** Age at the departure, in years. */
  edad: v.number(),
  documento_tipo: v.string(),
  documento_numero: v.string(),
  embarque: v.string(),
  desembarque: v.string(),
  boleto: v.string(),
  /** The purchase's valid electronic voucher (series-number), null when nothing was charged. */
  comprobante: v.nullable(v.string()),
  importe_centimos: v.number(),
  menor: v.boolean(),
  /** Issue 34: a child under 5 riding on the lap of the passenger of seat `regazo_de` (no seat of their own, nothing charged); null for a seated passenger. */
  regazo_de: v.nullable(v.number()),
  /** Issue 34: a minor travelling without a parent: the notarial travel authorization is checked at boarding. */
  autorizacion_notarial: v.boolean(),
});
export const ManifestAnswer = v.object({
  cviaje: v.number(),
  origen: v.string(),
  destino: v.string(),
  salida: v.string(),
  servicio: v.string(),
  pasajeros: v.array(ManifestPassengerAnswer),
});
export type Manifest = v.InferOutput<typeof ManifestAnswer>;

/**
 * Issue 34 item 1: a shipment received and paid at an agency's counter, registered by an operator
 * (`POST /rest/operador/encomiendas`): its voucher is issued in the same transaction, with cargo's
 * tax treatment (IGV 18 %), and mailed to the sender. A factura when a RUC is given.
 */
export const CargoShipmentSchema = v.pipe(
  v.object({
    cagencia_origen: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
    cagencia_destino: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid')),
    remitente: v.pipe(v.string('sale.nombres.required'), v.trim(), v.minLength(1, 'sale.nombres.required'), v.maxLength(120, 'sale.nombres.required'), xmlText()),
    remitente_documento: DocumentSchema,
    email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid')),
    destinatario: v.pipe(v.string('sale.nombres.required'), v.trim(), v.minLength(1, 'sale.nombres.required'), v.maxLength(120, 'sale.nombres.required'), xmlText()),
    documento_destinatario: v.pipe(v.string('cargo.documento.format'), v.trim(), v.regex(/^\d{8,12}$/, 'cargo.documento.format')),
    pide_documento: v.optional(v.boolean('request.invalid'), false),
    paquetes: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'), v.maxValue(99, 'request.invalid')),
    peso_kg: v.pipe(v.number('cargo.peso.range'), v.minValue(0.1, 'cargo.peso.range'), v.maxValue(500, 'cargo.peso.range')),
    valor_declarado: v.pipe(v.number('request.invalid'), v.minValue(0, 'request.invalid'), v.maxValue(1_000_000, 'request.invalid')),
    /** What the sender paid, IGV included, in céntimos. */
    precio_centimos: v.pipe(v.number('request.invalid'), v.integer('request.invalid'), v.minValue(1, 'request.invalid'), v.maxValue(10_000_000, 'request.invalid')),
    ruc: v.optional(v.pipe(v.string('sale.ruc.invalid'), v.trim(), v.check(isValidRuc, 'sale.ruc.invalid'))),
    razon_social: v.optional(v.pipe(v.string('sale.razon.required'), v.trim(), v.minLength(1, 'sale.razon.required'), v.maxLength(200, 'sale.razon.required'), xmlText())),
    idioma: v.optional(v.picklist(['es-PE', 'en-EN'], 'request.invalid'), 'es-PE'),
  }),
  v.forward(v.check((s) => s.cagencia_origen !== s.cagencia_destino, 'cargo.destino.same'), ['cagencia_destino']),
  v.forward(v.check((s) => s.ruc === undefined || !!s.razon_social, 'sale.razon.required'), ['razon_social']),
);
export type CargoShipment = v.InferOutput<typeof CargoShipmentSchema>;
export const CargoShipmentAnswer = v.object({ codigo: v.string(), comprobante: v.string(), total_centimos: v.number(), igv_centimos: v.number() });
