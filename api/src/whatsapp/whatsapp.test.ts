import { addDays, CONSENT_TEXT_VERSION, limaToday } from '@rumbo/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { checkPriceAlerts } from '../alerts/price-alerts.service';
import { CHANNEL, findTrip, post as postAs } from '../test/purchase';
import { offerFreedSeats } from '../waitlist/waitlist.service';
import { reserva } from '../sales/sales.tables';
import { queueTicketMessages } from './tickets';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import { setupTestApp, TEST_SECRET } from '../test/app';
import { confirmedWhatsApp, customerWithPoints } from '../test/customers';
import { TEST_ENGINE } from '../test/database';
import { webhookSignature } from './cloud-api';
import type { SandboxMessage } from './sandbox.routes';
import { whatsappOf } from './whatsapp.config';
import { enqueueWhatsApp, whatsappNumber } from './whatsapp.queue';
import { createWhatsAppSender, PER_NUMBER_GAP_MS } from './whatsapp.sender';
import { whatsapp_envio } from './whatsapp.tables';

const wa = whatsappOf({ WHATSAPP_SANDBOX: '1' }, false, 'http://127.0.0.1:1')!;
const limits = { max: 10_000, timeWindow: 60_000 };
const api = setupTestApp({ whatsapp: wa, writeRateLimit: limits, lookupRateLimit: limits });
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  // The sender reaches the stand-in over HTTP, as it would reach graph.facebook.com.
  const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
  wa.graphUrl = `${address}/whatsapp-sandbox/v21.0`;
});

const accepted = async (): Promise<SandboxMessage[]> => (await api.app.inject({ method: 'GET', url: '/whatsapp-sandbox/mensajes' })).json().data;
const rowOf = async (clave: string) => (await api.db.select().from(whatsapp_envio).where(eq(whatsapp_envio.clave, clave)))[0]!;
/** Waits for what the stand-in reports by its own request (the signed delivery webhook): up to 15 s on a loaded machine. */
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 750 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};
const alertMessage = (clave: string, telefono: string) => ({
  clave,
  telefono,
  plantilla: 'rumbo_alerta_precio' as const,
  language: 'es-PE' as const,
  parametros: ['LIM → AQP', 'lunes, 28 de diciembre', 'S/ 40.00', 'http://localhost:3000/pasajes?x', 'http://localhost:3001/rest/alertas/1/baja'],
});

