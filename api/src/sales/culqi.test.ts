import { endpoints } from '@rumbo/shared/contract';
import type { CulqiMethods } from '@rumbo/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { reembolso } from '../disruptions/disruptions.tables';
import { retryDueRefunds } from '../disruptions/refunds';
import { CULQI_SANDBOX_PATH } from '../payments/sandbox/culqi.sandbox';
import { pago_riel } from '../payments/payments.tables';
import { salesSteps } from '../test/sales';
import { post, setupSandboxApp, STORE } from '../test/purchase';
import { boleto, pago, pago_aviso, reserva } from './sales.tables';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now);
const db = () => api.db;
const { reserveOne, consult, seatStates } = salesSteps(api);

const HELD = 84;
const SOLD = 82;

/** A card token from the stand-in, as Culqi's checkout makes it in the browser (public key). */
async function cardToken(cardNumber: string): Promise<string> {
  const res = await fetch(`${new URL(api.culqiSandbox.webhookUrl).origin}${CULQI_SANDBOX_PATH}/v2/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.culqiSandbox.publicKey}` },
    body: JSON.stringify({ card_number: cardNumber, cvv: '123', expiration_month: '09', expiration_year: '2030', email: 'rosa@example.pe' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const yape = (codigo: string, clave: string, otp = '123456', telefono = '912345678') => post(api.app, endpoints.culqiYape.path, { codigo, clave_bloqueo: clave, telefono, otp });
const card = (codigo: string, clave: string, token: string) => post(api.app, endpoints.culqiCard.path, { codigo, clave_bloqueo: clave, token });
const basic = (secret: string) => `Basic ${Buffer.from(secret).toString('base64')}`;
const webhook = (orderId: string, authorization = basic(api.culqiSandbox.webhookSecret), state = 'paid') =>
  api.app.inject({
    method: 'POST',
    url: endpoints.culqiNotice.path,
    headers: { 'content-type': 'application/json', authorization },
    payload: JSON.stringify({ object: 'event', id: 'evt_test_abcdefgh', type: 'order.status.changed', data: JSON.stringify({ object: 'order', id: orderId, state }) }),
  });

describe('Culqi (issue 46)', () => {
  it('offers its methods with the public key, Yape\'s cap and the code\'s life', async () => {
    const res = await api.app.inject({ url: endpoints.culqiMethods.path });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CulqiMethods;
    expect(data).toMatchObject({ llave_publica: api.culqiSandbox.publicKey, sandbox: true, tope_yape_centimos: 50_000, vida_codigo_segundos: 120 });
    expect(data.metodos).toEqual([
      { metodo: 'yape', disponible: true },
      { metodo: 'tarjeta', disponible: true },
      { metodo: 'billetera', disponible: true },
      { metodo: 'cuotealo', disponible: true },
    ]);
  });

  it('pays with Yape at once: tickets issued through the notices\' path, the charge recorded once', async () => {
    const { view, clave, seats } = await reserveOne({ days: 3 });
    const res = await yape(view.codigo, clave);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ estado: 'pagada', codigo: view.codigo });
    const paid = await consult(view.codigo, clave);
    expect(paid.estado).toBe('pagada');
    expect(paid.boletos).toHaveLength(1);
    expect(paid.pagos).toEqual([expect.objectContaining({ proveedor: 'culqi', metodo: 'yape', estado: 'pagado' })]);
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([SOLD]);
    const [row] = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    expect(row!.pago.operacion).toMatch(/^chr_test_/);
    expect(await db().select().from(pago_aviso).where(and(eq(pago_aviso.proveedor, 'culqi'), eq(pago_aviso.operacion, row!.pago.operacion!)))).toHaveLength(1);
    // Paying again is refused: the reservation is paid.
    expect((await yape(view.codigo, clave)).json()).toMatchObject({ code: 'sale.reserva.pagada' });
  });

  it.each([
    ['111111', 'culqi.rechazo.yape_otp_invalid'],
    ['000000', 'culqi.rechazo.yape_otp_expired'],
  ])('refuses Yape code %s with a clear message and keeps the seats held', async (otp, key) => {
    const { view, clave, seats } = await reserveOne({ days: 4 });
    const res = await yape(view.codigo, clave, otp);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(key);
    expect(res.json().message).toMatch(/Yape/);
    expect((await consult(view.codigo, clave)).estado).toBe('pendiente');
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([HELD]);
  });

  it('says a Yape above the cap is refused before any code is asked of Culqi', async () => {
    const { view, clave } = await reserveOne({ days: 4 });
    await db().update(reserva).set({ subtotal_centimos: 60_000, descuento_centimos: 0, canje_centimos: 0, total_centimos: 60_000 }).where(eq(reserva.codigo, view.codigo));
    const res = await yape(view.codigo, clave);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('culqi.yape.tope');
    const rows = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['4000020000000000', 'culqi.rechazo.insufficient_funds'],
    ['4000030000000000', 'culqi.rechazo.expired_card'],
    ['4000040000000000', 'culqi.rechazo.stolen_card'],
    ['4000050000000000', 'culqi.rechazo.contact_issuer'],
    ['4000060000000000', 'culqi.rechazo.invalid_cvv'],
  ])('refuses card %s with Culqi\'s code mapped to a message, seats kept; another card then sells', async (number, key) => {
    const { view, clave, seats } = await reserveOne({ days: 5 });
    const refused = await card(view.codigo, clave, await cardToken(number));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(key);
    expect((await consult(view.codigo, clave)).estado).toBe('pendiente');
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([HELD]);
    const english = await api.app.inject({ method: 'POST', url: endpoints.culqiCard.path, payload: { codigo: view.codigo, clave_bloqueo: clave, token: await cardToken(number) }, headers: { 'accept-language': 'en' } });
    expect(english.json().code).toBe(key);

    const ok = await card(view.codigo, clave, await cardToken('4111111111111111'));
    expect(ok.statusCode).toBe(200);
    expect((await consult(view.codigo, clave)).estado).toBe('pagada');
  });

  it('validates the Yape form with the shared schema (400 with i18n keys)', async () => {
    const { view, clave } = await reserveOne({ days: 5 });
    const res = await yape(view.codigo, clave, '12ab', '812345678');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/culqi\.telefono\.invalid|culqi\.otp\.invalid/);
  });

  it('sells a wallet QR order once by its webhook: the checkout pays, duplicate and late deliveries change nothing', async () => {
    const { view, clave, seats } = await reserveOne({ days: 6 });
    const start = await post(api.app, endpoints.culqiOrder.path, { codigo: view.codigo, clave_bloqueo: clave, metodo: 'billetera' }, { origin: STORE });
    expect(start.statusCode).toBe(200);
    const data = start.json().data as { proveedor: string; url: string; cip: string | null; sandbox: boolean };
    expect(data).toMatchObject({ proveedor: 'culqi', sandbox: true });
    const checkout = new URL(data.url);
    const orderId = checkout.pathname.split('/').pop()!;
    expect(orderId).toMatch(/^ord_test_/);
    expect((await fetch(data.url)).status).toBe(200);
    // Not paid yet: a webhook claiming so (right credentials) is read back from Culqi and sells nothing.
    expect((await webhook(orderId)).statusCode).toBe(200);
    expect((await consult(view.codigo, clave)).estado).toBe('pendiente');

    const paid = await fetch(`${checkout.origin}${checkout.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pagar' });
    expect(paid.status).toBe(200);
    expect((await consult(view.codigo, clave)).estado).toBe('pagada');
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([SOLD]);

    const again = await Promise.all(Array.from({ length: 5 }, () => webhook(orderId)));
    expect(again.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    clock += 3 * 3_600_000;
    expect((await webhook(orderId)).statusCode).toBe(200);
    clock -= 3 * 3_600_000;
    expect(await db().select().from(pago_aviso).where(and(eq(pago_aviso.proveedor, 'culqi'), eq(pago_aviso.operacion, orderId)))).toHaveLength(1);
    expect(await db().select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(reserva.codigo, view.codigo))).toHaveLength(1);
  });

  it('refuses webhooks without the configured credentials, and forged events sell nothing', async () => {
    const { view, clave } = await reserveOne({ days: 6 });
    const start = (await post(api.app, endpoints.culqiOrder.path, { codigo: view.codigo, clave_bloqueo: clave, metodo: 'cuotealo' }, { origin: STORE })).json().data as { url: string };
    const orderId = new URL(start.url).pathname.split('/').pop()!;
    expect((await webhook(orderId, basic('culqi:not-the-secret'))).statusCode).toBe(401);
    expect((await webhook(orderId, '')).statusCode).toBe(401);
    expect((await webhook(orderId, `Bearer ${api.culqiSandbox.secretKey}`)).statusCode).toBe(401);
    const unknown = await webhook('ord_test_doesnotexist1');
    expect(unknown.statusCode).toBe(502);
    const other = await api.app.inject({ method: 'POST', url: endpoints.culqiNotice.path, headers: { authorization: basic(api.culqiSandbox.webhookSecret) }, payload: JSON.stringify({ object: 'event', type: 'charge.creation.succeeded', data: '{}' }) });
    expect(other.statusCode).toBe(200);
    expect((await consult(view.codigo, clave)).estado).toBe('pendiente');
  });

  it('refunds a Culqi charge once when two instances retry it at once, with the same key', async () => {
    const { view, clave } = await reserveOne({ days: 7 });
    expect((await yape(view.codigo, clave)).statusCode).toBe(200);
    const [row] = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    const [ticket] = await db().select().from(boleto).where(eq(boleto.creserva, row!.reserva.creserva));
    const clave_reembolso = `test-culqi-${view.codigo}`;
    await db().insert(reembolso).values({
      numero: ticket!.numero, creserva: row!.reserva.creserva, cpago: row!.pago.cpago, proveedor: 'culqi', monto_centimos: row!.pago.monto_centimos,
      clave: clave_reembolso, estado: 'fallido', intentos: 1, proximo: now(), creado: now(),
    });
    const providers = { culqi: api.culqi };
    const later = new Date(clock + 60_000);
    await Promise.all([retryDueRefunds(db(), providers, later), retryDueRefunds(db(), providers, later)]);
    const mine = api.culqiRecord.refunds.filter((r) => r.metadata.clave === clave_reembolso);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ charge_id: row!.pago.operacion, amount: row!.pago.monto_centimos });
    const [done] = await db().select().from(reembolso).where(eq(reembolso.clave, clave_reembolso));
    expect(done).toMatchObject({ estado: 'hecho', operacion: mine[0]!.id });

    // Asked again with the same key (a crash after Culqi answered): Culqi's list finds it, no second refund.
    await db().update(reembolso).set({ estado: 'fallido', proximo: later }).where(eq(reembolso.clave, clave_reembolso));
    await retryDueRefunds(db(), providers, new Date(later.getTime() + 60_000));
    expect(api.culqiRecord.refunds.filter((r) => r.metadata.clave === clave_reembolso)).toHaveLength(1);
  });

  it('cancels a Yape purchase back to Yape through Culqi once, and says a QR purchase cannot be refunded by the rail', async () => {
    const { view, clave } = await reserveOne({ days: 9 });
    expect((await yape(view.codigo, clave)).statusCode).toBe(200);
    const [row] = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    const [ticket] = await db().select().from(boleto).where(eq(boleto.creserva, row!.reserva.creserva));
    const access = { numero: ticket!.numero, codigo: view.codigo, clave_bloqueo: clave };
    const changes = await post(api.app, endpoints.ticketChanges.path, access);
    expect(changes.json().data).toMatchObject({ anulable: true, reembolso_por_api: true });
    const before = api.culqiRecord.refunds.length;
    const [first, second] = await Promise.all([post(api.app, endpoints.cancelTicket.path, { ...access, destino: 'original' }), post(api.app, endpoints.cancelTicket.path, { ...access, destino: 'original' })]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 200]);
    const made = api.culqiRecord.refunds.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ charge_id: row!.pago.operacion });
    expect(await db().select().from(reembolso).where(and(eq(reembolso.numero, ticket!.numero), eq(reembolso.estado, 'hecho')))).toHaveLength(1);

    // Paid by a wallet's QR: the page is told before confirming that the rail cannot pay it back.
    const qr = await reserveOne({ days: 9 });
    const start = (await post(api.app, endpoints.culqiOrder.path, { codigo: qr.view.codigo, clave_bloqueo: qr.clave, metodo: 'billetera' }, { origin: STORE })).json().data as { url: string };
    const checkout = new URL(start.url);
    await fetch(`${checkout.origin}${checkout.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pagar' });
    const [qrTicket] = await db().select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(reserva.codigo, qr.view.codigo));
    const qrChanges = await post(api.app, endpoints.ticketChanges.path, { numero: qrTicket!.boleto.numero, codigo: qr.view.codigo, clave_bloqueo: qr.clave });
    expect(qrChanges.json().data).toMatchObject({ reembolso_por_api: false });
  });

  it('hides a rail that keeps failing across instances while the card still sells (last: it leaves Yape hidden)', async () => {
    await db().delete(pago_riel);
    for (let i = 0; i < 3; i += 1) {
      const { view, clave } = await reserveOne({ days: 8 });
      const res = await yape(view.codigo, clave, '123456', '900000500');
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('sale.pago.noDisponible');
    }
    const methods = (await api.app.inject({ url: endpoints.culqiMethods.path })).json().data as CulqiMethods;
    expect(methods.metodos.filter((m) => !m.disponible).map((m) => m.metodo)).toEqual(['yape']);
    const { view, clave } = await reserveOne({ days: 8 });
    const hidden = await yape(view.codigo, clave);
    expect(hidden.statusCode).toBe(502);
    expect(hidden.json().code).toBe('culqi.metodo.oculto');
    expect((await card(view.codigo, clave, await cardToken('4111111111111111'))).statusCode).toBe(200);
    // After the hiding time Yape is offered again.
    clock += 11 * 60_000;
    const back = (await api.app.inject({ url: endpoints.culqiMethods.path })).json().data as CulqiMethods;
    expect(back.metodos.every((m) => m.disponible)).toBe(true);
    clock -= 11 * 60_000;
  });
});
