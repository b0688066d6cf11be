import * as v from 'valibot';
import { xmlText } from './xml-text';

/**
 * The sales API's answers (issue 4: reservation, payment, tickets), typed once for the API and
 * mf-booking. Money is integer céntimos (PEN) everywhere in this file; the seat holds' `precio`
 * (soles) is only a display of step 2.
 */

/** The reservation's life: pending payment, paid (tickets issued), cancelled, paid too late. */
export const RESERVATION_STATES = ['pendiente', 'pagada', 'anulada', 'reembolso'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/**
 * Why a reservation is `anulada` or `reembolso`. Issue 7 (additive): `boleto_invalido`, a
 * postponement paid after its ticket was already postponed another way, or points no longer there.
 */
export const RESERVATION_REASONS = ['rechazado', 'vencido', 'asientos_ocupados', 'boleto_invalido'] as const;
export type ReservationReason = (typeof RESERVATION_REASONS)[number];

/**
 * Ways to pay (DECISIONS.md, Purchase): card, online banking and cash at an agent through
 * SafetyPay (`/rest/safetypay`); cash or QR with a PagoEfectivo CIP (`/rest/efectivo`).
 */
export const PAYMENT_METHODS = ['tarjeta', 'banca', 'efectivo', 'cip', 'yape', 'billetera', 'cuotealo'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment provider that served a payment; `sandbox` stands in for both without credentials. */
export const PAYMENT_PROVIDERS = ['safetypay', 'pagoefectivo', 'culqi'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A purchase key (`clave_bloqueo`, or a recovery access key). */
/** A purchase key (`clave_bloqueo`): what the seat holds of one purchase share. */
export const PURCHASE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const purchaseKey = v.pipe(v.string('sale.clave.invalid'), v.regex(PURCHASE_KEY_PATTERN, 'sale.clave.invalid'));
/** A payment code: 8 characters of an alphabet without 0/O/1/I. */
export const RESERVATION_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
export const reservationCode = v.pipe(v.string('sale.codigo.invalid'), v.trim(), v.toUpperCase(), v.regex(RESERVATION_CODE_PATTERN, 'sale.codigo.invalid'));
export const coupon = v.pipe(v.string('sale.cupon.invalid'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9-]{3,20}$/, 'sale.cupon.invalid'));

/** `POST /rest/venta/cotizar`: the price of the held seats of a purchase, with a coupon if any. */
export const QuoteRequestSchema = v.object({
  clave_bloqueo: purchaseKey,
  cupon: v.optional(coupon),
});

/** `POST /rest/venta/consulta`: read a reservation; the purchase key proves it is the buyer's. */
export const ReservationLookupSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
});

/** `POST /rest/safetypay`: start a SafetyPay payment (card, online banking, cash). */
export const SafetyPayRequestSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
  metodo: v.picklist(['tarjeta', 'banca', 'efectivo'], 'sale.metodo.required'),
});

/** `POST /rest/efectivo`: create a PagoEfectivo CIP (cash at agents, QR, banking). */
export const CipRequestSchema = v.object({
  codigo: reservationCode,
  clave_bloqueo: purchaseKey,
});

/** `POST /rest/venta/confirmar/recuperar/`: re-send the tickets of a paid reservation. */
export const ResendTicketsSchema = v.object({
  codigo: reservationCode,
  email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid')),
});

/** `POST /rest/invitado`: a guest buyer introduces themself before reserving. */
export const GuestSchema = v.object({
  nombre: v.pipe(v.string('sale.nombres.required'), v.trim(), v.minLength(1, 'sale.nombres.required'), v.maxLength(120, 'sale.nombres.required'), xmlText()),
  email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid')),
});

/** Answer of `/rest/invitado`: whether the e-mail already has an account (suggest signing in). */
export const GuestAnswerSchema = v.object({
  cinvitado: v.number(),
  tiene_cuenta: v.boolean(),
});
export type GuestAnswer = v.InferOutput<typeof GuestAnswerSchema>;

/** Answer of `/rest/venta/cotizar` (and part of a reservation). */
export const QuoteAnswer = v.object({
  subtotal_centimos: v.number(),
  descuento_centimos: v.number(),
  total_centimos: v.number(),
  /** The coupon applied, upper-cased; null without one. */
  cupon: v.nullable(v.string()),
  /** The coupon's discount in percent; null without one. */
  descuento_pct: v.nullable(v.number()),
  /** Issue 7: points redeemed on this purchase (0 without); `total_centimos` already has them taken off. */
  puntos_canje: v.number(),
  /** Issue 7: what those points are worth (puntos_canje × POINT_VALUE_CENTIMOS). */
  canje_centimos: v.number(),
});
export type Quote = v.InferOutput<typeof QuoteAnswer>;

/** One leg of a reservation. */
export const ReservationLegAnswer = v.object({
  tramo: v.picklist(['ida', 'vuelta']),
  cviaje: v.number(),
  /** The passenger's own boarding and alighting cities (the stretch sold, issue 19)… */
  origen: v.string(),
  destino: v.string(),
  /** …and terminals there. */
  terminal_origen: v.string(),
  terminal_destino: v.string(),
  /** ISO instants. */
  salida: v.string(),
  llegada: v.string(),
  servicio: v.string(),
});
export type ReservationLeg = v.InferOutput<typeof ReservationLegAnswer>;

