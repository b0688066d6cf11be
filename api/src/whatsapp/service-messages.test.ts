import { CONSENT_TEXT_VERSION, type ReservationView, type Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { parseOperatorTokens } from '../operators/operators';
import { pocketOf } from '../pocket/pocket.service';
import { sendDueReminders } from '../pocket/reminders';
import { confirmedWhatsApp, customerWithPoints } from '../test/customers';
import { TEST_ENGINE } from '../test/database';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, payWithSafetyPay, post, setupSandboxApp, STORE } from '../test/purchase';
import { TEST_SECRET } from '../test/app';
import { whatsappRecipient } from './recipient';
import { whatsappOf } from './whatsapp.config';

const TOKEN = 'a3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9d';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const wa = whatsappOf({ WHATSAPP_SANDBOX: '1' }, false, 'http://127.0.0.1:1')!;
let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`), siteUrl: STORE, whatsapp: wa });
const HOUR = 3_600_000;

/** A customer with a mobile, who turned WhatsApp on for their trips (or not). */
async function customer(telefono: string, whatsapp: boolean) {
  const c = await customerWithPoints(api.db, 0);
  await confirmedWhatsApp(api.db, c.ccuenta, telefono);
  if (whatsapp) expect((await post(api.app, '/rest/user/consentimientos', { canal: 'whatsapp', finalidad: 'servicio', otorgado: true, version: CONSENT_TEXT_VERSION }, c.auth)).statusCode).toBe(200);
  return c;
}

/** One paid ticket of `trip`, bought signed in by `auth` in `language`. */
async function paidTicket(trip: Trip, auth: Record<string, string>, language: string) {
  const seat = byPrice(await freeSeats(api.app, trip))[0]!;
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, { ...auth, 'accept-language': language });
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  return view.codigo;
}

const queuedTo = (telefono: string) =>
  queryRows<{ clave: string; plantilla: string; idioma: string; parametros: string[] }>(api.db, sql`select clave, plantilla, idioma, parametros from whatsapp_envio where telefono = ${telefono} order by id`);

describe(`reminders and disruption notices by WhatsApp (issue 48 item 4, ${TEST_ENGINE})`, () => {
  it('go to a buyer who turned WhatsApp on for their trips, once each, in the purchase language; not to one who did not', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 24);
    const on = await customer('987777001', true);
    const off = await customer('987777002', false);
    const codigo = await paidTicket(trip, on.auth, 'en-EN');
    await paidTicket(trip, off.auth, 'es-PE');
    const salida = new Date(trip.fecha_salida).getTime();

    // The 24 h reminder, from two instances at once: one message.
    const pocket = pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1', siteUrl: STORE });
    const at24 = new Date(salida - 23 * HOUR);
    await Promise.all([sendDueReminders(api.db, pocket, at24, { whatsapp: true }), sendDueReminders(api.db, pocket, at24, { whatsapp: true })]);
    let mine = await queuedTo('51987777001');
    expect(mine).toEqual([expect.objectContaining({ plantilla: 'rumbo_recordatorio', idioma: 'en' })]);
    expect(mine[0]!.parametros[0]).toBe('Lima → Trujillo');
    expect(mine[0]!.clave).toMatch(/^recordatorio:\d+:\d+:24h$/);

    // A cancellation: the notice with the one-tap choice link.
    clock = Date.now();
    const declared = await post(api.app, '/rest/operador/incidencia', { cviaje: trip.cviaje, tipo: 'cancelacion', motivo_es: 'Huelga', motivo_en: 'Strike' }, OPERATOR);
    expect(declared.statusCode).toBe(200);
    mine = await queuedTo('51987777001');
    expect(mine).toHaveLength(2);
    expect(mine[1]).toMatchObject({ plantilla: 'rumbo_incidencia', idioma: 'en' });
    expect(mine[1]!.parametros[1]).toBe('it is cancelled. Reason: Strike');
    expect(mine[1]!.parametros[2]).toMatch(new RegExp(`^${STORE}/pasajes/incidencia/[^?]+\\?t=`));
    // The mail went as always; nothing by WhatsApp to the customer who did not turn it on.
    expect(await queryRows(api.db, sql`select 1 from reserva where codigo = ${codigo}`)).toHaveLength(1);
    expect(await queuedTo('51987777002')).toEqual([]);
  });

  it("confirms the mobile with a code sent to it by WhatsApp before anything else goes there; a changed mobile is not confirmed", async () => {
    const c = await customerWithPoints(api.db, 0);
    await api.db.execute(sql`update cuenta set telefono = '987777010' where ccuenta = ${c.ccuenta}`);
    expect((await post(api.app, '/rest/user/consentimientos', { canal: 'whatsapp', finalidad: 'servicio', otorgado: true, version: CONSENT_TEXT_VERSION }, c.auth)).statusCode).toBe(200);
    const status = async () => (await api.app.inject({ method: 'GET', url: '/rest/user/whatsapp', headers: c.auth })).json().data;
    expect(await status()).toEqual({ telefono: '••••••010', confirmado: false, disponible: true });
    // Consent alone is not enough: the number is not proven.
    expect(await whatsappRecipient(api.db, c.ccuenta, 'servicio')).toBeUndefined();
    expect((await post(api.app, '/rest/user/whatsapp/codigo', {}, c.auth)).statusCode).toBe(202);
    const [sent] = await queuedTo('51987777010');
    expect(sent).toMatchObject({ plantilla: 'rumbo_codigo', idioma: 'es' });
    const code = sent!.parametros[0]!;
    const wrong = await post(api.app, '/rest/user/whatsapp/verificar', { codigo: code === '000000' ? '111111' : '000000' }, c.auth);
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'privacy.codigo.invalid']);
    const right = await post(api.app, '/rest/user/whatsapp/verificar', { codigo: code }, c.auth);
    expect([right.statusCode, right.json().data.confirmado]).toEqual([200, true]);
    expect(await whatsappRecipient(api.db, c.ccuenta, 'servicio')).toBe('51987777010');
    // Used up.
    expect((await post(api.app, '/rest/user/whatsapp/verificar', { codigo: code }, c.auth)).statusCode).toBe(400);
    // Another mobile in the profile: not confirmed until its own code comes back.
    await api.db.execute(sql`update cuenta set telefono = '987777011' where ccuenta = ${c.ccuenta}`);
    expect((await status()).confirmado).toBe(false);
    expect(await whatsappRecipient(api.db, c.ccuenta, 'servicio')).toBeUndefined();
    // A number that is not a Peruvian mobile gets no code.
    await api.db.execute(sql`update cuenta set telefono = '017085000' where ccuenta = ${c.ccuenta}`);
    const none = await post(api.app, '/rest/user/whatsapp/codigo', {}, c.auth);
    expect([none.statusCode, none.json().code]).toEqual([409, 'whatsapp.telefono.none']);
  });

  it('without WhatsApp configured, queues nothing there', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 25);
    const on = await customer('987777003', true);
    await paidTicket(trip, on.auth, 'es-PE');
    const salida = new Date(trip.fecha_salida).getTime();
    await sendDueReminders(api.db, pocketOf({ secret: TEST_SECRET, apiOrigin: 'http://api-1' }), new Date(salida - 2 * HOUR));
    expect(await queuedTo('51987777003')).toEqual([]);
  });
});
