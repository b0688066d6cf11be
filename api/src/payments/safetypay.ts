import { limaWallClock, type PaymentMethod } from '@rumbo/shared/schemas';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError } from './provider';
import type { ChargeRequest, ChargeStarted, NotificationReply, PaymentNotice, PaymentProvider, RefundDone, RefundRequest } from './provider';
import { centimosOf, decimalOf, safeEqual, sha256Hex } from './signing';

/**
 * SafetyPay Express, POST (name-value) flavour, as SafetyPay's own PHP kit
 * (github.com/SafetyPay/merchants-express-nvp-sdk-php) and its developer pages describe it:
 *
 * - `POST {url}/Post/CreateExpressToken`, form-urlencoded: ApiKey, RequestDateTime, CurrencyCode,
 *   Amount, MerchantSalesID, Language, TrackingCode, ExpirationTime (minutes), FilterBy,
 *   TransactionOkURL, TransactionErrorURL, ResponseFormat and Signature = SHA-256 hex of
 *   RequestDateTime + CurrencyCode + Amount + MerchantSalesID + Language + TrackingCode +
 *   ExpirationTime + TransactionOkURL + TransactionErrorURL + SignatureKey (FilterBy is not signed).
 *   The NVP kit names the currency `CurrencyCode`; the SOAP schema calls the same field `CurrencyID`.
 * - Its answer (ResponseFormat=CSV) is `ErrorNumber,ResponseDateTime,ShopperRedirectURL,Signature`,
 *   or `ErrorNumber,Description,Severity` when ErrorNumber is not 0; XML carries the same fields in
 *   `<ExpressTokenResponse>`. Assumption (the kit does not check it): the answer's Signature is
 *   SHA-256 of ResponseDateTime + ShopperRedirectURL + SignatureKey; we verify it.
 * - The payment notification is a form POST of ApiKey, RequestDateTime, MerchantSalesID,
 *   ReferenceNo, CreationDateTime, Amount, CurrencyID, PaymentReferenceNo, Status, Signature =
 *   SHA-256 of RequestDateTime + MerchantSalesID + ReferenceNo + CreationDateTime + Amount +
 *   CurrencyID + PaymentReferenceNo + Status + SignatureKey. The merchant answers a CSV line:
 *   ErrorNumber, RequestDateTime, MerchantSalesID, ReferenceNo, CreationDateTime, Amount,
 *   CurrencyID, PaymentReferenceNo, Status, MerchantOrderNo, Signature = SHA-256 of the merchant's
 *   RequestDateTime + MerchantSalesID + ReferenceNo + CreationDateTime + Amount + CurrencyID +
 *   PaymentReferenceNo + Status + MerchantOrderNo + SignatureKey.
 */
export interface SafetyPayCredentials {
  apiKey: string;
  signatureKey: string;
  /** Base of the Express API, e.g. `https://sandbox-mws2.safetypay.com/express/ws/v.3.0`. */
  url: string;
}

/** SafetyPay's production Express API (`SAFETYPAY_URL` overrides it, e.g. with their sandbox). */
export const SAFETYPAY_URL = 'https://mws2.safetypay.com/express/ws/v.3.0';

/**
 * How the payment page is narrowed to one channel. `CHANNEL(OL)` (online banking) and
 * `CHANNEL(WP)` (cash) are the values public integrations send; the card channel's code is not in
 * any public material we found: `CHANNEL(CC)` is our assumption, to confirm with SafetyPay.
 */
export const SAFETYPAY_CHANNELS: Partial<Record<PaymentMethod, string>> = {
  banca: 'CHANNEL(OL)',
  efectivo: 'CHANNEL(WP)',
  tarjeta: 'CHANNEL(CC)',
};

/**
 * Notification `Status` codes. Not listed in the public material we found (the kit only handles
 * paid notices): 102 is taken as paid (completed); 103 (cancelled or declined) and 104 (expired)
 * as final failures; any other code (e.g. 101, pending) is not acted upon.
 */