/** A passenger as shown back on a reservation or ticket: the document number is masked. */
export const ReservationPassengerAnswer = v.object({
  nombres: v.string(),
  paterno: v.string(),
  materno: v.string(),
  ctipo_documento: v.number(),
  /** e.g. `****5678`. */
  numero: v.string(),
  menor: v.boolean(),
  /**
   * Issue 34: a minor travelling without a parent, whose notarial travel authorization the buyer
   * confirmed (it is shown at boarding). Optional: a ticket kept by an older version has none.
   */
  autorizacion_notarial: v.optional(v.boolean()),
  /** Issue 34: the child under 5 on this passenger's lap (document masked), with their age at departure. */
  infante: v.optional(
    v.nullable(
      v.object({ nombres: v.string(), paterno: v.string(), materno: v.string(), ctipo_documento: v.number(), numero: v.string(), edad: v.number(), autorizacion_notarial: v.boolean() }),
    ),
  ),
});
export type ReservationPassenger = v.InferOutput<typeof ReservationPassengerAnswer>;

export const ReservationSeatAnswer = v.object({
  cviaje_asiento: v.number(),
  cviaje: v.number(),
  nasiento: v.number(),
  gnivel_piso: v.number(),
  precio_centimos: v.number(),
  pasajero: ReservationPassengerAnswer,
});
export type ReservationSeat = v.InferOutput<typeof ReservationSeatAnswer>;

/** An issued e-ticket. `qr` is the text the QR code encodes (signed by the server). */
/** What a ticket may be (issue 7 and 35). */
export const TICKET_STATES = ['emitido', 'postergado', 'anulado', 'transferido'] as const;

export const TicketAnswer = v.object({
  numero: v.string(),
  cviaje: v.number(),
  tramo: v.picklist(['ida', 'vuelta']),
  /** The passenger's own boarding and alighting cities and terminals (issue 19); `salida` is the boarding time. */
  origen: v.string(),
  destino: v.string(),
  terminal_origen: v.string(),
  terminal_destino: v.string(),
  /**
   * Issue 36: the boarding terminal's address and the boarding time (before `salida`), so a ticket
   * kept on the device (offline) says where and when to board. Optional: a ticket kept by an
   * older version of the site has neither.
   */
  direccion_origen: v.optional(v.string()),
  salida: v.string(),
  embarque: v.optional(v.string()),
  nasiento: v.number(),
  gnivel_piso: v.number(),
  precio_centimos: v.number(),
  pasajero: ReservationPassengerAnswer,
  qr: v.string(),
  /**
   * Issue 36: the purchase's valid electronic voucher (series-correlative, `B001-27`), so a ticket
   * kept on the device shows it; null before one is issued or when nothing was charged. Optional:
   * a ticket kept by an older version of the site has none.
   */
  comprobante: v.optional(v.nullable(v.string())),
  /** Issue 7: `emitido` (valid) or `postergado` (void, replaced by `postergado_a`); issue 35: `anulado` (refunded or turned into credit), `transferido` (replaced by `postergado_a`). */
  estado: v.picklist(TICKET_STATES),
  /** Issue 7: number of the ticket that replaced this one; null unless postponed. */
  postergado_a: v.nullable(v.string()),
  /** Issue 7: when the passenger's sworn declaration was registered; null until then. */
  declaracion: v.nullable(v.string()),
});
export type Ticket = v.InferOutput<typeof TicketAnswer>;

/** Issue 7: a ticket is valid until it is postponed (voided, pointing to its replacement); issue 35: cancelled or transferred. */
export type TicketState = (typeof TICKET_STATES)[number];

/** A payment attempt of a reservation. */
export const PaymentViewAnswer = v.object({
  proveedor: v.picklist(PAYMENT_PROVIDERS),
  metodo: v.picklist(PAYMENT_METHODS),
  estado: v.picklist(['iniciado', 'pagado', 'rechazado']),
  /** Where the customer pays (provider page / CIP voucher). */
  url: v.nullable(v.string()),
  /** The PagoEfectivo CIP code. */
  cip: v.nullable(v.string()),
  expira: v.nullable(v.string()),
});
export type PaymentView = v.InferOutput<typeof PaymentViewAnswer>;

/** Answer of `/rest/venta/reserva` and `/rest/venta/consulta`. */
export const ReservationViewAnswer = v.object({
  ...QuoteAnswer.entries,
  codigo: v.string(),
  /** Issue 7: a sale, or the fare difference of a postponement (`boleto_origen` is the ticket moved). */
  tipo: v.picklist(['venta', 'postergacion']),
  boleto_origen: v.nullable(v.string()),
  estado: v.picklist(RESERVATION_STATES),
  motivo: v.nullable(v.picklist(RESERVATION_REASONS)),
  /** ISO instant the reservation lapses unless paid. */
  expira: v.string(),
  moneda: v.literal('PEN'),
  comprador: v.object({ nombre: v.string(), email: v.string(), comprobante: v.picklist(['boleta', 'factura']), ruc: v.nullable(v.string()), razon_social: v.nullable(v.string()) }),
  tramos: v.array(ReservationLegAnswer),
  asientos: v.array(ReservationSeatAnswer),
  pagos: v.array(PaymentViewAnswer),
  /** Empty until paid. */
  boletos: v.array(TicketAnswer),
  /** Issue 35: travel credit held for (or spent on) this purchase: the provider is asked for the rest. */
  credito_centimos: v.optional(v.number()),
});
export type ReservationView = v.InferOutput<typeof ReservationViewAnswer>;

/** Answer of `/rest/safetypay` and `/rest/efectivo`: where to send the customer. */
export const PaymentStartAnswer = v.object({
  proveedor: v.picklist(PAYMENT_PROVIDERS),
  url: v.string(),
  cip: v.nullable(v.string()),
  expira: v.nullable(v.string()),
  /** True when the sandbox stands in for the provider (no credentials configured). */
  sandbox: v.boolean(),
});
export type PaymentStart = v.InferOutput<typeof PaymentStartAnswer>;
