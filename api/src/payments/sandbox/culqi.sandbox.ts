import { clock } from '@rumbo/shared/clock';
import { YAPE_CAP_CENTIMOS, YAPE_CODE_LIFE_SECONDS } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../mail/html';
import { headerOf, safeEqual } from '../signing';
import { html, money } from './pages';
import { Bounded, isWebUrl } from './state';

/**
 * Issue 46: the Culqi stand-in (CULQI_SANDBOX=1, never on unless asked for by name; refused in
 * production). It speaks Culqi's API v2 under `/sandbox/culqi` (the adapter's base URL, for both
 * `api.culqi.com` and `secure.culqi.com`): card and Yape tokens (public key), charges, orders and
 * their checkout page, refunds (secret key), Culqi's error objects, and the webhook
 * `order.status.changed` sent with the Basic credentials the store expects. State lives in memory.
 *
 * Test data (docs/payments-culqi.md): card 4111 1111 1111 1111 approves; 4000 0200 0000 0000
 * insufficient_funds, 4000 0300 0000 0000 expired_card, 4000 0400 0000 0000 stolen_card,
 * 4000 0500 0000 0000 contact_issuer, 4000 0600 0000 0000 invalid_cvv, 4000 0700 0000 0000
 * Culqi failing (HTTP 500). Yape: any 9-digit phone from 9 with code 123456 approves; 000000 is an
 * expired code, any other code invalid; 900000009 is a Yape over its limit; 900000500 Culqi failing.
 */
export interface CulqiSandboxOptions {
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the webhook goes: `{apiOrigin}/rest/culqi/notificacion` by default. */
  webhookUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** What the stand-in did, for the tests and the dev page: every refund made, in order. */
  record?: CulqiSandboxRecord;
}

export interface CulqiSandboxRecord {
  refunds: { id: string; charge_id: string; amount: number; metadata: Record<string, unknown> }[];
}

export const CULQI_SANDBOX_PATH = '/sandbox/culqi';

export const CULQI_TEST_CARDS: Record<string, { decline: string | null; status?: number }> = {
  '4111111111111111': { decline: null },
  '4000020000000000': { decline: 'insufficient_funds' },
  '4000030000000000': { decline: 'expired_card' },
  '4000040000000000': { decline: 'stolen_card' },
  '4000050000000000': { decline: 'contact_issuer' },
  '4000060000000000': { decline: 'invalid_cvv' },
  '4000070000000000': { decline: 'api_error', status: 500 },
};
export const YAPE_TEST = { approve: '123456', expired: '000000', overLimitPhone: '900000009', failingPhone: '900000500' } as const;

interface Token { kind: 'card' | 'yape'; decline: string | null; status?: number; amount: number | null; email: string | null; used: boolean; created: Date }
interface Charge { id: string; amount: number; refunded: number; source: string; metadata: unknown }
interface Order { id: string; amount: number; currency: string; number: string; state: 'pending' | 'paid' | 'expired'; expires: Date; paymentCode: string; delivery: Promise<boolean> | null }
interface Refund { id: string; charge_id: string; amount: number; reason: string; metadata: Record<string, unknown>; creation_date: number }