export const SAFETYPAY_STATUS = { paid: '102', declined: '103', expired: '104' } as const;

export const NOTIFICATION_FIELDS = [
  'ApiKey',
  'RequestDateTime',
  'MerchantSalesID',
  'ReferenceNo',
  'CreationDateTime',
  'Amount',
  'CurrencyID',
  'PaymentReferenceNo',
  'Status',
  'Signature',
] as const;
type NotificationFields = Record<(typeof NOTIFICATION_FIELDS)[number], string>;

/**
 * Issue 15: SafetyPay signs the notice's fields run together, without separators, so a character
 * moved from one field to the next keeps the signature valid (and a changed ReferenceNo, the
 * operation id the notices are deduplicated on, would pass as a second payment). Each signed field
 * is therefore checked against its own format (the dates as the kit writes them, `Y-m-d\TH:i:s`;
 * the MerchantSalesID as the reference we sent; the amount with its two decimals; the ISO
 * currency; numeric ids; a 3-digit status): with fixed-length fields between variable ones, no
 * moved character fits them all.
 */
const NOTIFICATION_FORMATS: Partial<Record<(typeof NOTIFICATION_FIELDS)[number], RegExp>> = {
  RequestDateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  MerchantSalesID: /^[A-Z0-9]{8}-[0-9a-f]{12}$/,
  ReferenceNo: /^\d{1,20}$/,
  CreationDateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
  Amount: /^\d{1,10}\.\d{2}$/,
  CurrencyID: /^[A-Z]{3}$/,
  PaymentReferenceNo: /^[A-Za-z0-9]{1,30}$/,
  Status: /^\d{3}$/,
};

export interface AdapterDeps {
  fetch: typeof fetch;
  now: () => Date;
  /** Whether `url` is the API's own sandbox (reported to the sales domain and the customer). */
  sandbox: boolean;
  /** How long a provider call may take before the charge fails; 10 s unless told. */
  timeoutMs?: number;
}

