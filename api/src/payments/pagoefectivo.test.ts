import { createHash, createHmac } from 'node:crypto';
import { startCapture, startSandbox, testCharge, type CapturedRequest } from '../test/payment-fakes';
import { createPagoEfectivo } from './pagoefectivo';
import { InvalidSignatureError, PaymentProviderError, UnsupportedNotificationError, type ChargeRequest } from './provider';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (text: string, key: string) => createHmac('sha256', key).update(text).digest('hex');

const SERVICE_ID = 1035;
const ACCESS_KEY = 'MTFmZjlmZTE5YjE2MTEz';
const SECRET_KEY = 'pe-secret-key-0123456789';
// 2026-03-01 09:30:00 in Lima.
const START = new Date('2026-03-01T14:30:00Z');

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest =>
  testCharge({ referencia: 'pay_Zx81QwEr', expira: new Date(START.getTime() + 30 * 60_000), metodo: 'cip', ...overrides });

const json = (status: number, body: unknown) => ({ status, type: 'application/json', body: JSON.stringify(body) });

/** A scripted PagoEfectivo: tokens that last an hour from `now`, CIP 2048376 at each creation. */
function scripted(options: { cipStatus?: () => number; now?: () => number } = {}) {
  let issued = 0;
  return (request: CapturedRequest) => {
    if (request.path === '/v1/authorizations') {
      issued += 1;
      const start = options.now?.() ?? START.getTime();
      const tokenExpires = new Date(start + 3600_000).toISOString();
      return json(201, { code: '100', message: 'Solicitud exitosa.', data: { token: `token-${issued}`, tokenStart: new Date(start).toISOString(), tokenExpires } });
    }
    const status = options.cipStatus?.() ?? 201;
    if (status !== 201) return json(status, { code: '111', message: 'Token inválido' });
    return json(201, { code: '100', message: 'Solicitud exitosa.', data: { cip: 2048376, currency: 'PEN', amount: 123.45, transactionCode: 'pay_Zx81QwEr', dateExpiry: '2026-03-01T10:00:00-05:00', cipUrl: 'https://pay.example/cip/abc' } });
  };
}

describe('PagoEfectivo authorization and CIP', () => {
  it('authorizes with the SHA-256 hash string, then creates the CIP with the bearer token', async () => {
    const fake = await startCapture(scripted());
    try {
      const pagoefectivo = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url: `${fake.url}/` }, { fetch, now: () => START, sandbox: false });
      const started = await pagoefectivo.startCharge(charge({ idioma: 'en-EN' }));
      expect(started).toEqual({ proveedor: 'pagoefectivo', url: 'https://pay.example/cip/abc', cip: '2048376', operacion: '2048376', sandbox: false });

      const [authorization, cip] = fake.requests;
      expect(authorization!.path).toBe('/v1/authorizations');
      expect(JSON.parse(authorization!.body)).toEqual({
        accessKey: ACCESS_KEY,
        idService: 1035,
        dateRequest: '2026-03-01T09:30:00-05:00',
        hashString: sha256(`1035.${ACCESS_KEY}.${SECRET_KEY}.2026-03-01T09:30:00-05:00`),
      });
      expect(cip!.path).toBe('/v1/cips');
      expect(cip!.headers.authorization).toBe('Bearer token-1');
      expect(cip!.headers['accept-language']).toBe('en-US');
      expect(cip!.body).toContain('"amount":123.45,');
      expect(JSON.parse(cip!.body)).toEqual({
        currency: 'PEN',
        amount: 123.45,
        transactionCode: 'pay_Zx81QwEr',
        dateExpiry: '2026-03-01T10:00:00-05:00',
        paymentConcept: 'Pasajes ABCD2345',
        additionalData: 'ABCD2345',
        userEmail: 'ana@example.pe',
        userName: 'Ana Quispe',
      });
    } finally {
      await fake.close();
    }
  });

  it('keeps the token until shortly before it expires, and renews it once when refused', async () => {
    let clock = START.getTime();
    let cipStatus = 201;
    const fake = await startCapture(scripted({ cipStatus: () => cipStatus, now: () => clock }));
    try {
      const pagoefectivo = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url: fake.url }, { fetch, now: () => new Date(clock), sandbox: false });
      await Promise.all([pagoefectivo.startCharge(charge()), pagoefectivo.startCharge(charge())]);
      clock += 58 * 60_000;
      await pagoefectivo.startCharge(charge({ expira: new Date(clock + 30 * 60_000) }));
      const paths = () => fake.requests.map((r) => `${r.path} ${r.headers.authorization ?? ''}`.trim());
      expect(paths()).toEqual(['/v1/authorizations', '/v1/cips Bearer token-1', '/v1/cips Bearer token-1', '/v1/cips Bearer token-1']);

      // Within a minute of tokenExpires a new token is asked for.
      clock += 90_000;
      await pagoefectivo.startCharge(charge({ expira: new Date(clock + 30 * 60_000) }));
      expect(paths().slice(4)).toEqual(['/v1/authorizations', '/v1/cips Bearer token-2']);

      // A token PagoEfectivo no longer takes: one renewal, then the failure is reported.
      cipStatus = 401;
      await expect(pagoefectivo.startCharge(charge({ expira: new Date(clock + 30 * 60_000) }))).rejects.toThrow(PaymentProviderError);
      expect(paths().slice(6)).toEqual(['/v1/cips Bearer token-2', '/v1/authorizations', '/v1/cips Bearer token-3']);
    } finally {
      await fake.close();
    }
  });

  it('refuses methods and expired reservations before calling', async () => {
    const pagoefectivo = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url: 'http://127.0.0.1:9' }, { fetch, now: () => START, sandbox: false });
    await expect(pagoefectivo.startCharge(charge({ metodo: 'tarjeta' }))).rejects.toThrow(/does not take/);
    await expect(pagoefectivo.startCharge(charge({ expira: START }))).rejects.toThrow(/expired/);
    await expect(pagoefectivo.startCharge(charge())).rejects.toThrow(/unreachable/);
  });

  it('is accepted by the sandbox, which refuses a wrong secret or access key as PagoEfectivo does', async () => {
    const now = () => START;
    const sandbox = await startSandbox({ safetypay: { apiKey: 'a', signatureKey: 'b' }, pagoefectivo: { serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }, now });
    try {
      const url = `${sandbox.apiOrigin}/sandbox/pagoefectivo`;
      const good = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url }, { fetch, now, sandbox: true });
      const started = await good.startCharge(charge());
      expect(started.cip).toMatch(/^\d{8}$/);
      const voucher = new URL(started.url);
      expect(voucher.origin).toBe(sandbox.apiOrigin);
      expect(voucher.pathname).toMatch(/^\/sandbox\/pagoefectivo\/cip\/[0-9a-f]{32}$/);
      expect(voucher.searchParams.get('retorno')).toBe('http://localhost:3000/pasajes/reserva/ABCD2345');
      expect(voucher.searchParams.get('firma')).toBe(hmac(`${started.cip}|http://localhost:3000/pasajes/reserva/ABCD2345`, SECRET_KEY));

      const wrongSecret = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: 'not-the-secret', url }, { fetch, now, sandbox: true });
      await expect(wrongSecret.startCharge(charge())).rejects.toThrow(/HTTP 401 111/);
      const wrongAccess = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: 'someone-else', secretKey: SECRET_KEY, url }, { fetch, now, sandbox: true });
      await expect(wrongAccess.startCharge(charge())).rejects.toThrow(/HTTP 401/);
      const wrongService = createPagoEfectivo({ serviceId: 9999, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url }, { fetch, now, sandbox: true });
      await expect(wrongService.startCharge(charge())).rejects.toThrow(/HTTP 401/);

      // No bearer, no CIP.
      const bare = await fetch(`${url}/v1/cips`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(bare.status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});

