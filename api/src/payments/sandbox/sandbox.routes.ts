import { clock } from '@rumbo/shared/clock';
import { limaAtom, limaWallClock, type Language } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { centimosOf, decimalOf, hmacSha256Hex, safeEqual, sha256Hex } from '../signing';
import { html, messagePage, money, safetyPayPage, voucherPage } from './pages';
import { Bounded, digits, id, isWebUrl, limaInstant, type Cip, type ExpressToken, type Form } from './state';

/**
 * The payment sandbox: stands in for SafetyPay and PagoEfectivo when their credentials are not
 * configured, inside the API itself. It speaks the providers' HTTP APIs (the same adapters talk to
 * it), checks every signature as the providers do and refuses bad ones, shows the customer a
 * provider page, and sends the store signed notifications. State lives in memory: a restart
 * forgets open tokens and CIPs (the reservations they belong to lapse as usual).
 */
export interface SandboxOptions {
  /** The API's origin as browsers reach it: payment page URLs and, by default, the notification URLs. */
  apiOrigin: string;
  safetypay: { apiKey: string; signatureKey: string };
  pagoefectivo: { serviceId: number; accessKey: string; secretKey: string };
  /** Where notifications go; default `{apiOrigin}/rest/safetypay/notificacion` and `/rest/efectivo/notificacion`. */
  notificationUrls?: { safetypay?: string; pagoefectivo?: string };
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Paths of the sandbox's provider APIs, under the API's origin (the adapters' base URLs). */
export const SANDBOX_PATHS = {
  safetypay: '/sandbox/safetypay/express/ws/v.3.0',
  pagoefectivo: '/sandbox/pagoefectivo',
} as const;

/** Requests signed further than this from the sandbox's clock are refused as replays. */
const CLOCK_SKEW_MS = 15 * 60_000;
const PAGOEFECTIVO_TOKEN_MS = 60 * 60_000;

export const paymentSandboxRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const now = options.now ?? (clock.now);
  const fetcher = options.fetch ?? fetch;
  const origin = options.apiOrigin.replace(/\/+$/, '');
  const notifySafetyPay = options.notificationUrls?.safetypay ?? `${origin}/rest/safetypay/notificacion`;
  const notifyPagoEfectivo = options.notificationUrls?.pagoefectivo ?? `${origin}/rest/efectivo/notificacion`;
  const sp = options.safetypay;
  const pe = options.pagoefectivo;

  const tokens = new Bounded<ExpressToken>();
  const bearers = new Bounded<Date>();
  const cips = new Bounded<Cip>();
  const cipCodes = new Bounded<true>();
  const refunds = new Bounded<{ refundNo: string; referencia: string; centimos: number; at: Date }>();

  // The providers and their pages post forms; only this plugin reads them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // ---------------------------------------------------------------- SafetyPay Express

  /** CreateExpressToken: checks the ApiKey, the fields and the Signature as SafetyPay does. */
  app.post<{ Body: Form | undefined }>(`${SANDBOX_PATHS.safetypay}/Post/CreateExpressToken`, async (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    const xml = (form.ResponseFormat ?? '').toUpperCase() === 'XML';
    const refuse = (number: number, description: string) =>
      reply
        .type(xml ? 'text/xml; charset=utf-8' : 'text/plain; charset=utf-8')
        .send(
          xml
            ? `<?xml version="1.0" encoding="utf-8"?><ExpressTokenResponse><ErrorManager><ErrorNumber>${number}</ErrorNumber><Severity>1</Severity><Description>${description}</Description></ErrorManager></ExpressTokenResponse>`
            : `${number},${description},1`,
        );

    const required = ['ApiKey', 'RequestDateTime', 'CurrencyCode', 'Amount', 'MerchantSalesID', 'Language', 'ExpirationTime', 'TransactionOkURL', 'TransactionErrorURL', 'Signature'];
    const missing = required.find((name) => !form[name]);
    if (missing) return refuse(2, `Missing ${missing}`);
    if (!safeEqual(form.ApiKey!, sp.apiKey)) return refuse(1, 'Invalid ApiKey');
    const signed =
      form.RequestDateTime! +
      form.CurrencyCode! +
      form.Amount! +
      form.MerchantSalesID! +
      form.Language! +
      (form.TrackingCode ?? '') +
      form.ExpirationTime! +
      form.TransactionOkURL! +
      form.TransactionErrorURL! +
      sp.signatureKey;
    if (!safeEqual(form.Signature!, sha256Hex(signed), { hex: true })) return refuse(3, 'Invalid Signature');

    const requestTime = limaInstant(form.RequestDateTime!);
    if (!requestTime || Math.abs(requestTime.getTime() - now().getTime()) > CLOCK_SKEW_MS) return refuse(4, 'Invalid RequestDateTime');
    const centimos = /^\d+\.\d{2}$/.test(form.Amount!) ? centimosOf(form.Amount) : null;
    if (centimos === null || centimos <= 0) return refuse(5, 'Invalid Amount');
    if (form.CurrencyCode !== 'PEN' && form.CurrencyCode !== 'USD') return refuse(6, 'Invalid CurrencyCode');
    const minutes = Number(form.ExpirationTime);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) return refuse(7, 'Invalid ExpirationTime');
    if (!isWebUrl(form.TransactionOkURL) || !isWebUrl(form.TransactionErrorURL)) return refuse(8, 'Invalid TransactionOkURL or TransactionErrorURL');

    const token = id();
    tokens.set(token, {
      fields: form,
      centimos,
      expires: new Date(now().getTime() + minutes * 60_000),
      language: form.Language!.toUpperCase() === 'EN' ? 'en-EN' : 'es-PE',
      delivery: null,
      outcome: null,
    });
    const responseDateTime = limaWallClock(now());
    const url = `${origin}/sandbox/safetypay/pago/${token}`;
    const signature = sha256Hex(responseDateTime + url + sp.signatureKey);
    if (xml) {
      return reply
        .type('text/xml; charset=utf-8')
        .send(
          `<?xml version="1.0" encoding="utf-8"?><ExpressTokenResponse><ResponseDateTime>${responseDateTime}</ResponseDateTime><ShopperRedirectURL>${url}</ShopperRedirectURL><Signature>${signature}</Signature><ErrorManager><ErrorNumber>0</ErrorNumber><Severity>0</Severity><Description>No Error</Description></ErrorManager></ExpressTokenResponse>`,
        );
    }
    return reply.type('text/plain; charset=utf-8').send(`0,${responseDateTime},${url},${signature}`);
  });

