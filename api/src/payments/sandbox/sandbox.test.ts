import { createHash } from 'node:crypto';
import { openDatabase } from '../../db/client';
import { setupTestApp } from '../../test/app';
import { freePort, startNotificationReceiver, testCharge } from '../../test/payment-fakes';
import { createPaymentProviders, type PaymentProviders } from '../index';
import type { ChargeRequest } from '../provider';

/**
 * The sandbox as main.ts serves it: inside the API (its helmet CSP and all), reached by the same
 * adapters, notifying a local receiver that verifies with those adapters as the sales routes do.
 */
const STORE = 'http://localhost:3000';
let clock = Date.now();
const now = () => new Date(clock);

let port: number;
let providers: PaymentProviders;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let apiOrigin: string;

const api = setupTestApp(
  async () => {
    port = await freePort();
    apiOrigin = `http://127.0.0.1:${port}`;
    providers = createPaymentProviders({ sandbox: true }, { apiOrigin, now });
    receiver = await startNotificationReceiver(providers);
    return { paymentSandbox: { ...providers.sandbox!, notificationUrls: receiver.urls } };
  },
  // The sandbox keeps no rows: an empty in-memory database is enough for the app to start.
  { database: () => openDatabase({ dataDir: 'memory://' }) },
);

beforeAll(() => api.app.listen({ port, host: '127.0.0.1' }));

afterAll(() => receiver.close());

beforeEach(() => {
  receiver.notices.length = 0;
  receiver.rejected.length = 0;
  receiver.state.failing = false;
});

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest =>
  // A reference as the sales domain makes them (`CODE-12 hex`): SafetyPay notices are checked against that format (issue 15).
  testCharge({ referencia: `ABCD2345-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 12)}`, expira: new Date(clock + 30 * 60_000), metodo: 'tarjeta', ...overrides });

const get = (url: string) => fetch(url, { redirect: 'manual' });
const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

/** The form's action, resolved against the page (the pages post to themselves). */
const actionOf = (page: string, base: string) => new URL(/<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&'), base).toString();

/** The hidden fields of the page's form. */
const hiddenOf = (page: string) =>
  Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));

describe('createPaymentProviders without credentials', () => {
  it('makes both adapters talk to the sandbox with credentials of its own', () => {
    expect(providers.safetypay.sandbox).toBe(true);
    expect(providers.pagoefectivo.sandbox).toBe(true);
    expect(providers.sandbox!.safetypay.signatureKey).toMatch(/^[0-9a-f]{48}$/);
    const other = createPaymentProviders({ sandbox: true }, { apiOrigin });
    expect(other.sandbox!.safetypay.signatureKey).not.toBe(providers.sandbox!.safetypay.signatureKey);
    expect(() => createPaymentProviders({ sandbox: false }, { apiOrigin })).toThrow(/sandbox is off/);
  });

  it('uses the real provider for one with credentials and keeps the sandbox for the other', () => {
    const mixed = createPaymentProviders(
      { sandbox: true, safetypay: { apiKey: 'k', signatureKey: 's', url: 'https://sandbox-mws2.safetypay.com/express/ws/v.3.0' } },
      { apiOrigin },
    );
    expect(mixed.safetypay.sandbox).toBe(false);
    expect(mixed.pagoefectivo.sandbox).toBe(true);
    expect(mixed.sandbox).toBeDefined();
    const real = createPaymentProviders(
      {
        sandbox: false,
        safetypay: { apiKey: 'k', signatureKey: 's', url: 'https://mws2.safetypay.com/express/ws/v.3.0' },
        pagoefectivo: { serviceId: 1, accessKey: 'a', secretKey: 's', url: 'https://services.pagoefectivo.pe' },
      },
      { apiOrigin },
    );
    expect(real.sandbox).toBeUndefined();
  });
});

