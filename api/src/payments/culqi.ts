import { CulqiError, type CulqiErrorObject } from './culqi.errors';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError } from './provider';
import type { ChargeRequest, ChargeStarted, NotificationReply, PaymentNotice, PaymentProvider, RefundDone, RefundRequest } from './provider';
import { headerOf, safeEqual } from './signing';

export { CulqiError } from './culqi.errors';

/**
 * Issue 46: Culqi's API v2 (docs/payments-culqi.md cites the reference for each call). JSON both
 * ways, amounts in integer céntimos, `Authorization: Bearer <key>`:
 *
 * - `POST {secure}/v2/tokens/yape` with the PUBLIC key: `{ number_phone, otp, amount }` → a token
 *   (`object: "token"`, `id`) the charge is made with; Yape's approval code lives 2 minutes.
 * - `POST {api}/v2/charges` with the SECRET key: `{ amount, currency_code, email, source_id,
 *   description, installments, metadata }` → a charge (`object: "charge"`, `id`, `outcome`), or an
 *   error object `{ object: "error", type, code, decline_code, merchant_message, user_message }`
 *   (HTTP 402 for a refused card or wallet, 400 for a bad request, 401 a bad key, 5xx Culqi's fault).
 * - `POST {api}/v2/orders`: `{ amount, currency_code, description, order_number, client_details,
 *   expiration_date (Unix seconds) }` → an order (`id`, `state: "pending"`, `payment_code`), paid from
 *   a wallet's QR or with Cuotéalo in Culqi's checkout; `GET {api}/v2/orders/{id}` reads its state.
 * - The webhook `order.status.changed` (an event `{ object: "event", type, data }`, `data` the
 *   order, as JSON text or an object). Culqi publishes no HMAC over the body: the endpoint is
 *   protected with the Basic credentials set for it in CulqiPanel (`CULQI_WEBHOOK_SECRET`,
 *   `user:password`), and whatever the event says, the order is read back from Culqi with the
 *   secret key before anything is sold (`orderNotice`): a forged or replayed event sells nothing.
 * - `POST {api}/v2/refunds`: `{ amount, charge_id, reason: "solicitud_comprador", metadata }`;
 *   Culqi takes no idempotency key, so our key goes in the metadata and `GET {api}/v2/refunds?charge_id=`
 *   is asked first: a refund already made with that key is answered instead of a second one.
 */
export interface CulqiCredentials {
  publicKey: string;
  secretKey: string;
  /** `user:password` of the webhook's Basic authentication (CulqiPanel → Eventos → Webhooks). */
  webhookSecret: string;
  /** `https://api.culqi.com` (charges, orders, refunds). */
  apiUrl: string;
  /** `https://secure.culqi.com` (tokens). */
  secureUrl: string;
}

export const CULQI_API_URL = 'https://api.culqi.com';
export const CULQI_SECURE_URL = 'https://secure.culqi.com';

export interface CulqiDeps {
  fetch: typeof fetch;
  now: () => Date;
  sandbox: boolean;
  /** How long a Culqi call may take; 20 s unless told (a charge answers after the bank). */
  timeoutMs?: number;
}

export interface CulqiChargeInput {
  referencia: string;
  codigo: string;
  montoCentimos: number;
  email: string;
  /** A card token (`tkn_…`) or a Yape token (`ype_…`). */
  source: string;
  cuotas?: number;
}

/** A charge Culqi approved (its id) or refused (its code: `decline_code`, else `code`). */
export type CulqiChargeOutcome = { ok: true; chargeId: string } | { ok: false; code: string; userMessage: string };

/** What the store needs of Culqi beyond the payment port: Yape and card charges that answer at once. */
export interface CulqiProvider extends PaymentProvider {
  readonly name: 'culqi';
  readonly publicKey: string;
  /** Where the browser tokenizes a card with the public key. */
  readonly tokensUrl: string;
  /** A Yape token from the phone and the app's approval code, for this amount; a refusal as an outcome. */
  yapeToken(input: { telefono: string; otp: string; montoCentimos: number }): Promise<{ ok: true; token: string } | { ok: false; code: string; userMessage: string }>;
  charge(input: CulqiChargeInput): Promise<CulqiChargeOutcome>;
  /** The order's state as Culqi has it now (the webhook only says "look"). */
  orderNotice(orderId: string): Promise<PaymentNotice>;
  /** The order id a verified webhook names (throws InvalidSignatureError / UnsupportedNotificationError). */
  webhookOrder(rawBody: string, headers: Record<string, string | string[] | undefined>): string;
}

