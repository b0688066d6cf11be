import * as v from 'valibot';
import { isValidRuc } from './company.schema';
import { ReservationLookupSchema } from './sales.contract';

/**
 * Issue 34: the electronic vouchers of a purchase, and a factura asked for after it (the buyer's
 * RUC and business name, as step 3 asks them), in the browser and the API.
 */
export const FacturaRequestSchema = v.object({
  ...ReservationLookupSchema.entries,
  ruc: v.pipe(v.string('sale.ruc.invalid'), v.trim(), v.check(isValidRuc, 'sale.ruc.invalid')),
  razon_social: v.pipe(v.string('sale.razon.required'), v.trim(), v.minLength(1, 'sale.razon.required'), v.maxLength(200, 'sale.razon.required')),
});
export type FacturaRequest = v.InferOutput<typeof FacturaRequestSchema>;

/** SUNAT's document types we issue (catálogo 01): factura, boleta de venta, nota de crédito. */
export const VOUCHER_TYPES = ['01', '03', '07'] as const;
/** Where a voucher stands with SUNAT. */
export const VOUCHER_STATES = ['pendiente', 'aceptado', 'observado', 'rechazado', 'error'] as const;

/** One voucher as its buyer sees it. */
export const VoucherAnswer = v.object({
  tipo: v.picklist(VOUCHER_TYPES),
  /** Series-correlative, e.g. B001-27. */
  numero: v.string(),
  emitido: v.string(),
  total_centimos: v.number(),
  estado: v.picklist(VOUCHER_STATES),
  /** 'anulado' once a credit note voided it (e.g. replaced by a factura). */
  vigencia: v.picklist(['vigente', 'anulado']),
  /** The hash printed on it (ds:DigestValue). */
  hash: v.string(),
});
export type VoucherView = v.InferOutput<typeof VoucherAnswer>;

/** `POST /rest/venta/comprobantes`: a purchase's vouchers, and whether a factura may still replace its boleta. */
export const PurchaseVouchersAnswer = v.object({
  comprobantes: v.array(VoucherAnswer),
  /** A boleta may be exchanged for a factura until this instant (null: not any more, or it is a factura). */
  factura_hasta: v.nullable(v.string()),
});
export type PurchaseVouchers = v.InferOutput<typeof PurchaseVouchersAnswer>;

/** `GET /rest/operador/comprobantes`: which vouchers (by SUNAT state; by default those that need the operator). */
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
});
export const OperatorVouchersAnswer = v.array(OperatorVoucherAnswer);
export type OperatorVoucher = v.InferOutput<typeof OperatorVoucherAnswer>;