describe(`WhatsApp through the Cloud API and its stand-in (issue 48 item 4, ${TEST_ENGINE})`, () => {
  it('is configured by name: the stand-in only with WHATSAPP_SANDBOX=1 and never in production; all four credentials or none', () => {
    expect(() => whatsappOf({ WHATSAPP_SANDBOX: '1' }, true, 'https://api.example.pe')).toThrow(/not production/);
    expect(whatsappOf({}, true, 'https://api.example.pe')).toBeUndefined();
    expect(() => whatsappOf({ WHATSAPP_ACCESS_TOKEN: 'x' }, true, 'https://api.example.pe')).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    const real = whatsappOf({ WHATSAPP_PHONE_NUMBER_ID: '1065', WHATSAPP_ACCESS_TOKEN: 't', WHATSAPP_APP_SECRET: 's', WHATSAPP_VERIFY_TOKEN: 'v' }, true, 'https://api.example.pe');
    expect(real).toMatchObject({ graphUrl: 'https://graph.facebook.com/v21.0', phoneNumberId: '1065', sandbox: false });
    expect([whatsappNumber('987 654 321'), whatsappNumber('+51 987654321'), whatsappNumber('01 708 5000')]).toEqual(['51987654321', '51987654321', undefined]);
  });

  it('answers the subscription check with the challenge only for the verify token', async () => {
    const ok = await api.app.inject({ method: 'GET', url: `/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=1158201444` });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    expect((await api.app.inject({ method: 'GET', url: '/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1' })).statusCode).toBe(403);
  });

  it('sends a price alert to a customer who consented to WhatsApp, once across two instances; the signed delivery webhook records it', async () => {
    const day = addDays(limaToday(), 22);
    const customer = await customerWithPoints(api.db, 0);
    await confirmedWhatsApp(api.db, customer.ccuenta, '987111222');
    const created = await api.app.inject({
      method: 'POST', url: '/rest/alertas', headers: customer.auth,
      payload: { origen: 'CUZ', destino: 'PNO', desde: day, hasta: day, tope: 9999, canales: ['whatsapp'], version: CONSENT_TEXT_VERSION },
    });
    expect(created.statusCode).toBe(200);
    await checkPriceAlerts(api.db, { secret: TEST_SECRET, siteUrl: 'http://localhost:3000', apiOrigin: 'http://localhost:3001', whatsapp: true }, new Date());
    const queued = await queryRows<{ clave: string; telefono: string; plantilla: string; idioma: string }>(api.db, sql`select clave, telefono, plantilla, idioma from whatsapp_envio where telefono = '51987111222'`);
    expect(queued).toEqual([expect.objectContaining({ telefono: '51987111222', plantilla: 'rumbo_alerta_precio', idioma: 'es' })]);
    // No mail: the customer consented to WhatsApp only.
    expect(await queryRows(api.db, sql`select 1 from outbox o join cuenta c on c.correo = o."to" where c.ccuenta = ${customer.ccuenta}`)).toEqual([]);

    const second: DatabaseHandle | undefined = api.database.databaseUrl ? await openDatabase({ databaseUrl: api.database.databaseUrl }) : undefined;
    try {
      const other: Database = second?.db ?? api.db;
      const senders = [api.db, other, api.db].map((db) => createWhatsAppSender({ db, config: wa, log: quiet }));
      await Promise.all(senders.map((sender) => sender.drain()));
    } finally {
      await second?.close();
    }
    const mine = (await accepted()).filter((m) => m.to === '51987111222');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toMatch(/^Alerta de precio: CUZ → PNO el .* desde S\/\s?\d/);
    expect(mine[0]!.text).toContain(`fecha=${day}`);
    const row = await rowOf(queued[0]!.clave);
    expect(row.wamid).toBe(mine[0]!.id);
    await until(async () => (await rowOf(queued[0]!.clave)).estado === 'delivered');
    expect((await rowOf(queued[0]!.clave)).estado).toBe('delivered');
  });

  it('refuses a webhook not signed with the app secret, and never moves a status backwards', async () => {
    await api.db.transaction((tx) => enqueueWhatsApp(tx, alertMessage('hook-1', '51987000001'), new Date()));
    await createWhatsAppSender({ db: api.db, config: wa, log: quiet }).drain();
    const { wamid } = await rowOf('hook-1');
    await until(async () => (await rowOf('hook-1')).estado === 'delivered');
    const status = (s: string) => JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'x', changes: [{ field: 'messages', value: { statuses: [{ id: wamid, status: s, recipient_id: '51987000001' }] } }] }] });
    const post = (payload: string, secret = wa.appSecret) =>
      api.app.inject({ method: 'POST', url: '/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(secret, payload) }, payload });
    expect((await post(status('read'), 'not-the-secret')).statusCode).toBe(401);
    expect((await rowOf('hook-1')).estado).toBe('delivered');
    expect((await post(status('read'))).statusCode).toBe(200);
    expect((await post(status('sent'))).statusCode).toBe(200);
    expect((await rowOf('hook-1')).estado).toBe('read');
  });

  it("asks again for a status that comes before its message's answer is stored (Meta posts it again), and acknowledges one of a message never sent", async () => {
    await api.db.transaction((tx) => enqueueWhatsApp(tx, alertMessage('early-1', '51987000004'), new Date()));
    const wamid = 'wamid.antes-de-su-respuesta';
    const status = (timestamp: number) =>
      JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'x', changes: [{ field: 'messages', value: { statuses: [{ id: wamid, status: 'delivered', timestamp: String(timestamp), recipient_id: '51987000004' }] } }] }] });
    const post = (payload: string) =>
      api.app.inject({ method: 'POST', url: '/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': webhookSignature(wa.appSecret, payload) }, payload });
    const now = Math.floor(Date.now() / 1000);
    // The sender has the answer but has not written it yet: the status is asked again.
    expect((await post(status(now))).statusCode).toBe(503);
    await api.db.update(whatsapp_envio).set({ wamid, sent_at: new Date() }).where(eq(whatsapp_envio.clave, 'early-1'));
    expect((await post(status(now))).statusCode).toBe(200);
    expect((await rowOf('early-1')).estado).toBe('delivered');
    // A status an hour old of a message this store never sent: acknowledged, nothing recorded.
    const other = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'x', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.de-otro', status: 'read', timestamp: String(now - 3600), recipient_id: '51987000005' }] } }] }] });
    expect((await post(other)).statusCode).toBe(200);
  });

  it('writes to one number at most once per 6 s, and retries when the Cloud API cannot be reached', async () => {
    await api.db.transaction(async (tx) => {
      await enqueueWhatsApp(tx, alertMessage('gap-1', '51987000002'), new Date());
      await enqueueWhatsApp(tx, alertMessage('gap-2', '51987000002'), new Date());
      // Queued twice: one row.
      expect(await enqueueWhatsApp(tx, alertMessage('gap-1', '51987000002'), new Date())).toBe(false);
    });
    const start = new Date();
    await createWhatsAppSender({ db: api.db, config: wa, log: quiet, now: () => start }).drain(start);
    expect((await rowOf('gap-1')).wamid).toMatch(/^wamid\./);
    await until(async () => (await rowOf('gap-1')).estado === 'delivered');
    const waiting = await rowOf('gap-2');
    expect(waiting.wamid).toBeNull();
    expect(waiting.attempts).toBe(0);
    expect(waiting.next_attempt_at.getTime()).toBe(start.getTime() + PER_NUMBER_GAP_MS);

    await api.db.transaction((tx) => enqueueWhatsApp(tx, alertMessage('down-1', '51987000003'), new Date()));
    const down = { ...wa, graphUrl: 'http://127.0.0.1:1/v21.0' };
    await createWhatsAppSender({ db: api.db, config: down, log: quiet }).drain();
    const failed = await rowOf('down-1');
    expect([failed.attempts, failed.estado, failed.wamid]).toEqual([1, 'pendiente', null]);
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });

  it("tells a waitlist offer by WhatsApp only to an account that turned WhatsApp on for its trips", async () => {
    const trip = await findTrip(api.app, 'LIM', 'AQP', 15);
    await postAs(api.app, '/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...CHANNEL });
    await api.db.execute(sql`update viaje_asiento set gestado_asiento = 84, clave_hash = 'otro', expira = ${new Date(Date.now() + 3_600_000).toISOString()}::timestamptz where cviaje = ${trip.cviaje}`);
    const on = await customerWithPoints(api.db, 0);
    const off = await customerWithPoints(api.db, 0);
    await confirmedWhatsApp(api.db, on.ccuenta, '987333444');
    await confirmedWhatsApp(api.db, off.ccuenta, '987333444');
    expect((await postAs(api.app, '/rest/user/consentimientos', { canal: 'whatsapp', finalidad: 'servicio', otorgado: true, version: CONSENT_TEXT_VERSION }, on.auth)).statusCode).toBe(200);
    const body = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, asientos: 1 };
    expect((await postAs(api.app, '/rest/espera', body, on.auth)).statusCode).toBe(200);
    expect((await postAs(api.app, '/rest/espera', body, off.auth)).statusCode).toBe(200);
    // Two seats free: each waiter is offered one.
    await api.db.execute(sql`update viaje_asiento set expira = now() - interval '1 minute' where cviaje_asiento in (select cviaje_asiento from viaje_asiento where cviaje = ${trip.cviaje} order by nasiento limit 2)`);
    expect(await offerFreedSeats(api.db, { secret: TEST_SECRET, siteUrl: 'http://localhost:3000', whatsapp: true }, new Date())).toBe(2);
    const queued = await queryRows<{ plantilla: string; parametros: string[] }>(api.db, sql`select plantilla, parametros from whatsapp_envio where telefono = '51987333444'`);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.plantilla).toBe('rumbo_lista_espera');
    expect(queued[0]!.parametros[3]).toMatch(/^http:\/\/localhost:3000\/pasajes\/asientos\?espera=\d+&token=[0-9a-f]{32}$/);
  });

  it('sends the tickets after payment with their PDF to an account that turned WhatsApp on, once whatever runs it', async () => {
    const customer = await customerWithPoints(api.db, 0);
    await confirmedWhatsApp(api.db, customer.ccuenta, '987555666');
    await postAs(api.app, '/rest/user/consentimientos', { canal: 'whatsapp', finalidad: 'servicio', otorgado: true, version: CONSENT_TEXT_VERSION }, customer.auth);
    const paidAt = new Date();
    const base = { clave_hash: 'x', estado: 'pagada', expira: paidAt, subtotal_centimos: 9000, descuento_centimos: 0, total_centimos: 9000, comprador_email: 'rosa@example.pe', comprobante: 'boleta', creado: paidAt, pagado: paidAt };
    await api.db.insert(reserva).values([
      { ...base, codigo: 'WAPQ2345', comprador_nombre: 'Rosa Quispe', ccuenta: customer.ccuenta, idioma: 'en-EN' },
      // A guest's purchase (no account, so no switch): nothing by WhatsApp.
      { ...base, codigo: 'WAPQ2346', comprador_nombre: 'Juan Mamani', ccuenta: null, idioma: 'es-PE' },
    ]);
    const ctx = { secret: TEST_SECRET, apiOrigin: 'http://localhost:3001' };
    const counts = await Promise.all([queueTicketMessages(api.db, ctx, paidAt), queueTicketMessages(api.db, ctx, paidAt)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueTicketMessages(api.db, ctx, paidAt)).toBe(0);
    await createWhatsAppSender({ db: api.db, config: wa, log: quiet }).drain();
    const [message] = (await accepted()).filter((m) => m.to === '51987555666');
    expect(message).toMatchObject({ template: 'rumbo_boletos', language: 'en', text: 'Hello Rosa. The tickets of purchase WAPQ2345 are in the attached PDF. Have a good trip with Rumbo Andino!' });
    expect(message!.document).toEqual({ link: expect.stringMatching(/^http:\/\/localhost:3001\/rest\/.*WAPQ2345.*firma=/), filename: 'boletos-WAPQ2345.pdf' });
    await until(async () => (await rowOf('boletos:WAPQ2345')).estado === 'delivered');
  });
});
