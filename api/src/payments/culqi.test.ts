import { createCulqi, CulqiError } from './culqi';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError } from './provider';

// The adapter alone, against a fake Culqi (the whole flow against the stand-in: sales/culqi.test.ts).

const CREDENTIALS = { publicKey: 'pk_test_public', secretKey: 'sk_test_secret', webhookSecret: 'culqi:hook-password', apiUrl: 'https://api.culqi.test', secureUrl: 'https://secure.culqi.test' };

interface Call { url: string; method: string; auth: string; body: unknown }

function fakeCulqi(answer: (call: Call) => { status: number; body: unknown } | Error) {
  const calls: Call[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    const call = { url, method: init.method ?? 'GET', auth: (init.headers as Record<string, string>).authorization ?? '', body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const result = answer(call);
    if (result instanceof Error) throw result;
    return new Response(JSON.stringify(result.body), { status: result.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  const culqi = createCulqi(CREDENTIALS, { fetch: fetcher, now: () => new Date('2026-11-22T15:00:00Z'), sandbox: false });
  return { culqi, calls };
}

const basic = (secret: string) => `Basic ${Buffer.from(secret).toString('base64')}`;

describe('Culqi adapter', () => {
  it('makes a Yape token with the public key on the secure host, then charges it with the secret key', async () => {
    const { culqi, calls } = fakeCulqi((call) =>
      call.url.endsWith('/v2/tokens/yape') ? { status: 201, body: { object: 'token', id: 'ype_test_abcdefgh' } } : { status: 201, body: { object: 'charge', id: 'chr_test_abcdefgh' } },
    );
    expect(await culqi.yapeToken({ telefono: '912345678', otp: '123456', montoCentimos: 4500 })).toEqual({ ok: true, token: 'ype_test_abcdefgh' });
    expect(await culqi.charge({ referencia: 'ABCDEFGH-1', codigo: 'ABCDEFGH', montoCentimos: 4500, email: 'rosa@example.pe', source: 'ype_test_abcdefgh' })).toEqual({ ok: true, chargeId: 'chr_test_abcdefgh' });
    expect(calls).toEqual([
      { url: 'https://secure.culqi.test/v2/tokens/yape', method: 'POST', auth: 'Bearer pk_test_public', body: { amount: '4500', number_phone: '912345678', otp: '123456' } },
      {
        url: 'https://api.culqi.test/v2/charges', method: 'POST', auth: 'Bearer sk_test_secret',
        body: { amount: 4500, currency_code: 'PEN', email: 'rosa@example.pe', source_id: 'ype_test_abcdefgh', description: 'Rumbo Andino ABCDEFGH', installments: 0, capture: true, metadata: { referencia: 'ABCDEFGH-1', codigo: 'ABCDEFGH' } },
      },
    ]);
  });

  it('reads a refusal from Culqi\'s error object (decline_code, else code) and keeps faults apart', async () => {
    const refused = fakeCulqi(() => ({ status: 402, body: { object: 'error', type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', merchant_message: 'Fondos insuficientes', user_message: 'Su tarjeta no tiene fondos suficientes.' } }));
    expect(await refused.culqi.charge({ referencia: 'r', codigo: 'c', montoCentimos: 100, email: 'a@b.pe', source: 'tkn_test_x' })).toEqual({ ok: false, code: 'insufficient_funds', userMessage: 'Su tarjeta no tiene fondos suficientes.' });
    const bare = fakeCulqi(() => ({ status: 402, body: { object: 'error', type: 'card_error', code: 'expired_card' } }));
    expect(await bare.culqi.charge({ referencia: 'r', codigo: 'c', montoCentimos: 100, email: 'a@b.pe', source: 'tkn_test_x' })).toMatchObject({ ok: false, code: 'expired_card' });

    const down = fakeCulqi(() => ({ status: 503, body: { object: 'error', type: 'api_error', merchant_message: 'down' } }));
    const fault = await down.culqi.charge({ referencia: 'r', codigo: 'c', montoCentimos: 100, email: 'a@b.pe', source: 'tkn_test_x' }).catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(CulqiError);
    expect(fault).toMatchObject({ retryable: true, refusal: null });
    const badRequest = fakeCulqi(() => ({ status: 400, body: { object: 'error', type: 'invalid_request_error', code: 'token_already_used' } }));
    expect(await badRequest.culqi.charge({ referencia: 'r', codigo: 'c', montoCentimos: 100, email: 'a@b.pe', source: 'tkn_test_x' }).catch((error: unknown) => error)).toMatchObject({ retryable: false, refusal: null });
    const unreachable = fakeCulqi(() => new Error('ECONNRESET'));
    expect(await unreachable.culqi.yapeToken({ telefono: '912345678', otp: '123456', montoCentimos: 100 }).catch((error: unknown) => error)).toMatchObject({ retryable: true });
  });

  it('creates an order for the reservation\'s amount and expiry, and reads its state back as a notice', async () => {
    const { culqi, calls } = fakeCulqi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { object: 'order', id: 'ord_test_abcdefgh', state: 'pending', payment_code: '12345678' } }
        : { status: 200, body: { object: 'order', id: 'ord_test_abcdefgh', state: 'paid', amount: 4500, currency_code: 'PEN', order_number: 'ABCDEFGH-1' } },
    );
    const order = {
      referencia: 'ABCDEFGH-1', codigo: 'ABCDEFGH', montoCentimos: 4500, expira: new Date('2026-11-22T15:30:00Z'), metodo: 'billetera' as const,
      comprador: { nombre: 'Rosa Quispe Mamani', email: 'rosa@example.pe' }, idioma: 'es-PE' as const, urlRetorno: 'https://www.rumboandino.pe/pasajes/reserva/ABCDEFGH',
    };
    const started = await culqi.startCharge(order);
    expect(started).toEqual({ proveedor: 'culqi', url: 'https://www.rumboandino.pe/pasajes/reserva/ABCDEFGH?culqi_orden=ord_test_abcdefgh', cip: '12345678', operacion: 'ord_test_abcdefgh', sandbox: false });
    expect(calls[0]!.body).toMatchObject({ amount: 4500, currency_code: 'PEN', order_number: 'ABCDEFGH-1', expiration_date: Date.parse('2026-11-22T15:30:00Z') / 1000, client_details: { first_name: 'Rosa', last_name: 'Quispe Mamani', email: 'rosa@example.pe' } });
    expect(await culqi.orderNotice('ord_test_abcdefgh')).toEqual({ proveedor: 'culqi', referencia: 'ABCDEFGH-1', operacion: 'ord_test_abcdefgh', estado: 'pagado', montoCentimos: 4500, moneda: 'PEN' });
    await expect(culqi.startCharge({ ...order, metodo: 'yape' })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('takes a webhook only with the configured Basic credentials, and only for an order id', () => {
    const { culqi } = fakeCulqi(() => ({ status: 500, body: {} }));
    const event = (data: unknown, type = 'order.status.changed') => JSON.stringify({ object: 'event', type, data });
    const headers = { authorization: basic(CREDENTIALS.webhookSecret) };
    expect(culqi.webhookOrder(event(JSON.stringify({ id: 'ord_live_abcdefgh' })), headers)).toBe('ord_live_abcdefgh');
    expect(culqi.webhookOrder(event({ id: 'ord_live_abcdefgh' }), headers)).toBe('ord_live_abcdefgh');
    expect(() => culqi.webhookOrder(event({ id: 'ord_live_abcdefgh' }), { authorization: basic('culqi:wrong') })).toThrow(InvalidSignatureError);
    expect(() => culqi.webhookOrder(event({ id: 'ord_live_abcdefgh' }), {})).toThrow(InvalidSignatureError);
    expect(() => culqi.webhookOrder(event({ id: '../charges' }), headers)).toThrow(InvalidSignatureError);
    expect(() => culqi.webhookOrder('not json', headers)).toThrow(InvalidSignatureError);
    expect(() => culqi.webhookOrder(event({ id: 'chr_live_abcdefgh' }, 'charge.creation.succeeded'), headers)).toThrow(UnsupportedNotificationError);
  });

  it('refunds a charge once per key: an earlier refund with the key is answered, a QR order is not refundable', async () => {
    const made: unknown[] = [];
    const { culqi } = fakeCulqi((call) => {
      if (call.method === 'GET') return { status: 200, body: { data: made } };
      const refund = { object: 'refund', id: `ref_test_${String(made.length).padStart(8, '0')}`, ...(call.body as object) };
      made.push(refund);
      return { status: 201, body: refund };
    });
    const request = { clave: 'reembolso-1', referencia: 'ABCDEFGH-1', operacion: 'chr_test_abcdefgh', montoCentimos: 4000 };
    expect(await culqi.refund!(request)).toEqual({ operacion: 'ref_test_00000000' });
    expect(await culqi.refund!(request)).toEqual({ operacion: 'ref_test_00000000' });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 4000, charge_id: 'chr_test_abcdefgh', reason: 'solicitud_comprador', metadata: { clave: 'reembolso-1' } });
    expect(culqi.canRefund!({ operacion: 'chr_test_abcdefgh' })).toBe(true);
    expect(culqi.canRefund!({ operacion: 'ord_test_abcdefgh' })).toBe(false);
    await expect(culqi.refund!({ ...request, operacion: 'ord_test_abcdefgh' })).rejects.toMatchObject({ retryable: false });
  });
});
