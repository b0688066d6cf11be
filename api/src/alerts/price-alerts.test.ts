import { addDays, CONSENT_TEXT_VERSION, limaToday } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import { setupTestApp, TEST_SECRET } from '../test/app';
import { customerWithPoints } from '../test/customers';
import { TEST_ENGINE } from '../test/database';
import { fareCalendar, tripsOfDays } from '../trips/trips.queries';
import { alertToken, checkPriceAlerts } from './price-alerts.service';

let clock = Date.now();
const now = () => new Date(clock);
const SITE = 'http://localhost:3000';
const API = 'http://localhost:3001';
const context = { secret: TEST_SECRET, siteUrl: SITE, apiOrigin: API };
const limits = { max: 10_000, timeWindow: 60_000 };

const api = setupTestApp({ now, siteUrl: SITE, apiOrigin: API, writeRateLimit: limits, lookupRateLimit: limits });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'es-PE', ...headers } });

const mailsTo = async (ccuenta: number) =>
  queryRows<{ subject: string; text: string; baja: string | null }>(api.db, sql`
    select o.subject, o.text, o.baja from outbox o join cuenta c on c.correo = o."to" where c.ccuenta = ${ccuenta} order by o.id`);

/** The from-price of the route on `day` (step 1's rule), and a "promotion" that sets every departure's from-price that day. */
async function fromPriceOn(origen: string, destino: string, day: string): Promise<number> {
  const [fare] = await fareCalendar(api.db, { origen, destino }, day, day, now());
  return fare!.desde!;
}
async function publishFromPrice(origen: string, destino: string, day: string, price: number | null) {
  const trips = await tripsOfDays(api.db, { origen, destino }, day, day, now());
  const ids = sql.join(trips.map(({ trip }) => sql`${trip.cviaje}`), sql`, `);
  await api.db.execute(sql`update viaje set nprecio_desde = ${price} where cviaje in (${ids})`);
}