interface TokenAnswer {
  errorNumber: string;
  description: string;
  responseDateTime: string;
  shopperRedirectUrl: string;
  signature: string;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(xml: string, tag: string): string {
  const match = new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml);
  return (match?.[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!).trim();
}

/** Reads CreateExpressToken's answer in either documented format. */
export function parseTokenAnswer(body: string): TokenAnswer {
  const text = body.trim();
  if (text.startsWith('<')) {
    return {
      errorNumber: xmlText(text, 'ErrorNumber') || '0',
      description: xmlText(text, 'Description'),
      responseDateTime: xmlText(text, 'ResponseDateTime'),
      shopperRedirectUrl: xmlText(text, 'ShopperRedirectURL'),
      signature: xmlText(text, 'Signature'),
    };
  }
  const cells = (text.split(/\r?\n/)[0] ?? '').split(',');
  const errorNumber = (cells[0] ?? '').trim();
  if (errorNumber !== '0') {
    return { errorNumber, description: cells.slice(1, -1).join(',') || (cells[1] ?? ''), responseDateTime: '', shopperRedirectUrl: '', signature: '' };
  }
  return {
    errorNumber,
    description: '',
    responseDateTime: cells[1] ?? '',
    // A URL may carry commas; the date and the signature never do.
    shopperRedirectUrl: cells.slice(2, -1).join(','),
    signature: cells.length >= 4 ? (cells[cells.length - 1] ?? '') : '',
  };
}

/** Decimal amount of the notice as céntimos, or a failure: a signed notice we cannot read is a fault to look at. */
function amountOf(amount: string): number {
  const centimos = centimosOf(amount);
  if (centimos === null) throw new Error(`SafetyPay notification with an unreadable Amount "${amount}"`);
  return centimos;
}

export function createSafetyPay(credentials: SafetyPayCredentials, deps: AdapterDeps): PaymentProvider {
  const { apiKey, signatureKey } = credentials;
  const base = credentials.url.replace(/\/+$/, '');
  const timeoutMs = deps.timeoutMs ?? 10_000;

  async function startCharge(request: ChargeRequest): Promise<ChargeStarted> {
    const channel = SAFETYPAY_CHANNELS[request.metodo];
    if (!channel) throw new PaymentProviderError(`SafetyPay does not take the payment method "${request.metodo}"`);
    const now = deps.now();
    const minutes = Math.floor((request.expira.getTime() - now.getTime()) / 60_000);
    if (minutes < 1) throw new PaymentProviderError('The reservation expires in less than a minute: no payment can start');

    const fields = {
      ApiKey: apiKey,
      RequestDateTime: limaWallClock(now),
      CurrencyCode: 'PEN',
      Amount: decimalOf(request.montoCentimos),
      MerchantSalesID: request.referencia,
      Language: request.idioma === 'en-EN' ? 'EN' : 'ES',
      // The kit leaves it blank; we carry the reservation's payment code, which the page shows.
      TrackingCode: request.codigo,
      ExpirationTime: String(minutes),
      FilterBy: channel,
      TransactionOkURL: request.urlRetorno,
      TransactionErrorURL: request.urlRetorno,
      ResponseFormat: 'CSV',
    };
    const signature = sha256Hex(
      fields.RequestDateTime +
        fields.CurrencyCode +
        fields.Amount +
        fields.MerchantSalesID +
        fields.Language +
        fields.TrackingCode +
        fields.ExpirationTime +
        fields.TransactionOkURL +
        fields.TransactionErrorURL +
        signatureKey,
    );

    let body: string;
    try {
      const response = await deps.fetch(`${base}/Post/CreateExpressToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, Signature: signature }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
      if (!response.ok) throw new PaymentProviderError(`SafetyPay answered HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`SafetyPay is unreachable: ${(error as Error).message}`);
    }

    const answer = parseTokenAnswer(body);
    if (answer.errorNumber !== '0') {
      throw new PaymentProviderError(`SafetyPay refused the token request: error ${answer.errorNumber} ${answer.description}`.trim());
    }
    const expected = sha256Hex(answer.responseDateTime + answer.shopperRedirectUrl + signatureKey);
    if (!safeEqual(answer.signature, expected, { hex: true })) {
      throw new PaymentProviderError('SafetyPay token answer with a wrong signature');
    }
    let url: URL;
    try {
      url = new URL(answer.shopperRedirectUrl);
    } catch {
      throw new PaymentProviderError('SafetyPay token answer without a payment page URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PaymentProviderError('SafetyPay payment page is not a web URL');
    return { proveedor: 'safetypay', url: url.toString(), cip: null, operacion: null, sandbox: deps.sandbox };
  }

  function fieldsOf(rawBody: string): NotificationFields {
    const params = new URLSearchParams(rawBody);
    const fields = {} as NotificationFields;
    for (const name of NOTIFICATION_FIELDS) {
      const value = params.get(name);
      if (value === null) throw new InvalidSignatureError(`SafetyPay notification without ${name}`);
      const format = NOTIFICATION_FORMATS[name];
      if (format && !format.test(value)) throw new InvalidSignatureError(`SafetyPay notification with a malformed ${name}`);
      fields[name] = value;
    }
    return fields;
  }

  function verifyNotification(rawBody: string): PaymentNotice {
    const fields = fieldsOf(rawBody);
    const expected = sha256Hex(
      fields.RequestDateTime +
        fields.MerchantSalesID +
        fields.ReferenceNo +
        fields.CreationDateTime +
        fields.Amount +
        fields.CurrencyID +
        fields.PaymentReferenceNo +
        fields.Status +
        signatureKey,
    );
    // Both checks run whatever the first says, so timing tells nothing about which one failed.
    const keyOk = safeEqual(fields.ApiKey, apiKey);
    const signatureOk = safeEqual(fields.Signature, expected, { hex: true });
    if (!keyOk || !signatureOk) throw new InvalidSignatureError('SafetyPay notification with a wrong ApiKey or Signature');

    let estado: PaymentNotice['estado'];
    if (fields.Status === SAFETYPAY_STATUS.paid) estado = 'pagado';
    else if (fields.Status === SAFETYPAY_STATUS.declined || fields.Status === SAFETYPAY_STATUS.expired) estado = 'rechazado';
    else throw new UnsupportedNotificationError(`SafetyPay notification with Status ${fields.Status}`);

    return {
      proveedor: 'safetypay',
      referencia: fields.MerchantSalesID,
      operacion: fields.ReferenceNo,
      estado,
      montoCentimos: amountOf(fields.Amount),
      moneda: fields.CurrencyID,
    };
  }

  function acknowledge(_notice: PaymentNotice, rawBody: string): NotificationReply {
    const fields = fieldsOf(rawBody);
    const requestDateTime = limaWallClock(deps.now());
    // Our order number is the reference we sent as MerchantSalesID.
    const echoed = [
      fields.MerchantSalesID,
      fields.ReferenceNo,
      fields.CreationDateTime,
      fields.Amount,
      fields.CurrencyID,
      fields.PaymentReferenceNo,
      fields.Status,
      fields.MerchantSalesID,
    ];
    const signature = sha256Hex(requestDateTime + echoed.join('') + signatureKey);
    return { status: 200, contentType: 'text/csv; charset=utf-8', body: ['0', requestDateTime, ...echoed, signature].join(',') };
  }

  /**
   * Issue 35: `POST {url}/Post/CreateRefund`, form-urlencoded: ApiKey, RequestDateTime,
   * MerchantSalesID (the payment's reference), RefundID (our idempotency key), Amount, CurrencyCode,
   * Signature = SHA-256 of RequestDateTime + MerchantSalesID + RefundID + Amount + CurrencyCode +
   * SignatureKey. Answer (CSV): ErrorNumber,ResponseDateTime,RefundReferenceNo,Signature = SHA-256
   * of ResponseDateTime + RefundReferenceNo + SignatureKey. ASSUMPTION: modelled on the Express
   * calls above (the sandbox implements it); SafetyPay's merchant refund API is to be confirmed
   * with SafetyPay before real credentials are used for refunds.
   */
  async function refund(request: RefundRequest): Promise<RefundDone> {
    const fields = {
      ApiKey: apiKey,
      RequestDateTime: limaWallClock(deps.now()),
      MerchantSalesID: request.referencia,
      RefundID: request.clave,
      Amount: decimalOf(request.montoCentimos),
      CurrencyCode: 'PEN',
      ResponseFormat: 'CSV',
    };
    const signature = sha256Hex(fields.RequestDateTime + fields.MerchantSalesID + fields.RefundID + fields.Amount + fields.CurrencyCode + signatureKey);
    let body: string;
    try {
      const response = await deps.fetch(`${base}/Post/CreateRefund`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, Signature: signature }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
      if (!response.ok) throw new PaymentProviderError(`SafetyPay answered HTTP ${response.status}`, { retryable: response.status >= 500 || response.status === 429 });
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError(`SafetyPay is unreachable: ${(error as Error).message}`, { retryable: true });
    }
    const cells = (body.trim().split(/\r?\n/)[0] ?? '').split(',');
    if (cells[0] !== '0') throw new PaymentProviderError(`SafetyPay refused the refund: error ${cells[0]} ${cells[1] ?? ''}`.trim());
    const [, responseDateTime = '', refundNo = '', answerSignature = ''] = cells;
    if (!safeEqual(answerSignature, sha256Hex(responseDateTime + refundNo + signatureKey), { hex: true })) throw new PaymentProviderError('SafetyPay refund answer with a wrong signature');
    if (!/^[A-Za-z0-9-]{1,40}$/.test(refundNo)) throw new PaymentProviderError('SafetyPay refund answer without a refund number');
    return { operacion: refundNo };
  }

  return { name: 'safetypay', sandbox: deps.sandbox, startCharge, verifyNotification: (rawBody) => verifyNotification(rawBody), acknowledge, refund };
}