describe('PagoEfectivo notifications', () => {
  const pagoefectivo = createPagoEfectivo({ serviceId: SERVICE_ID, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, url: 'https://unused.example' }, { fetch, now: () => START, sandbox: false });
  const paid = JSON.stringify({
    eventType: 'cip.paid',
    operationNumber: '8203391',
    data: { cip: 2048376, currency: 'PEN', amount: 123.45, paymentDate: '2026-03-01T09:52:10-05:00', transactionCode: 'pay_Zx81QwEr' },
  });

  it('turns a cip.paid signed with PE-Signature into a PaymentNotice with exact céntimos', () => {
    expect(pagoefectivo.verifyNotification(paid, { 'pe-signature': hmac(paid, SECRET_KEY) })).toEqual({
      proveedor: 'pagoefectivo',
      referencia: 'pay_Zx81QwEr',
      operacion: '8203391',
      estado: 'pagado',
      montoCentimos: 12345,
      moneda: 'PEN',
    });
    expect(pagoefectivo.verifyNotification(paid, { 'PE-Signature': hmac(paid, SECRET_KEY).toUpperCase() })).toMatchObject({ estado: 'pagado' });
  });

  it('throws InvalidSignatureError for a wrong key, a changed body or no signature', () => {
    expect(() => pagoefectivo.verifyNotification(paid, { 'pe-signature': hmac(paid, 'wrong-secret') })).toThrow(InvalidSignatureError);
    const changed = paid.replace('123.45', '1.45');
    expect(() => pagoefectivo.verifyNotification(changed, { 'pe-signature': hmac(paid, SECRET_KEY) })).toThrow(InvalidSignatureError);
    expect(() => pagoefectivo.verifyNotification(paid, {})).toThrow(InvalidSignatureError);
  });

  it('takes an expired CIP as a failed payment and ignores other events', () => {
    const expired = JSON.stringify({ eventType: 'cip.expired', data: { cip: 2048376, currency: 'PEN', amount: '123.45', transactionCode: 'pay_Zx81QwEr' } });
    expect(pagoefectivo.verifyNotification(expired, { 'pe-signature': hmac(expired, SECRET_KEY) })).toEqual({
      proveedor: 'pagoefectivo',
      referencia: 'pay_Zx81QwEr',
      operacion: '2048376:expired',
      estado: 'rechazado',
      montoCentimos: 12345,
      moneda: 'PEN',
    });
    const refunded = expired.replace('cip.expired', 'cip.refunded');
    expect(() => pagoefectivo.verifyNotification(refunded, { 'pe-signature': hmac(refunded, SECRET_KEY) })).toThrow(UnsupportedNotificationError);
  });

  it('acknowledges with a 200 JSON answer', () => {
    const reply = pagoefectivo.acknowledge(pagoefectivo.verifyNotification(paid, { 'pe-signature': hmac(paid, SECRET_KEY) }), paid);
    expect(reply).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"code":"100","message":"OK"}' });
  });
});