  /** The notification SafetyPay posts, signed; true when the store answered with a valid signed echo. */
  async function notifySafetyPayStore(entry: ExpressToken, decision: 'aprobar' | 'rechazar'): Promise<boolean> {
    const requestDateTime = limaWallClock(now());
    const fields: Form = {
      ApiKey: sp.apiKey,
      RequestDateTime: requestDateTime,
      MerchantSalesID: entry.fields.MerchantSalesID!,
      ReferenceNo: digits(10),
      CreationDateTime: requestDateTime,
      Amount: entry.fields.Amount!,
      CurrencyID: entry.fields.CurrencyCode!,
      PaymentReferenceNo: digits(8),
      Status: decision === 'aprobar' ? '102' : '103',
    };
    fields.Signature = sha256Hex(
      fields.RequestDateTime! +
        fields.MerchantSalesID! +
        fields.ReferenceNo! +
        fields.CreationDateTime! +
        fields.Amount! +
        fields.CurrencyID! +
        fields.PaymentReferenceNo! +
        fields.Status! +
        sp.signatureKey,
    );
    try {
      const response = await fetcher(notifySafetyPay, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return false;
      // The store's echo: ErrorNumber, its RequestDateTime, the notice's fields, MerchantOrderNo, Signature.
      const cells = (await response.text()).trim().split(',');
      if (cells.length !== 11 || cells[0] !== '0') return false;
      const echoed = ['MerchantSalesID', 'ReferenceNo', 'CreationDateTime', 'Amount', 'CurrencyID', 'PaymentReferenceNo', 'Status'];
      if (echoed.some((name, i) => cells[i + 2] !== fields[name])) return false;
      return safeEqual(cells[10]!, sha256Hex(cells.slice(1, 10).join('') + sp.signatureKey), { hex: true });
    } catch {
      return false;
    }
  }

  app.get<{ Params: { token: string } }>('/sandbox/safetypay/pago/:token', async (request, reply) => {
    const entry = tokens.get(request.params.token);
    if (!entry) return html(reply, 404, messagePage('es-PE', 'notFound'));
    const returnUrls = [entry.fields.TransactionOkURL!, entry.fields.TransactionErrorURL!];
    if (entry.outcome) {
      return reply.redirect(entry.outcome === 'aprobar' ? entry.fields.TransactionOkURL! : entry.fields.TransactionErrorURL!, 303);
    }
    if (entry.expires.getTime() <= now().getTime()) {
      return html(reply, 410, messagePage(entry.language, 'expired', { back: entry.fields.TransactionErrorURL! }), returnUrls);
    }
    return html(
      reply,
      200,
      safetyPayPage({
        language: entry.language,
        action: `/sandbox/safetypay/pago/${request.params.token}`,
        amount: money(entry.fields.CurrencyCode!, entry.centimos),
        code: entry.fields.TrackingCode || entry.fields.MerchantSalesID!,
        reference: entry.fields.MerchantSalesID!,
        channel: entry.fields.FilterBy ?? '',
        expires: entry.expires,
      }),
      returnUrls,
    );
  });

  app.post<{ Params: { token: string }; Body: Form | undefined }>('/sandbox/safetypay/pago/:token', async (request, reply) => {
    const entry = tokens.get(request.params.token);
    if (!entry) return html(reply, 404, messagePage('es-PE', 'notFound'));
    const okUrl = entry.fields.TransactionOkURL!;
    const errorUrl = entry.fields.TransactionErrorURL!;
    if (entry.outcome) return reply.redirect(entry.outcome === 'aprobar' ? okUrl : errorUrl, 303);
    if (entry.expires.getTime() <= now().getTime()) return html(reply, 410, messagePage(entry.language, 'expired', { back: errorUrl }), [okUrl, errorUrl]);
    const decision = request.body?.decision === 'aprobar' ? 'aprobar' : request.body?.decision === 'rechazar' ? 'rechazar' : null;
    if (!decision) return reply.redirect(`/sandbox/safetypay/pago/${request.params.token}`, 303);

    // A double click waits for the first notice instead of sending a second one.
    entry.delivery ??= notifySafetyPayStore(entry, decision);
    const delivering = entry.delivery;
    const delivered = await delivering;
    if (!delivered) {
      if (entry.delivery === delivering) entry.delivery = null;
      return html(
        reply,
        502,
        messagePage(entry.language, 'undelivered', { retry: { action: `/sandbox/safetypay/pago/${request.params.token}`, fields: { decision } } }),
        [okUrl, errorUrl],
      );
    }
    entry.outcome ??= decision;
    return reply.redirect(entry.outcome === 'aprobar' ? okUrl : errorUrl, 303);
  });

  // ---------------------------------------------------------------- SafetyPay refunds (issue 35)

  /**
   * CreateRefund: checks the ApiKey and Signature like CreateExpressToken, and makes one refund per
   * RefundID: the same RefundID again answers the same refund number and refunds nothing more.
   */
  app.post<{ Body: Form | undefined }>(`${SANDBOX_PATHS.safetypay}/Post/CreateRefund`, async (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    reply.type('text/plain; charset=utf-8');
    const required = ['ApiKey', 'RequestDateTime', 'MerchantSalesID', 'RefundID', 'Amount', 'CurrencyCode', 'Signature'];
    const missing = required.find((name) => !form[name]);
    if (missing) return `2,Missing ${missing},1`;
    if (!safeEqual(form.ApiKey!, sp.apiKey)) return '1,Invalid ApiKey,1';
    const signed = form.RequestDateTime! + form.MerchantSalesID! + form.RefundID! + form.Amount! + form.CurrencyCode! + sp.signatureKey;
    if (!safeEqual(form.Signature!, sha256Hex(signed), { hex: true })) return '3,Invalid Signature,1';
    const centimos = centimosOf(form.Amount!);
    if (centimos === null || centimos <= 0 || form.CurrencyCode !== 'PEN') return '4,Invalid Amount,1';
    let refund = refunds.get(form.RefundID!);
    if (!refund) {
      refund = { refundNo: digits(12), referencia: form.MerchantSalesID!, centimos, at: now() };
      refunds.set(form.RefundID!, refund);
    }
    const responseDateTime = limaWallClock(now());
    return ['0', responseDateTime, refund.refundNo, sha256Hex(responseDateTime + refund.refundNo + sp.signatureKey)].join(',');
  });

  /** The refunds the sandbox made, once each (what a merchant's back office would list). */
  app.get('/sandbox/safetypay/reembolsos', async () =>
    [...refunds].map(([refundId, r]) => ({ refundId, refundNo: r.refundNo, referencia: r.referencia, amount: decimalOf(r.centimos), at: r.at.toISOString() })),
  );

  // ---------------------------------------------------------------- PagoEfectivo v1

  app.post<{ Body: Record<string, unknown> | undefined }>(`${SANDBOX_PATHS.pagoefectivo}/v1/authorizations`, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const { accessKey, idService, dateRequest, hashString } = body;
    if (typeof accessKey !== 'string' || typeof idService !== 'number' || typeof dateRequest !== 'string' || typeof hashString !== 'string') {
      return reply.code(400).send({ code: '101', message: 'Solicitud con datos inválidos' });
    }
    const expected = sha256Hex(`${idService}.${accessKey}.${pe.secretKey}.${dateRequest}`);
    const keyOk = safeEqual(accessKey, pe.accessKey);
    const hashOk = safeEqual(hashString, expected, { hex: true });
    if (!keyOk || !hashOk || idService !== pe.serviceId) return reply.code(401).send({ code: '111', message: 'Credenciales inválidas' });
    const requested = Date.parse(dateRequest);
    if (Number.isNaN(requested) || Math.abs(requested - now().getTime()) > CLOCK_SKEW_MS) {
      return reply.code(401).send({ code: '112', message: 'Fecha de solicitud inválida' });
    }
    const token = id();
    const start = now();
    const expires = new Date(start.getTime() + PAGOEFECTIVO_TOKEN_MS);
    bearers.set(token, expires);
    return reply.code(201).send({
      code: '100',
      message: 'Solicitud exitosa.',
      data: { token, codeService: idService, tokenStart: limaAtom(start), tokenExpires: limaAtom(expires) },
    });
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(`${SANDBOX_PATHS.pagoefectivo}/v1/cips`, async (request, reply) => {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const valid = bearers.get(bearer);
    if (!valid || valid.getTime() <= now().getTime()) return reply.code(401).send({ code: '111', message: 'Token inválido o vencido' });

    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const centimos = centimosOf(body.amount);
    const expires = typeof body.dateExpiry === 'string' ? new Date(body.dateExpiry) : null;
    const invalid = (field: string) => reply.code(400).send({ code: '101', message: 'Solicitud con datos inválidos', data: [{ field }] });
    if (body.currency !== 'PEN' && body.currency !== 'USD') return invalid('currency');
    if (centimos === null || centimos <= 0) return invalid('amount');
    if (typeof body.transactionCode !== 'string' || !/^[\w-]{1,64}$/.test(body.transactionCode)) return invalid('transactionCode');
    if (!expires || Number.isNaN(expires.getTime()) || expires.getTime() <= now().getTime()) return invalid('dateExpiry');
    if (typeof body.userEmail !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.userEmail)) return invalid('userEmail');

    let cip = digits(8);
    while (cipCodes.has(cip)) cip = digits(8);
    cipCodes.set(cip, true);
    const view = id();
    const language: Language = /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-EN' : 'es-PE';
    cips.set(view, {
      cip,
      currency: body.currency,
      centimos,
      transactionCode: body.transactionCode,
      concept: typeof body.paymentConcept === 'string' ? body.paymentConcept.slice(0, 200) : body.transactionCode,
      expires,
      language,
      delivery: null,
      state: 'pendiente',
    });
    return reply.code(201).send({
      code: '100',
      message: 'Solicitud exitosa.',
      data: {
        cip: Number(cip),
        currency: body.currency,
        amount: Number(decimalOf(centimos)),
        transactionCode: body.transactionCode,
        dateExpiry: limaAtom(expires),
        cipUrl: `${origin}/sandbox/pagoefectivo/cip/${view}`,
      },
    });
  });

  async function notifyPagoEfectivoStore(entry: Cip, event: 'cip.paid' | 'cip.expired'): Promise<boolean> {
    const data: Record<string, unknown> = {
      cip: Number(entry.cip),
      currency: entry.currency,
      amount: Number(decimalOf(entry.centimos)),
      transactionCode: entry.transactionCode,
    };
    if (event === 'cip.paid') data.paymentDate = limaAtom(now());
    const body = JSON.stringify({ eventType: event, ...(event === 'cip.paid' ? { operationNumber: digits(7) } : {}), data });
    try {
      const response = await fetcher(notifyPagoEfectivo, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'pe-signature': hmacSha256Hex(body, pe.secretKey) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** The store's return URL, if the adapter signed it for this CIP (else the voucher has none). */
  const returnOf = (entry: Cip, value: unknown, signature: unknown): string | null =>
    typeof value === 'string' && isWebUrl(value) && typeof signature === 'string' && safeEqual(signature, hmacSha256Hex(`${entry.cip}|${value}`, pe.secretKey), { hex: true })
      ? value
      : null;

  app.get<{ Params: { view: string }; Querystring: { retorno?: string; firma?: string } }>('/sandbox/pagoefectivo/cip/:view', async (request, reply) => {
    const entry = cips.get(request.params.view);
    if (!entry) return html(reply, 404, messagePage('es-PE', 'notFound'));
    const returnUrl = returnOf(entry, request.query.retorno, request.query.firma);
    return html(
      reply,
      200,
      voucherPage({
        language: entry.language,
        action: `/sandbox/pagoefectivo/cip/${request.params.view}`,
        cip: entry.cip,
        amount: money(entry.currency, entry.centimos),
        concept: entry.concept,
        expires: entry.expires,
        returnUrl,
        returnSignature: returnUrl ? request.query.firma! : null,
        state: entry.state === 'pendiente' && entry.expires.getTime() <= now().getTime() ? 'vencido' : entry.state,
      }),
      returnUrl ? [returnUrl] : [],
    );
  });

  app.post<{ Params: { view: string }; Body: Form | undefined }>('/sandbox/pagoefectivo/cip/:view', async (request, reply) => {
    const entry = cips.get(request.params.view);
    if (!entry) return html(reply, 404, messagePage('es-PE', 'notFound'));
    const returnUrl = returnOf(entry, request.body?.retorno, request.body?.firma);
    const returnFields: Form = returnUrl ? { retorno: returnUrl, firma: request.body!.firma! } : {};
    const voucher = `/sandbox/pagoefectivo/cip/${request.params.view}${returnUrl ? `?${new URLSearchParams(returnFields).toString()}` : ''}`;
    const decision = request.body?.decision === 'pagar' ? 'pagar' : request.body?.decision === 'vencer' ? 'vencer' : null;
    if (entry.state !== 'pendiente' || !decision) return reply.redirect(voucher, 303);
    // An agent cannot take a lapsed CIP: past its expiry only the expiry notice remains.
    const event = decision === 'pagar' && entry.expires.getTime() > now().getTime() ? 'cip.paid' : 'cip.expired';

    entry.delivery ??= notifyPagoEfectivoStore(entry, event);
    const delivering = entry.delivery;
    if (!(await delivering)) {
      if (entry.delivery === delivering) entry.delivery = null;
      return html(
        reply,
        502,
        messagePage(entry.language, 'undelivered', {
          retry: { action: `/sandbox/pagoefectivo/cip/${request.params.view}`, fields: { decision, ...returnFields } },
        }),
        returnUrl ? [returnUrl] : [],
      );
    }
    if (entry.state === 'pendiente') entry.state = event === 'cip.paid' ? 'pagado' : 'vencido';
    return reply.redirect(returnUrl ?? voucher, 303);
  });
};
