import { addDays, CONSENT_TEXT_VERSION, limaToday } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { parseOperatorTokens } from '../operators/operators';
import { setupTestApp } from '../test/app';
import { customerWithPoints } from '../test/customers';
import { TEST_ENGINE } from '../test/database';
import { fareCalendar, tripsOfDays } from '../trips/trips.queries';

const TOKEN = 'b3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9e';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const limits = { max: 10_000, timeWindow: 60_000 };
const api = setupTestApp({ siteUrl: 'http://localhost:3000', apiOrigin: 'http://localhost:3001', operators: parseOperatorTokens(`ops=${TOKEN}`), writeRateLimit: limits, lookupRateLimit: limits });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'es-PE', ...headers } });
const fromPriceOn = async (day: string) => (await fareCalendar(api.db, { origen: 'LIM', destino: 'HRZ' }, day, day, new Date()))[0]!.desde;

describe(`a promotion published by operators (issue 48 item 3, ${TEST_ENGINE})`, () => {
  it('lowers the from-price to what a promotional seat sells at, and tells an alert it makes true once', async () => {
    // A day with no campaign of its own (the seed's are Tuesdays and Wednesdays).
    let day = addDays(limaToday(), 30);
    while ([2, 3].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
    const before = (await fromPriceOn(day))!;
    const customer = await customerWithPoints(api.db, 0);
    const alert = await post('/rest/alertas', { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, tope: before, canales: ['correo'], version: CONSENT_TEXT_VERSION }, customer.auth);
    expect(alert.statusCode).toBe(200);

    expect((await post('/rest/operador/promocion', { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, pct: 30 })).statusCode).toBe(401);
    const bad = await post('/rest/operador/promocion', { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, pct: 95 }, OPERATOR);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'promotion.pct.invalid']);
    const published = await post('/rest/operador/promocion', { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, pct: 30 }, OPERATOR);
    expect(published.statusCode).toBe(200);
    expect(published.json().data.viajes).toBeGreaterThan(0);
    expect(published.json().data.avisos).toBe(1);

    // The from-price is what the cheapest seat now sells at (a promotional seat with the discount).
    const after = (await fromPriceOn(day))!;
    expect(after).toBeLessThan(before);
    const trips = await tripsOfDays(api.db, { origen: 'LIM', destino: 'HRZ' }, day, day, new Date());
    expect(trips.length).toBeGreaterThan(0);
    for (const { trip } of trips) expect(trip.promocion_pct).toBe(30);

    // Published again (a retry): the alert is not told twice.
    expect((await post('/rest/operador/promocion', { origen: 'LIM', destino: 'HRZ', desde: day, hasta: day, pct: 30 }, OPERATOR)).json().data.avisos).toBe(0);
    const mails = await queryRows<{ subject: string }>(api.db, sql`select o.subject from outbox o join cuenta c on c.correo = o."to" where c.ccuenta = ${customer.ccuenta}`);
    expect(mails).toHaveLength(1);
  });
});
