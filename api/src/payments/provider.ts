import type { PaymentMethod, PaymentProviderName } from '@rumbo/shared/schemas';

/**
 * The seam between the sales domain (api/src/sales) and the payment providers
 * (api/src/payments): SafetyPay and PagoEfectivo adapters, each talking to the real provider when
 * its credentials are in the environment, else to the sandbox that imitates that provider's API.
 * Amounts are integer céntimos (PEN).
 */
export interface ChargeRequest {
  /** Our reference of the payment, unique per attempt (the provider echoes it back). */
  referencia: string;
  /** The reservation's payment code, shown to the customer by the provider. */
  codigo: string;
  montoCentimos: number;
  /** The charge must not be payable after this instant (the reservation's expiry). */
  expira: Date;
  metodo: PaymentMethod;
  comprador: { nombre: string; email: string };
  idioma: 'es-PE' | 'en-EN';
  /** Where the provider sends the customer back (approved and declined alike). */
  urlRetorno: string;
}

export interface ChargeStarted {
  proveedor: PaymentProviderName;
  /** Where the customer pays: provider page, or the CIP voucher. */
  url: string;
  /** PagoEfectivo's CIP code. */
  cip: string | null;
  /** The provider's own id of the operation, if it gives one at creation. */
  operacion: string | null;
  sandbox: boolean;
}

/** A verified notification, reduced to what the sales domain needs. */
export interface PaymentNotice {
  proveedor: PaymentProviderName;
  referencia: string;
  /** The provider's id of this payment: the idempotency key with `proveedor`. */
  operacion: string;
  estado: 'pagado' | 'rechazado';
  montoCentimos: number;
  moneda: string;
}

/** What the HTTP notification route answers the provider (some providers want a signed echo). */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** Issue 35: money back to the payment it came from. */
export interface RefundRequest {
  /** Our idempotency key: the same key is one refund, however often it is sent. */
  clave: string;
  /** Our reference of the payment refunded (the provider knows it as its MerchantSalesID). */
  referencia: string;
  /** The provider's id of that payment, when it gave one. */
  operacion: string | null;
  montoCentimos: number;
}

export interface RefundDone {
  /** The provider's id of the refund. */
  operacion: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly sandbox: boolean;
  startCharge(request: ChargeRequest): Promise<ChargeStarted>;
  /**
   * Verifies a notification's signature from its raw body and headers; throws
   * `InvalidSignatureError` when it does not verify.
   */
  verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentNotice;
  /** The answer the provider expects once the notice is processed. */
  acknowledge(notice: PaymentNotice, rawBody: string): NotificationReply;
  /**
   * Issue 35: refunds a payment (all or part), idempotent on `clave`; throws PaymentProviderError
   * when the provider refuses or cannot be reached (the refund stays to retry with the same key).
   * Absent where the provider has no refund API (PagoEfectivo's cash CIPs): the operator pays back.
   */
  refund?(request: RefundRequest): Promise<RefundDone>;
  /**
   * Issue 46: whether `refund` can take back this very payment (Culqi refunds a card or Yape charge,
   * not a wallet's QR order); absent: every payment of a provider with `refund` can be.
   */
  canRefund?(payment: { operacion: string | null }): boolean;
}

export class InvalidSignatureError extends Error {
  override readonly name = 'InvalidSignatureError';
}

/**
 * The provider could not start the charge: unreachable, or it refused the request (its error
 * number and description are in the message, for the log). The sales route answers 502/503.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  /** Issue 35: the provider could not be reached or failed (network, timeout, 5xx): the same call may be tried again later; false when it refused. */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean } = {}) {
    super(message);
    this.retryable = options.retryable ?? false;
  }
}

/**
 * A notification that verified but carries an event the sales domain does not act on (a
 * PagoEfectivo refund, a SafetyPay status that is neither paid nor final). The route should
 * answer it with a 2xx and change nothing, so the provider stops re-sending it.
 */
export class UnsupportedNotificationError extends Error {
  override readonly name = 'UnsupportedNotificationError';
}