const idOf = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export const culqiSandboxRoutes: FastifyPluginAsync<CulqiSandboxOptions> = async (app, options) => {
  const now = options.now ?? clock.now;
  const fetcher = options.fetch ?? fetch;
  const tokens = new Bounded<Token>();
  const charges = new Bounded<Charge>();
  const orders = new Bounded<Order>();
  const refunds = new Bounded<Refund>();
  const refundLog = options.record?.refunds ?? [];

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const error = (reply: FastifyReply, status: number, type: string, fields: { code?: string; decline_code?: string; merchant_message: string; user_message?: string; charge_id?: string }) =>
    reply.code(status).send({ object: 'error', type, user_message: fields.user_message ?? 'No se pudo completar la operación.', ...fields });

  /** Culqi's keys: the public one for tokens, the secret one for everything else. */
  function keyed(request: FastifyRequest, reply: FastifyReply, key: 'public' | 'secret'): boolean {
    const auth = headerOf(request.headers, 'authorization');
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (safeEqual(given, key === 'public' ? options.publicKey : options.secretKey)) return true;
    void error(reply, 401, 'authentication_error', { merchant_message: `La llave ${key === 'public' ? 'pública' : 'secreta'} no es válida.` });
    return false;
  }
  const body = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {});
  const int = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN);

  // ---------------------------------------------------------------- tokens (secure.culqi.com)

  app.post(`${CULQI_SANDBOX_PATH}/v2/tokens`, async (request, reply) => {
    if (!keyed(request, reply, 'public')) return reply;
    const b = body(request);
    const number = String(b.card_number ?? '').replace(/\s/g, '');
    if (!/^\d{13,19}$/.test(number)) return error(reply, 400, 'parameter_error', { code: 'invalid_number', merchant_message: 'El número de tarjeta no es válido.' });
    if (!/^\d{3,4}$/.test(String(b.cvv ?? ''))) return error(reply, 400, 'parameter_error', { code: 'invalid_cvv', merchant_message: 'El CVV no es válido.' });
    const card = CULQI_TEST_CARDS[number] ?? { decline: 'card_declined' };
    const id = idOf('tkn');
    tokens.set(id, { kind: 'card', decline: card.decline, ...(card.status ? { status: card.status } : {}), amount: null, email: typeof b.email === 'string' ? b.email : null, used: false, created: now() });
    return reply.code(201).send({ object: 'token', id, type: 'card', email: b.email ?? null, card_number: `${number.slice(0, 6)}******${number.slice(-4)}`, last_four: number.slice(-4), active: true, creation_date: now().getTime() });
  });

  app.post(`${CULQI_SANDBOX_PATH}/v2/tokens/yape`, async (request, reply) => {
    if (!keyed(request, reply, 'public')) return reply;
    const b = body(request);
    const phone = String(b.number_phone ?? '');
    const otp = String(b.otp ?? '');
    const amount = int(b.amount);
    if (!/^9\d{8}$/.test(phone)) return error(reply, 400, 'parameter_error', { code: 'invalid_phone', merchant_message: 'El número de celular no es válido.' });
    if (!Number.isSafeInteger(amount) || amount <= 0) return error(reply, 400, 'parameter_error', { code: 'invalid_amount', merchant_message: 'El monto no es válido.' });
    if (phone === YAPE_TEST.failingPhone) return error(reply, 500, 'api_error', { merchant_message: 'Yape no responde.' });
    if (!/^\d{6}$/.test(otp) || (otp !== YAPE_TEST.approve && otp !== YAPE_TEST.expired)) {
      return error(reply, 402, 'card_error', { code: 'card_declined', decline_code: 'yape_otp_invalid', merchant_message: 'El código de aprobación no es válido.', user_message: 'El código de aprobación no es válido.' });
    }
    if (otp === YAPE_TEST.expired) {
      return error(reply, 402, 'card_error', { code: 'card_declined', decline_code: 'yape_otp_expired', merchant_message: `El código de aprobación venció (${YAPE_CODE_LIFE_SECONDS} s).`, user_message: 'El código de aprobación venció.' });
    }
    const id = idOf('ype');
    const overLimit = phone === YAPE_TEST.overLimitPhone || amount > YAPE_CAP_CENTIMOS;
    tokens.set(id, { kind: 'yape', decline: overLimit ? 'yape_limit_exceeded' : null, amount, email: null, used: false, created: now() });
    return reply.code(201).send({ object: 'token', id, type: 'yape', creation_date: now().getTime() });
  });

  // ---------------------------------------------------------------- charges (api.culqi.com)

  app.post(`${CULQI_SANDBOX_PATH}/v2/charges`, async (request, reply) => {
    if (!keyed(request, reply, 'secret')) return reply;
    const b = body(request);
    const amount = int(b.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) return error(reply, 400, 'parameter_error', { code: 'invalid_amount', merchant_message: 'El monto no es válido.' });
    if (b.currency_code !== 'PEN' && b.currency_code !== 'USD') return error(reply, 400, 'parameter_error', { code: 'invalid_currency_code', merchant_message: 'La moneda no es válida.' });
    const source = String(b.source_id ?? '');
    const token = tokens.get(source);
    if (!token) return error(reply, 400, 'invalid_request_error', { code: 'resource_not_found', merchant_message: 'El token no existe.' });
    if (token.used) return error(reply, 400, 'invalid_request_error', { code: 'token_already_used', merchant_message: 'El token ya fue usado.' });
    // Tokens are single-use whatever the outcome; a Yape token lives as long as its code.
    token.used = true;
    if (token.kind === 'yape' && now().getTime() - token.created.getTime() > YAPE_CODE_LIFE_SECONDS * 1000) {
      return error(reply, 402, 'card_error', { code: 'card_declined', decline_code: 'yape_otp_expired', merchant_message: 'El token de Yape venció.' });
    }
    if (token.kind === 'yape' && token.amount !== amount) return error(reply, 400, 'parameter_error', { code: 'invalid_amount', merchant_message: 'El monto no es el del token de Yape.' });
    const chargeId = idOf('chr');
    if (token.status && token.status >= 500) return error(reply, token.status, 'api_error', { merchant_message: 'Error interno de Culqi.' });
    if (token.decline) {
      return error(reply, 402, 'card_error', { code: 'card_declined', decline_code: token.decline, charge_id: chargeId, merchant_message: `Cargo denegado: ${token.decline}.`, user_message: 'Su pago fue denegado.' });
    }
    charges.set(chargeId, { id: chargeId, amount, refunded: 0, source, metadata: b.metadata ?? null });
    return reply.code(201).send({
      object: 'charge', id: chargeId, amount, amount_refunded: 0, current_amount: amount, currency_code: b.currency_code, email: b.email ?? token.email,
      installments: b.installments ?? 0, source: { object: 'token', id: source, type: token.kind }, metadata: b.metadata ?? null,
      creation_date: now().getTime(), outcome: { type: 'venta_exitosa', code: 'AUT0000', merchant_message: 'La operación de venta ha sido autorizada exitosamente', user_message: 'Su compra ha sido exitosa.' },
    });
  });

  // ---------------------------------------------------------------- orders, their checkout and webhook

  const orderJson = (o: Order) => ({
    object: 'order', id: o.id, amount: o.amount, currency_code: o.currency, order_number: o.number, payment_code: o.paymentCode,
    state: o.state === 'pending' && o.expires.getTime() <= now().getTime() ? 'expired' : o.state,
    expiration_date: Math.floor(o.expires.getTime() / 1000), creation_date: now().getTime(),
  });

  app.post(`${CULQI_SANDBOX_PATH}/v2/orders`, async (request, reply) => {
    if (!keyed(request, reply, 'secret')) return reply;
    const b = body(request);
    const amount = int(b.amount);
    const expiration = int(b.expiration_date);
    if (!Number.isSafeInteger(amount) || amount < 100) return error(reply, 400, 'parameter_error', { code: 'invalid_amount', merchant_message: 'El monto no es válido.' });
    if (typeof b.order_number !== 'string' || !b.order_number) return error(reply, 400, 'parameter_error', { code: 'invalid_order_number', merchant_message: 'Falta order_number.' });
    if ([...orders.values()].some((o) => o.number === b.order_number)) return error(reply, 400, 'invalid_request_error', { code: 'duplicated_order_number', merchant_message: 'El order_number ya existe.' });
    if (!Number.isSafeInteger(expiration) || expiration * 1000 <= now().getTime()) return error(reply, 400, 'parameter_error', { code: 'invalid_expiration_date', merchant_message: 'La fecha de expiración no es válida.' });
    const order: Order = { id: idOf('ord'), amount, currency: String(b.currency_code ?? 'PEN'), number: b.order_number, state: 'pending', expires: new Date(expiration * 1000), paymentCode: String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000)), delivery: null };
    orders.set(order.id, order);
    return reply.code(201).send(orderJson(order));
  });

  app.get<{ Params: { id: string } }>(`${CULQI_SANDBOX_PATH}/v2/orders/:id`, async (request, reply) => {
    if (!keyed(request, reply, 'secret')) return reply;
    const order = orders.get(request.params.id);
    if (!order) return error(reply, 404, 'invalid_request_error', { code: 'resource_not_found', merchant_message: 'La orden no existe.' });
    return orderJson(order);
  });

  /** The event Culqi posts: `order.status.changed` with the order as JSON text, under the webhook's Basic credentials. */
  async function sendWebhook(order: Order): Promise<boolean> {
    try {
      const response = await fetcher(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(options.webhookSecret).toString('base64')}` },
        body: JSON.stringify({ object: 'event', id: idOf('evt'), type: 'order.status.changed', creation_date: now().getTime(), data: JSON.stringify(orderJson(order)) }),
        signal: AbortSignal.timeout(10_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  }
  const checkoutTexts = {
    title: 'Culqi (sandbox) — Pagar con QR',
    note: 'Entorno de pruebas: no se mueve dinero real. / Sandbox: no real money moves.',
    pay: 'Pagar con billetera (Plin, Yape, banca móvil) / Pay with a wallet',
    lapse: 'Dejar vencer la orden / Let the order expire',
    done: 'Listo: Culqi avisó a la tienda. / Done: Culqi told the store.',
    back: 'Volver a la tienda / Back to the store',
  };

  app.get<{ Params: { id: string }; Querystring: { retorno?: string } }>(`${CULQI_SANDBOX_PATH}/checkout/:id`, async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return html(reply, 404, `<main><h1>404</h1></main>`);
    const retorno = isWebUrl(request.query.retorno) ? request.query.retorno : '';
    const action = `${CULQI_SANDBOX_PATH}/checkout/${encodeURIComponent(order.id)}`;
    return html(
      reply,
      200,
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(checkoutTexts.title)}</title></head><body><main>
<h1>${escapeHtml(checkoutTexts.title)}</h1><p class="notice">${escapeHtml(checkoutTexts.note)}</p>
<dl><dt>Orden</dt><dd>${escapeHtml(order.number)}</dd><dt>Monto</dt><dd>${escapeHtml(money(order.currency, order.amount))}</dd><dt>Código</dt><dd class="big">${escapeHtml(order.paymentCode)}</dd></dl>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="retorno" value="${escapeHtml(retorno)}"><div class="actions">
<button class="primary" name="decision" value="pagar">${escapeHtml(checkoutTexts.pay)}</button>
<button class="secondary" name="decision" value="vencer">${escapeHtml(checkoutTexts.lapse)}</button></div></form></main></body></html>`,
      retorno ? [retorno] : [],
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(`${CULQI_SANDBOX_PATH}/checkout/:id`, async (request, reply) => {
    const order = orders.get(request.params.id);
    if (!order) return html(reply, 404, `<main><h1>404</h1></main>`);
    const form = request.body ?? {};
    if (order.state === 'pending') {
      order.state = form.decision === 'pagar' && order.expires.getTime() > now().getTime() ? 'paid' : 'expired';
      order.delivery = sendWebhook(order);
    }
    await order.delivery;
    const retorno = isWebUrl(form.retorno) ? form.retorno : '';
    return html(reply, 200, `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Culqi</title></head><body><main><h1>${escapeHtml(checkoutTexts.done)}</h1>${retorno ? `<p><a class="button primary" href="${escapeHtml(retorno)}">${escapeHtml(checkoutTexts.back)}</a></p>` : ''}</main></body></html>`);
  });

  // ---------------------------------------------------------------- refunds

  app.post(`${CULQI_SANDBOX_PATH}/v2/refunds`, async (request, reply) => {
    if (!keyed(request, reply, 'secret')) return reply;
    const b = body(request);
    const amount = int(b.amount);
    const charge = charges.get(String(b.charge_id ?? ''));
    if (!charge) return error(reply, 404, 'invalid_request_error', { code: 'resource_not_found', merchant_message: 'El cargo no existe.' });
    if (!Number.isSafeInteger(amount) || amount <= 0 || charge.refunded + amount > charge.amount) return error(reply, 400, 'parameter_error', { code: 'invalid_refund_amount', merchant_message: 'El monto a devolver supera lo que queda del cargo.' });
    if (!['duplicado', 'fraudulento', 'solicitud_comprador'].includes(String(b.reason))) return error(reply, 400, 'parameter_error', { code: 'invalid_reason', merchant_message: 'El motivo no es válido.' });
    charge.refunded += amount;
    const refund: Refund = { id: idOf('ref'), charge_id: charge.id, amount, reason: String(b.reason), metadata: (b.metadata as Record<string, unknown>) ?? {}, creation_date: now().getTime() };
    refunds.set(refund.id, refund);
    refundLog.push(refund);
    return reply.code(201).send({ object: 'refund', ...refund });
  });

  app.get<{ Querystring: { charge_id?: string } }>(`${CULQI_SANDBOX_PATH}/v2/refunds`, async (request, reply) => {
    if (!keyed(request, reply, 'secret')) return reply;
    const data = [...refunds.values()].filter((r) => !request.query.charge_id || r.charge_id === request.query.charge_id).map((r) => ({ object: 'refund', ...r }));
    return { data, paging: { cursors: { before: null, after: null } } };
  });
};
