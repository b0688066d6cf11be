import { limaAtom } from '@rumbo/shared/schemas';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError } from './provider';
import type { ChargeRequest, ChargeStarted, NotificationReply, PaymentNotice, PaymentProvider } from './provider';
import type { AdapterDeps } from './safetypay';
import { centimosOf, decimalOf, headerOf, hmacSha256Hex, safeEqual, sha256Hex } from './signing';

/**
 * PagoEfectivo's API v1 (CIP: a payment code the customer pays in cash at agents and banks, by
 * banking app or QR):
 *
 * - `POST {url}/v1/authorizations` JSON {accessKey, idService, dateRequest, hashString =
 *   SHA-256 hex of `idService.accessKey.secretKey.dateRequest`} → {code: "100", data: {token,
 *   tokenStart, tokenExpires}}; dateRequest and every date are ISO 8601 with Lima's offset.
 * - `POST {url}/v1/cips` with `Authorization: Bearer {token}` JSON {currency, amount (decimal),
 *   transactionCode (ours), dateExpiry, paymentConcept, additionalData, userEmail, userName, ...}
 *   → {code: "100", data: {cip, currency, amount, transactionCode, dateExpiry, cipUrl}}.
 * - Notifications: POST JSON {eventType, operationNumber, data: {cip, currency, amount,
 *   paymentDate, transactionCode}} with header `PE-Signature` = HMAC-SHA256 hex of the raw body
 *   keyed by the secret key. `cip.paid` is the payment; a CIP is never declined, but it lapses
 *   (`cip.expired`), which is a failed payment to the store; `cip.refunded` and anything else is
 *   not acted upon. Any 2xx answer acknowledges.
 */
export interface PagoEfectivoCredentials {
  serviceId: number;
  accessKey: string;
  secretKey: string;
  /** Base of the API, e.g. `https://pre1a.services.pagoefectivo.pe` (their test environment). */
  url: string;
}

/** PagoEfectivo's production API (`PAGOEFECTIVO_URL` overrides it). */
export const PAGOEFECTIVO_URL = 'https://services.pagoefectivo.pe';

/** The token is renewed this long before PagoEfectivo says it lapses. */
const TOKEN_MARGIN_MS = 60_000;
/** When the answer's expiry cannot be read, the token is kept at most this long. */
const TOKEN_FALLBACK_MS = 10 * 60_000;

interface PagoEfectivoAnswer<T> {
  code?: string;
  message?: string;
  data?: T;
}

interface CipData {
  cip?: number | string;
  cipUrl?: string;
  dateExpiry?: string;
}

interface Notification {
  eventType?: unknown;
  operationNumber?: unknown;
  data?: { cip?: unknown; currency?: unknown; amount?: unknown; paymentDate?: unknown; transactionCode?: unknown };
}