describe(`price alerts (issue 48 item 3, ${TEST_ENGINE})`, () => {
  beforeEach(() => {
    clock = Date.now();
  });

  it('are for signed-in customers, checked by the shared schema, and giving a channel records its consent', async () => {
    const body = { origen: 'LIM', destino: 'AQP', tope: 80, canales: ['correo'], version: CONSENT_TEXT_VERSION };
    expect((await post('/rest/alertas', body)).statusCode).toBe(401);
    const customer = await customerWithPoints(api.db, 0, now());
    const bad = await post('/rest/alertas', { ...body, destino: 'LIM', canales: [] }, customer.auth);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/alert\.(ruta\.same|canales\.required)/);
    const created = await post('/rest/alertas', { ...body, desde: addDays(limaToday(), 3), hasta: addDays(limaToday(), 5) }, customer.auth);
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ origen: 'LIM', destino: 'AQP', tope: 80, avisado: null });
    const consents = await api.app.inject({ method: 'GET', url: '/rest/user/consentimientos', headers: customer.auth });
    expect(consents.json().data.estado).toContainEqual(expect.objectContaining({ canal: 'correo', finalidad: 'alertas_precio', otorgado: true }));
    expect(consents.json().data.estado).toContainEqual(expect.objectContaining({ canal: 'push', finalidad: 'alertas_precio', otorgado: false }));
    const list = await api.app.inject({ method: 'GET', url: '/rest/alertas', headers: customer.auth });
    expect(list.json().data).toHaveLength(1);
    // Deleted from Mi cuenta: gone; deleting again, or someone else's, is not found.
    const other = await customerWithPoints(api.db, 0, now());
    expect((await post('/rest/alertas/borrar', { calerta: created.json().data.calerta }, other.auth)).statusCode).toBe(404);
    expect((await post('/rest/alertas/borrar', { calerta: created.json().data.calerta }, customer.auth)).statusCode).toBe(204);
    expect((await post('/rest/alertas/borrar', { calerta: created.json().data.calerta }, customer.auth)).json().code).toBe('alert.notFound');
    expect((await api.app.inject({ method: 'GET', url: '/rest/alertas', headers: customer.auth })).json().data).toEqual([]);
  });

  it('tells once per drop below the sum, with a link to step 1 on that day, even with two instances at once; a rise re-arms it', async () => {
    const day = addDays(limaToday(), 20);
    const price = await fromPriceOn('CUZ', 'PNO', day);
    const customer = await customerWithPoints(api.db, 0, now());
    const created = await post('/rest/alertas', { origen: 'CUZ', destino: 'PNO', desde: day, hasta: day, tope: price - 5, canales: ['correo'], version: CONSENT_TEXT_VERSION }, customer.auth);
    const calerta = created.json().data.calerta as number;
    // Not below the sum: nothing.
    await checkPriceAlerts(api.db, context, now());
    expect(await mailsTo(customer.ccuenta)).toHaveLength(0);

    // A promotion: the from-price falls below the sum. Two instances check at once: told once.
    await publishFromPrice('CUZ', 'PNO', day, price - 10);
    expect(await fromPriceOn('CUZ', 'PNO', day)).toBe(price - 10);
    const second: DatabaseHandle | undefined = api.database.databaseUrl ? await openDatabase({ databaseUrl: api.database.databaseUrl }) : undefined;
    try {
      const other: Database = second?.db ?? api.db;
      await Promise.all([checkPriceAlerts(api.db, context, now()), checkPriceAlerts(other, context, now()), checkPriceAlerts(api.db, context, now())]);
    } finally {
      await second?.close();
    }
    await checkPriceAlerts(api.db, context, now());
    let mails = await mailsTo(customer.ccuenta);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Alerta de precio: CUZ → PNO desde S\/\s?\d/);
    expect(mails[0]!.text).toContain(`${SITE}/pasajes?origen=CUZ&destino=PNO&fecha=${day}&pasajeros=1`);
    expect(mails[0]!.baja).toBe(`${API}/rest/alertas/${calerta}/baja?token=${alertToken(TEST_SECRET, calerta)}&idioma=es-PE`);

    // Lower still: told again. Back above the sum, then down again: told again.
    await publishFromPrice('CUZ', 'PNO', day, price - 12);
    await checkPriceAlerts(api.db, context, now());
    expect(await mailsTo(customer.ccuenta)).toHaveLength(2);
    await publishFromPrice('CUZ', 'PNO', day, null);
    await checkPriceAlerts(api.db, context, now());
    await checkPriceAlerts(api.db, context, now());
    expect(await mailsTo(customer.ccuenta)).toHaveLength(2);
    await publishFromPrice('CUZ', 'PNO', day, price - 10);
    await checkPriceAlerts(api.db, context, now());
    mails = await mailsTo(customer.ccuenta);
    expect(mails).toHaveLength(3);
  });

  it('tells nobody by a channel whose consent was withdrawn, and stops in one tap from the mail', async () => {
    const day = addDays(limaToday(), 21);
    const price = await fromPriceOn('CUZ', 'PNO', day);
    const customer = await customerWithPoints(api.db, 0, now());
    const calerta = (await post('/rest/alertas', { origen: 'CUZ', destino: 'PNO', desde: day, hasta: day, tope: price + 100, canales: ['correo'], version: CONSENT_TEXT_VERSION }, customer.auth)).json().data.calerta as number;
    await post('/rest/user/consentimientos', { canal: 'correo', finalidad: 'alertas_precio', otorgado: false, version: CONSENT_TEXT_VERSION }, customer.auth);
    await checkPriceAlerts(api.db, context, now());
    expect(await mailsTo(customer.ccuenta)).toHaveLength(0);

    const link = `/rest/alertas/${calerta}/baja?token=${alertToken(TEST_SECRET, calerta)}&idioma=en-EN`;
    expect((await api.app.inject({ method: 'GET', url: `/rest/alertas/${calerta}/baja?token=${'0'.repeat(32)}` })).statusCode).toBe(404);
    const pageRes = await api.app.inject({ method: 'GET', url: link });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Stop the price alert for CUZ → PNO?');
    const done = await api.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done: we will send no more price alerts for CUZ → PNO.');
    expect((await api.app.inject({ method: 'GET', url: '/rest/alertas', headers: customer.auth })).json().data).toEqual([]);
  });
});
