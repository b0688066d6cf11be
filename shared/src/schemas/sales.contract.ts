import * as v from 'valibot';

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
export const PAYMENT_METHODS = ['tarjeta', 'banca', 'efectivo', 'cip'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The payment provider that served a payment; `sandbox` stands in for both without credentials. */
export type PaymentProviderName = 'safetypay' | 'pagoefectivo';

/** A purchase key (`clave_bloqueo`, or a recovery access key). */
export const purchaseKey = v.pipe(v.string('sale.clave.invalid'), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'sale.clave.invalid'));
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
  nombre: v.pipe(v.string('sale.nombres.required'), v.trim(), v.minLength(1, 'sale.nombres.required'), v.maxLength(120, 'sale.nombres.required')),
  email: v.pipe(v.string('sale.email.invalid'), v.trim(), v.toLowerCase(), v.email('sale.email.invalid'), v.maxLength(120, 'sale.email.invalid')),
});

/** Answer of `/rest/invitado`: whether the e-mail already has an account (suggest signing in). */
export interface GuestAnswer {
  cinvitado: number;
  tiene_cuenta: boolean;
}

/** Answer of `/rest/venta/cotizar` (and part of a reservation). */
export interface Quote {
  subtotal_centimos: number;
  descuento_centimos: number;
  total_centimos: number;
  /** The coupon applied, upper-cased; null without one. */
  cupon: string | null;
  /** The coupon's discount in percent; null without one. */
  descuento_pct: number | null;
  /** Issue 7: points redeemed on this purchase (0 without); `total_centimos` already has them taken off. */
  puntos_canje: number;
  /** Issue 7: what those points are worth (puntos_canje × POINT_VALUE_CENTIMOS). */
  canje_centimos: number;
}

/** One leg of a reservation. */
export interface ReservationLeg {
  tramo: 'ida' | 'vuelta';
  cviaje: number;
  /** The passenger's own boarding and alighting cities (the stretch sold, issue 19)… */
  origen: string;
  destino: string;
  /** …and terminals there. */
  terminal_origen: string;
  terminal_destino: string;
  /** ISO instants. */
  salida: string;
  llegada: string;
  servicio: string;
}

/** A passenger as shown back on a reservation or ticket: the document number is masked. */
export interface ReservationPassenger {
  nombres: string;
  paterno: string;
  materno: string;
  ctipo_documento: number;
  /** e.g. `****5678`. */
  numero: string;
  menor: boolean;
}

export interface ReservationSeat {
  cviaje_asiento: number;
  cviaje: number;
  nasiento: number;
  gnivel_piso: number;
  precio_centimos: number;
  pasajero: ReservationPassenger;
}

/** An issued e-ticket. `qr` is the text the QR code encodes (signed by the server). */
export interface Ticket {
  numero: string;
  cviaje: number;
  tramo: 'ida' | 'vuelta';
  /** The passenger's own boarding and alighting cities and terminals (issue 19); `salida` is the boarding time. */
  origen: string;
  destino: string;
  terminal_origen: string;
  terminal_destino: string;
  salida: string;
  nasiento: number;
  gnivel_piso: number;
  precio_centimos: number;
  pasajero: ReservationPassenger;
  qr: string;
  /** Issue 7: `emitido` (valid) or `postergado` (void, replaced by `postergado_a`). */
  estado: TicketState;
  /** Issue 7: number of the ticket that replaced this one; null unless postponed. */
  postergado_a: string | null;
  /** Issue 7: when the passenger's sworn declaration was registered; null until then. */
  declaracion: string | null;
}

/** Issue 7: a ticket is valid until it is postponed (voided, pointing to its replacement). */
export type TicketState = 'emitido' | 'postergado';

/** A payment attempt of a reservation. */
export interface PaymentView {
  proveedor: PaymentProviderName;
  metodo: PaymentMethod;
  estado: 'iniciado' | 'pagado' | 'rechazado';
  /** Where the customer pays (provider page / CIP voucher). */
  url: string | null;
  /** The PagoEfectivo CIP code. */
  cip: string | null;
  expira: string | null;
}

/** Answer of `/rest/venta/reserva` and `/rest/venta/consulta`. */
export interface ReservationView extends Quote {
  codigo: string;
  /** Issue 7: a sale, or the fare difference of a postponement (`boleto_origen` is the ticket moved). */
  tipo: 'venta' | 'postergacion';
  boleto_origen: string | null;
  estado: ReservationState;
  motivo: ReservationReason | null;
  /** ISO instant the reservation lapses unless paid. */
  expira: string;
  moneda: 'PEN';
  comprador: { nombre: string; email: string; comprobante: 'boleta' | 'factura'; ruc: string | null; razon_social: string | null };
  tramos: ReservationLeg[];
  asientos: ReservationSeat[];
  pagos: PaymentView[];
  /** Empty until paid. */
  boletos: Ticket[];
}

/** Answer of `/rest/safetypay` and `/rest/efectivo`: where to send the customer. */
export interface PaymentStart {
  proveedor: PaymentProviderName;
  url: string;
  cip: string | null;
  expira: string | null;
  /** True when the sandbox stands in for the provider (no credentials configured). */
  sandbox: boolean;
}