const ACK_BODY = JSON.stringify({ code: '100', message: 'OK' });

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function createPagoEfectivo(credentials: PagoEfectivoCredentials, deps: AdapterDeps): PaymentProvider {
  const base = credentials.url.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? 10_000;
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function call<T>(path: string, init: { headers: Record<string, string>; body: unknown }): Promise<{ status: number; answer: PagoEfectivoAnswer<T> }> {
    try {
      const response = await deps.fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers },
        body: JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await response.json().catch(() => ({}))) as PagoEfectivoAnswer<T>;
      return { status: response.status, answer: answer && typeof answer === 'object' ? answer : {} };
    } catch (error) {
      throw new PaymentProviderError(`PagoEfectivo is unreachable: ${(error as Error).message}`);
    }
  }

  async function authorize(): Promise<string> {
    const dateRequest = limaAtom(deps.now());
    const { status, answer } = await call<{ token?: string; tokenExpires?: string }>('/v1/authorizations', {
      headers: {},
      body: {
        accessKey: credentials.accessKey,
        idService: credentials.serviceId,
        dateRequest,
        hashString: sha256Hex(`${credentials.serviceId}.${credentials.accessKey}.${credentials.secretKey}.${dateRequest}`),
      },
    });
    const token = answer.data?.token;
    if (status !== 200 && status !== 201) throw new PaymentProviderError(`PagoEfectivo refused the authorization: HTTP ${status} ${answer.code ?? ''} ${answer.message ?? ''}`.trim());
    if (answer.code !== '100' || typeof token !== 'string' || !token) {
      throw new PaymentProviderError(`PagoEfectivo refused the authorization: ${answer.code ?? ''} ${answer.message ?? ''}`.trim());
    }
    const now = deps.now().getTime();
    const expires = Date.parse(answer.data?.tokenExpires ?? '');
    const until = Number.isNaN(expires) ? now + TOKEN_FALLBACK_MS : Math.min(expires - TOKEN_MARGIN_MS, now + 24 * 3600_000);
    cached = { token, until };
    return token;
  }

  /** The cached token while it lasts; one authorization at a time when it must be renewed. */
  function token(): Promise<string> {
    if (cached && cached.until > deps.now().getTime()) return Promise.resolve(cached.token);
    pending ??= authorize().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function createCip(request: ChargeRequest, bearer: string) {
    return call<CipData>('/v1/cips', {
      headers: { authorization: `Bearer ${bearer}`, 'accept-language': request.idioma === 'en-EN' ? 'en-US' : 'es-PE', origin: 'web' },
      body: {
        currency: 'PEN',
        amount: Number(decimalOf(request.montoCentimos)),
        transactionCode: request.referencia,
        dateExpiry: limaAtom(request.expira),
        paymentConcept: `Pasajes ${request.codigo}`,
        additionalData: request.codigo,
        userEmail: request.comprador.email,
        userName: request.comprador.nombre,
      },
    });
  }

  async function startCharge(request: ChargeRequest): Promise<ChargeStarted> {
    if (request.metodo !== 'cip' && request.metodo !== 'efectivo') {
      throw new PaymentProviderError(`PagoEfectivo does not take the payment method "${request.metodo}"`);
    }
    if (request.expira.getTime() <= deps.now().getTime()) throw new PaymentProviderError('The reservation has expired: no CIP can be created');
    let result = await createCip(request, await token());
    if (result.status === 401) {
      // The token was revoked or lapsed early: renew once.
      cached = null;
      result = await createCip(request, await token());
    }
    const { status, answer } = result;
    const cip = text(answer.data?.cip);
    if ((status !== 200 && status !== 201) || answer.code !== '100' || !cip || typeof answer.data?.cipUrl !== 'string') {
      throw new PaymentProviderError(`PagoEfectivo refused the CIP: HTTP ${status} ${answer.code ?? ''} ${answer.message ?? ''}`.trim());
    }
    let url: URL;
    try {
      url = new URL(answer.data.cipUrl);
    } catch {
      throw new PaymentProviderError('PagoEfectivo CIP without a voucher URL');
    }
    // PagoEfectivo's voucher has no way back to the store; the sandbox's takes one, signed so
    // that its voucher cannot be made to redirect anywhere else.
    if (deps.sandbox) {
      url.searchParams.set('retorno', request.urlRetorno);
      url.searchParams.set('firma', hmacSha256Hex(`${cip}|${request.urlRetorno}`, credentials.secretKey));
    }
    return { proveedor: 'pagoefectivo', url: url.toString(), cip, operacion: cip, sandbox: deps.sandbox };
  }

  function verifyNotification(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentNotice {
    const signature = headerOf(headers, 'pe-signature');
    if (!signature || !safeEqual(signature, hmacSha256Hex(rawBody, credentials.secretKey), { hex: true })) {
      throw new InvalidSignatureError('PagoEfectivo notification with a missing or wrong PE-Signature');
    }
    let body: Notification;
    try {
      body = JSON.parse(rawBody) as Notification;
    } catch {
      throw new Error('PagoEfectivo notification signed but not JSON');
    }
    const data = body?.data ?? {};
    const cip = text(data.cip);
    const referencia = text(data.transactionCode);
    const montoCentimos = centimosOf(data.amount);
    const moneda = text(data.currency);
    if (!cip || !referencia || montoCentimos === null || !moneda) throw new Error('PagoEfectivo notification signed but incomplete');

    if (body.eventType === 'cip.paid') {
      const operacion = text(body.operationNumber);
      if (!operacion) throw new Error('PagoEfectivo cip.paid without operationNumber');
      return { proveedor: 'pagoefectivo', referencia, operacion, estado: 'pagado', montoCentimos, moneda };
    }
    if (body.eventType === 'cip.expired') {
      // No operation number: the lapse of this CIP happens once, so the CIP names it.
      return { proveedor: 'pagoefectivo', referencia, operacion: `${cip}:expired`, estado: 'rechazado', montoCentimos, moneda };
    }
    throw new UnsupportedNotificationError(`PagoEfectivo notification ${String(body.eventType)}`);
  }

  function acknowledge(): NotificationReply {
    return { status: 200, contentType: 'application/json; charset=utf-8', body: ACK_BODY };
  }

  return { name: 'pagoefectivo', sandbox: deps.sandbox, startCharge, verifyNotification, acknowledge };
}