/** Culqi's order states and what they mean for the sale. */
const ORDER_PAID = new Set(['paid']);
const ORDER_FAILED = new Set(['expired', 'deleted', 'canceled', 'cancelled']);

const ID = /^[a-z]{3}_(test|live)_[A-Za-z0-9]{4,64}$/;

export function createCulqi(credentials: CulqiCredentials, deps: CulqiDeps): CulqiProvider {
  const api = credentials.apiUrl.replace(/\/+$/, '');
  const secure = credentials.secureUrl.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? 20_000;

  /** One call; Culqi's error object becomes a CulqiError (retryable when Culqi or the network failed). */
  async function call<T>(method: 'GET' | 'POST', url: string, key: string, body?: object): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await deps.fetch(url, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new CulqiError(`Culqi is unreachable: ${(error as Error).message}`, { retryable: true });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      throw new CulqiError(`Culqi answered HTTP ${response.status} without JSON`, { retryable: response.status >= 500 });
    }
    if (!response.ok || (json as { object?: string }).object === 'error') {
      const error = json as Partial<CulqiErrorObject>;
      throw new CulqiError(`Culqi answered HTTP ${response.status}: ${error.type ?? '?'} ${error.code ?? ''} ${error.decline_code ?? ''} ${error.merchant_message ?? ''}`.trim(), {
        retryable: response.status >= 500 || response.status === 429,
        status: response.status,
        error,
      });
    }
    return json as T;
  }

  /** A refusal Culqi answered (HTTP 402 or a card/wallet error), as an outcome; anything else goes on as an error. */
  function refusalOf(error: unknown): { ok: false; code: string; userMessage: string } {
    if (error instanceof CulqiError && error.refusal) return { ok: false, code: error.refusal, userMessage: error.error?.user_message ?? '' };
    throw error;
  }

  async function yapeToken(input: { telefono: string; otp: string; montoCentimos: number }) {
    try {
      const token = await call<{ id?: string }>('POST', `${secure}/v2/tokens/yape`, credentials.publicKey, {
        amount: String(input.montoCentimos),
        number_phone: input.telefono,
        otp: input.otp,
      });
      if (typeof token.id !== 'string' || !ID.test(token.id)) throw new CulqiError('Culqi Yape token answer without an id');
      return { ok: true as const, token: token.id };
    } catch (error) {
      return refusalOf(error);
    }
  }

  async function charge(input: CulqiChargeInput): Promise<CulqiChargeOutcome> {
    try {
      const answer = await call<{ id?: string; object?: string }>('POST', `${api}/v2/charges`, credentials.secretKey, {
        amount: input.montoCentimos,
        currency_code: 'PEN',
        email: input.email,
        source_id: input.source,
        description: `Rumbo Andino ${input.codigo}`.slice(0, 80),
        installments: input.cuotas ?? 0,
        capture: true,
        metadata: { referencia: input.referencia, codigo: input.codigo },
      });
      if (typeof answer.id !== 'string' || !ID.test(answer.id)) throw new CulqiError('Culqi charge answer without an id');
      return { ok: true, chargeId: answer.id };
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** The port's start: a Culqi order (wallet QR, Cuotéalo), paid in Culqi's checkout until the reservation expires. */
  async function startCharge(request: ChargeRequest): Promise<ChargeStarted> {
    if (request.metodo !== 'billetera' && request.metodo !== 'cuotealo') throw new PaymentProviderError(`A Culqi order does not take "${request.metodo}"`);
    const [firstName = request.comprador.nombre, ...rest] = request.comprador.nombre.trim().split(/\s+/);
    let order: { id?: string; payment_code?: string | null };
    try {
      order = await call('POST', `${api}/v2/orders`, credentials.secretKey, {
        amount: request.montoCentimos,
        currency_code: 'PEN',
        description: `Rumbo Andino ${request.codigo}`,
        order_number: request.referencia,
        client_details: { first_name: firstName, last_name: rest.join(' ') || firstName, email: request.comprador.email },
        expiration_date: Math.floor(request.expira.getTime() / 1000),
        metadata: { codigo: request.codigo, metodo: request.metodo },
      });
    } catch (error) {
      throw new PaymentProviderError((error as Error).message, { retryable: error instanceof CulqiError && error.retryable });
    }
    if (typeof order.id !== 'string' || !ID.test(order.id)) throw new PaymentProviderError('Culqi order answer without an id');
    // The checkout is opened on the reservation page with the order; the stand-in shows its own page.
    const url = deps.sandbox
      ? `${api}/checkout/${order.id}?retorno=${encodeURIComponent(request.urlRetorno)}`
      : `${request.urlRetorno}?culqi_orden=${encodeURIComponent(order.id)}`;
    return { proveedor: 'culqi', url, cip: order.payment_code ?? null, operacion: order.id, sandbox: deps.sandbox };
  }

  function webhookOrder(rawBody: string, headers: Record<string, string | string[] | undefined>): string {
    const auth = headerOf(headers, 'authorization');
    const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
    if (!safeEqual(given, credentials.webhookSecret)) throw new InvalidSignatureError('Culqi webhook without the configured Basic credentials');
    let event: { object?: unknown; type?: unknown; data?: unknown };
    try {
      event = JSON.parse(rawBody) as typeof event;
    } catch {
      throw new InvalidSignatureError('Culqi webhook that is not JSON');
    }
    if (event.type !== 'order.status.changed') throw new UnsupportedNotificationError(`Culqi event ${String(event.type)}`);
    let data: { id?: unknown } = {};
    try {
      data = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data) as typeof data;
    } catch {
      throw new InvalidSignatureError('Culqi webhook with unreadable data');
    }
    if (typeof data?.id !== 'string' || !ID.test(data.id)) throw new InvalidSignatureError('Culqi webhook without an order id');
    return data.id;
  }

  async function orderNotice(orderId: string): Promise<PaymentNotice> {
    let order: { id?: string; state?: string; amount?: number; currency_code?: string; order_number?: string };
    try {
      order = await call('GET', `${api}/v2/orders/${encodeURIComponent(orderId)}`, credentials.secretKey);
    } catch (error) {
      throw new PaymentProviderError((error as Error).message, { retryable: true });
    }
    if (order.id !== orderId || typeof order.order_number !== 'string' || !Number.isSafeInteger(order.amount)) throw new PaymentProviderError('Culqi order answer unreadable');
    const state = String(order.state ?? '');
    let estado: PaymentNotice['estado'];
    if (ORDER_PAID.has(state)) estado = 'pagado';
    else if (ORDER_FAILED.has(state)) estado = 'rechazado';
    else throw new UnsupportedNotificationError(`Culqi order ${orderId} is ${state}`);
    return { proveedor: 'culqi', referencia: order.order_number, operacion: orderId, estado, montoCentimos: order.amount!, moneda: order.currency_code ?? '' };
  }

  function verifyNotification(): PaymentNotice {
    // Culqi's webhook is confirmed by reading the order back (webhookOrder, then orderNotice).
    throw new InvalidSignatureError('A Culqi webhook is verified by webhookOrder and orderNotice');
  }

  function acknowledge(): NotificationReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };
  }

  async function refund(request: RefundRequest): Promise<RefundDone> {
    const chargeId = request.operacion ?? '';
    // Only a charge (card, Yape) goes back by API; a wallet's QR order has none to refund.
    if (!chargeId.startsWith('chr_')) throw new PaymentProviderError(`Culqi cannot refund ${chargeId || 'a payment without a charge'} by API`);
    try {
      const listed = await call<{ data?: { id?: string; metadata?: { clave?: string } | null }[] }>('GET', `${api}/v2/refunds?charge_id=${encodeURIComponent(chargeId)}`, credentials.secretKey);
      const done = (listed.data ?? []).find((r) => r.metadata?.clave === request.clave);
      if (done?.id) return { operacion: done.id };
      const made = await call<{ id?: string }>('POST', `${api}/v2/refunds`, credentials.secretKey, {
        amount: request.montoCentimos,
        charge_id: chargeId,
        reason: 'solicitud_comprador',
        metadata: { clave: request.clave, referencia: request.referencia },
      });
      if (typeof made.id !== 'string' || !ID.test(made.id)) throw new CulqiError('Culqi refund answer without an id', { retryable: true });
      return { operacion: made.id };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError((error as Error).message, { retryable: error instanceof CulqiError && error.retryable });
    }
  }

  return {
    name: 'culqi',
    sandbox: deps.sandbox,
    publicKey: credentials.publicKey,
    tokensUrl: `${secure}/v2/tokens`,
    yapeToken,
    charge,
    startCharge,
    orderNotice,
    webhookOrder,
    verifyNotification,
    acknowledge,
    refund,
    canRefund: (payment) => (payment.operacion ?? '').startsWith('chr_'),
  };
}