describe('SafetyPay sandbox page', () => {
  it('shows the amount and code in Spanish under a policy that allows its form', async () => {
    const started = await providers.safetypay.startCharge(charge());
    const res = await get(started.url);
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain(`form-action 'self' ${STORE}`);
    expect(policy).not.toContain("form-action 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    const shown = ['<html lang="es-PE">', 'Pagar con SafetyPay', 'S/ 123.45', 'ABCD2345', 'Tarjeta', '>Aprobar el pago</button>', '>Rechazar el pago</button>'];
    for (const text of shown) expect(page).toContain(text);
  });

  it('speaks English when the token asked for it', async () => {
    const started = await providers.safetypay.startCharge(charge({ idioma: 'en-EN', metodo: 'banca' }));
    const page = await (await get(started.url)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Pay with SafetyPay');
    expect(page).toContain('Online banking');
    expect(page).toContain('>Approve the payment</button>');
    expect(page).not.toContain('Aprobar');
  });

  it('approve posts a signed paid notice to the store, then sends the customer back; once', async () => {
    const request = charge({ montoCentimos: 4590 });
    const started = await providers.safetypay.startCharge(request);
    const action = actionOf(await (await get(started.url)).text(), started.url);

    const res = await post(action, { decision: 'aprobar' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(request.urlRetorno);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.notices).toEqual([
      { proveedor: 'safetypay', referencia: request.referencia, operacion: expect.stringMatching(/^\d{10}$/), estado: 'pagado', montoCentimos: 4590, moneda: 'PEN' },
    ]);

    // Back or a second click: the same outcome, no second notice.
    expect((await post(action, { decision: 'rechazar' })).headers.get('location')).toBe(request.urlRetorno);
    expect((await get(started.url)).status).toBe(303);
    expect(receiver.notices).toHaveLength(1);
  });

  it('decline posts a signed declined notice', async () => {
    const request = charge();
    const started = await providers.safetypay.startCharge(request);
    const res = await post(started.url, { decision: 'rechazar' });
    expect(res.status).toBe(303);
    expect(receiver.notices).toEqual([expect.objectContaining({ referencia: request.referencia, estado: 'rechazado', montoCentimos: 12345 })]);
  });

  it('tells the customer when the store did not confirm, and lets them retry', async () => {
    const started = await providers.safetypay.startCharge(charge());
    receiver.state.failing = true;
    const failed = await post(started.url, { decision: 'aprobar' });
    expect(failed.status).toBe(502);
    const page = await failed.text();
    expect(page).toContain('La tienda no confirmó el aviso de pago');
    expect(page).toContain('name="decision" value="aprobar"');
    receiver.state.failing = false;
    expect((await post(started.url, { decision: 'aprobar' })).status).toBe(303);
    expect(receiver.notices).toHaveLength(1);
  });

  it('answers unknown and lapsed tokens with a page, not a payment', async () => {
    const unknown = await get(`${apiOrigin}/sandbox/safetypay/pago/${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Este enlace de pago no existe');

    const started = await providers.safetypay.startCharge(charge({ expira: new Date(clock + 2 * 60_000) }));
    clock += 3 * 60_000;
    try {
      const lapsed = await post(started.url, { decision: 'aprobar' });
      expect(lapsed.status).toBe(410);
      expect(receiver.notices).toEqual([]);
    } finally {
      clock -= 3 * 60_000;
    }
  });

  it('refuses a token request signed with another key', async () => {
    const fields = {
      ApiKey: providers.sandbox!.safetypay.apiKey,
      RequestDateTime: new Date(clock - 5 * 3600_000).toISOString().slice(0, 19),
      CurrencyCode: 'PEN',
      Amount: '1.00',
      MerchantSalesID: 'x',
      Language: 'ES',
      TrackingCode: '',
      ExpirationTime: '10',
      TransactionOkURL: STORE,
      TransactionErrorURL: STORE,
    };
    const signed = Object.entries(fields)
      .filter(([name]) => name !== 'ApiKey')
      .map(([, value]) => value)
      .join('');
    const send = (key: string) =>
      post(`${apiOrigin}/sandbox/safetypay/express/ws/v.3.0/Post/CreateExpressToken`, { ...fields, Signature: createHash('sha256').update(signed + key).digest('hex') });
    expect(await (await send('forged')).text()).toBe('3,Invalid Signature,1');
    expect(await (await send(providers.sandbox!.safetypay.signatureKey)).text()).toMatch(/^0,/);
  });
});

describe('PagoEfectivo sandbox voucher', () => {
  it('shows the CIP, amount and expiry, in the language asked for', async () => {
    const started = await providers.pagoefectivo.startCharge(charge({ metodo: 'cip', idioma: 'en-EN' }));
    const res = await get(started.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${STORE}`);
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain(`<dd class="big">${started.cip}</dd>`);
    expect(page).toContain('S/ 123.45');
    expect(page).toContain('>Simulate the payment at an agent</button>');
    expect(page).toContain(`href="${STORE}/pasajes/reserva/ABCD2345"`);

    const spanish = await providers.pagoefectivo.startCharge(charge({ metodo: 'cip' }));
    const esPage = await (await get(spanish.url)).text();
    expect(esPage).toContain('<html lang="es-PE">');
    expect(esPage).toContain('>Simular el pago en un agente</button>');
  });

  it('payment at an agent posts a signed cip.paid to the store and returns the customer', async () => {
    const request = charge({ metodo: 'cip', montoCentimos: 20050 });
    const started = await providers.pagoefectivo.startCharge(request);
    const voucher = await (await get(started.url)).text();
    const action = actionOf(voucher, started.url);
    expect(hiddenOf(voucher)).toEqual({ retorno: request.urlRetorno, firma: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const res = await post(action, { decision: 'pagar', ...hiddenOf(voucher) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(request.urlRetorno);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.notices).toEqual([
      { proveedor: 'pagoefectivo', referencia: request.referencia, operacion: expect.stringMatching(/^\d{7}$/), estado: 'pagado', montoCentimos: 20050, moneda: 'PEN' },
    ]);
    const after = await (await get(started.url)).text();
    expect(after).toContain('El pago fue aprobado.');
    expect(after).not.toContain('<button');
    await post(action, { decision: 'pagar' });
    expect(receiver.notices).toHaveLength(1);
  });

  it('sends the customer back only to the return URL the adapter signed', async () => {
    const started = await providers.pagoefectivo.startCharge(charge({ metodo: 'cip' }));
    const forged = new URL(started.url);
    forged.searchParams.set('retorno', 'https://evil.example/phish');
    const page = await (await get(forged.toString())).text();
    expect(page).not.toContain('evil.example');
    expect(page).not.toContain('name="retorno"');
    const res = await post(forged.toString().split('?')[0]!, { decision: 'pagar', retorno: 'https://evil.example/phish', firma: forged.searchParams.get('firma')! });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/sandbox\/pagoefectivo\/cip\/[0-9a-f]{32}$/);
    expect(receiver.notices).toEqual([expect.objectContaining({ estado: 'pagado' })]);
  });

  it('a lapsed CIP can only expire: its notice is a failed payment', async () => {
    const request = charge({ metodo: 'cip', expira: new Date(clock + 2 * 60_000) });
    const started = await providers.pagoefectivo.startCharge(request);
    clock += 3 * 60_000;
    try {
      expect(await (await get(started.url)).text()).toContain('Este CIP venció.');
      const res = await post(started.url, { decision: 'pagar' });
      expect(res.status).toBe(303);
      expect(receiver.notices).toEqual([expect.objectContaining({ estado: 'rechazado', operacion: `${started.cip}:expired`, referencia: request.referencia })]);
    } finally {
      clock -= 3 * 60_000;
    }
  });
});
