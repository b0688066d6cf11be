import { addDays, limaToday, SALES_CHANNEL, type ReservationView, type Trip } from '@rumbo/shared/schemas';
import { BUYER, heldPurchase, payWithSafetyPay, post, setupSandboxApp } from '../test/purchase';

/**
 * Issue 44, search at peak: with SEARCH_CACHE_MS (as main.ts has it), identical searches share one
 * query and its answer for that long (trips/answer-cache.ts); counted by `/metrics`'s
 * `rumbo_trip_search_answers_total`. The clock is the test's: the answers age with it.
 */
const TTL_MS = 1_000;
const TOKEN = 'metrics-token-of-the-search-test';
let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { searchCacheMs: TTL_MS, metricsToken: TOKEN });

const channel = { cusuario: SALES_CHANNEL.cusuario, coficina_venta: SALES_CHANNEL.coficina_venta };
const search = async (body: { origen: string; destino: string; fecha: string }, language = 'es-PE') => {
  const res = await post(api.app, '/rest/viaje', { ...body, ...channel }, { 'accept-language': language });
  expect(res.statusCode).toBe(200);
  return res.json().data as Trip[];
};

/** How many searches of `kind` were answered so far, by where the answer came from. */
async function answers(kind = 'viaje') {
  const text = (await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const count = (source: string) => Number(new RegExp(`^rumbo_trip_search_answers_total\\{kind="${kind}",source="${source}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { database: count('database'), shared: count('shared'), cached: count('cached') };
}

describe('POST /rest/viaje at peak: one query for identical searches', () => {
  it('answers two identical searches at once with one query, and both the same', async () => {
    const body = { origen: 'LIM', destino: 'CUZ', fecha: addDays(limaToday(), 20) };
    const before = await answers();
    const [first, second] = await Promise.all([search(body), search(body)]);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    const after = await answers();
    expect(after.database - before.database).toBe(1);
    expect(after.shared + after.cached - before.shared - before.cached).toBe(1);
  });

  it('keeps each search its own: another route or day is another query, the language changes nothing in the answer', async () => {
    const fecha = addDays(limaToday(), 22);
    const before = await answers();
    const arequipa = await search({ origen: 'LIM', destino: 'AQP', fecha });
    const cusco = await search({ origen: 'LIM', destino: 'CUZ', fecha });
    const nextDay = await search({ origen: 'LIM', destino: 'AQP', fecha: addDays(fecha, 1) });
    expect((await answers()).database - before.database).toBe(3);
    expect(arequipa.every((trip) => trip.terminal_llegada.codigo === 'AQP')).toBe(true);
    expect(cusco.every((trip) => trip.terminal_llegada.codigo === 'CUZ')).toBe(true);
    expect(nextDay.length).toBeGreaterThan(0);
    expect(nextDay.filter((trip) => arequipa.some((other) => other.cviaje === trip.cviaje))).toEqual([]);
    // The answer has no text in a language: the English reader gets the same answer (from the cache).
    expect(await search({ origen: 'LIM', destino: 'AQP', fecha }, 'en-EN')).toEqual(arequipa);
    expect((await answers()).database - before.database).toBe(3);
    // A search the schema refuses never reaches the cache: its message is in the reader's language.
    const refused = await post(api.app, '/rest/viaje', { origen: 'LIM', destino: 'AQP', fecha, cusuario: 1, coficina_venta: 577 }, { 'accept-language': 'en-EN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('trip.channel');
  });

  it('shows a seat sold as taken once the answer is SEARCH_CACHE_MS old, and never older', async () => {
    const body = { origen: 'LIM', destino: 'AQP', fecha: addDays(limaToday(), 24) };
    const trip = (await search(body))[0]!;
    const freeOf = async () => (await search(body)).find((t) => t.cviaje === trip.cviaje)!.asientos_libres;

    const purchase = await heldPurchase(api.app, [trip], 1);
    const reserved = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: purchase.clave, comprador: BUYER, terminos: true });
    expect(reserved.statusCode).toBe(201);
    const view = reserved.json().data as ReservationView;
    await payWithSafetyPay(api, now(), view.codigo, purchase.clave, view.total_centimos);

    // Within the window the answer given before the sale may still be shown (the seat map and the hold are authoritative)...
    clock += TTL_MS - 1;
    expect(await freeOf()).toBe(trip.asientos_libres);
    // ...and once it is SEARCH_CACHE_MS old, the next search asks the database: the seat is taken.
    clock += 2;
    expect(await freeOf()).toBe(trip.asientos_libres - 1);
  });
});
