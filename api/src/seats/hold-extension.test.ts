import { addDays, HOLD_EXTENSIONS, HOLD_MAX_MINUTES, limaToday, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { setupTestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { seatBody } from '../test/purchase';
import { hashKey } from './seats.service';

/** The API's clock: tests move it forward to reach the end of holds and the cap. */
let clock = Date.now();

const api = setupTestApp({ now: () => new Date(clock), seatRateLimit: { max: 10_000, timeWindow: 60_000 } });

const channel = { susuario: 'TVIRT', cusuario: 50005 };
const post = (url: string, payload: object, language = 'es-PE', address = '127.0.0.1') =>
  api.app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: { 'accept-language': language } });

const MINUTE = 60_000;

async function tripOn(origen: string, destino: string, days: number): Promise<Trip> {
  const res = await post('/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 });
  return res.json().data[0];
}

async function seatsOf(trip: Trip): Promise<SeatCell[]> {
  const res = await post('/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...channel });
  return (res.json().data.asientos as SeatCell[]).filter((cell) => cell.gobjeto_sitio === 1);
}

const hold = (trip: Trip, seat: SeatCell, clave?: string, address?: string) => post('/rest/asiento/bloquear', seatBody(trip, seat, 84, clave), 'es-PE', address);
const extend = (clave_bloqueo: string, language = 'es-PE') => post('/rest/asiento/extender', { clave_bloqueo }, language);

/** Holds the first `count` free seats of a fresh trip under one purchase key. */
async function purchase(origen: string, destino: string, days: number, count = 1) {
  const trip = await tripOn(origen, destino, days);
  const seats = (await seatsOf(trip)).slice(0, count);
  let clave: string | undefined;
  for (const seat of seats) {
    const res = await hold(trip, seat, clave);
    expect(res.statusCode).toBe(200);
    clave = res.json().data.clave_bloqueo;
  }
  return { trip, seats, clave: clave! };
}

describe(`POST /rest/asiento/extender (${TEST_ENGINE})`, () => {
  beforeEach(() => {
    clock = Date.now();
  });

  it(`gives every hold of the purchase 10 more minutes from now, ${HOLD_EXTENSIONS} times; the next is refused in the buyer's language`, async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'AQP', 13, 2);
    clock = start + 8 * MINUTE;
    const first = await extend(clave);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ expira: new Date(start + 18 * MINUTE).toISOString(), prorrogas_restantes: 1 });
    const stored = await queryRows<{ expira: string | Date }>(api.db, sql`select expira from viaje_asiento where cviaje = ${trip.cviaje} and nasiento in (${seats[0]!.nasiento}, ${seats[1]!.nasiento})`);
    expect(stored.map((row) => new Date(row.expira).getTime())).toEqual([start + 18 * MINUTE, start + 18 * MINUTE]);

    clock = start + 17 * MINUTE;
    const second = await extend(clave);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ expira: new Date(start + 27 * MINUTE).toISOString(), prorrogas_restantes: 0 });

    clock = start + 26 * MINUTE;
    const third = await extend(clave);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 'hold.extensionLimit', message: 'Ya no podemos darle más tiempo para esta compra: complétela antes de que termine el tiempo.' });
    const english = await extend(clave, 'en-EN');
    expect(english.json().message).toBe('We cannot give this purchase more time: please complete it before the time runs out.');
    // The count is the database's, keyed by the key's hash, never the key.
    const counts = await queryRows<{ clave_hash: string; prorrogas: number }>(api.db, sql`select clave_hash, prorrogas from bloqueo_prorroga where clave_hash = ${hashKey(clave)}`);
    expect(counts).toEqual([{ clave_hash: hashKey(clave), prorrogas: HOLD_EXTENSIONS }]);
  });

  it(`never extends past ${HOLD_MAX_MINUTES} minutes after the purchase's first hold`, async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'CUZ', 13);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200); // to 19 min, the cap set at 30
    // Holding seats again renews them to 10 minutes from then (28 min after the first hold).
    clock = start + 18 * MINUTE;
    const [, second] = await seatsOf(trip);
    expect((await hold(trip, seats[0]!, clave)).statusCode).toBe(200);
    expect((await hold(trip, second!, clave)).statusCode).toBe(200);
    clock = start + 27 * MINUTE;
    const capped = await extend(clave);
    expect(capped.statusCode).toBe(200);
    // Ten more minutes would be 37: the cap gives 30.
    expect(capped.json().data).toEqual({ expira: new Date(start + HOLD_MAX_MINUTES * MINUTE).toISOString(), prorrogas_restantes: 0 });
  });

  it(`re-sending the hold with its key never moves its end past ${HOLD_MAX_MINUTES} minutes after the first hold (issue 32 item 3)`, async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'HYO', 16);
    // Every 9 minutes the same /rest/asiento/bloquear with its clave_bloqueo: 19, 28, then the cap.
    for (const [minute, end] of [[9, 19], [18, 28], [27, 30], [29, 30]] as const) {
      clock = start + minute * MINUTE;
      const again = await hold(trip, seats[0]!, clave);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.expira).toBe(new Date(start + end * MINUTE).toISOString());
    }
    // A seat added late to the purchase ends with it, not 10 minutes later.
    const [, late] = await seatsOf(trip);
    const added = await hold(trip, late!, clave);
    expect(added.json().data.expira).toBe(new Date(start + 30 * MINUTE).toISOString());
    const stored = await queryRows<{ expira: string | Date }>(api.db, sql`select expira from viaje_asiento where clave_hash = ${hashKey(clave)}`);
    expect(stored.map((row) => new Date(row.expira).getTime())).toEqual([start + 30 * MINUTE, start + 30 * MINUTE]);
    // Extensions find no time left either, and the seat is another buyer's once the cap has passed.
    expect((await extend(clave)).json().code).toBe('hold.extensionLimit');
    clock = start + 30 * MINUTE + 1000;
    const renewed = await hold(trip, seats[0]!, clave);
    expect(renewed.statusCode).toBe(200);
    const other = await hold(trip, seats[0]!, undefined, '198.51.100.30');
    expect(other.statusCode).toBe(409);
    // (The key held nothing live any more: its new hold is a new purchase of 10 minutes, as a new key's would be.)
    expect(renewed.json().data.expira).toBe(new Date(clock + 10 * MINUTE).toISOString());
  });

  it('extensions and re-holds together stay within the two extensions and the cap', async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'CIX', 16);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).json().data.expira).toBe(new Date(start + 19 * MINUTE).toISOString());
    clock = start + 18 * MINUTE;
    expect((await hold(trip, seats[0]!, clave)).json().data.expira).toBe(new Date(start + 28 * MINUTE).toISOString());
    clock = start + 27 * MINUTE;
    expect((await extend(clave)).json().data).toEqual({ expira: new Date(start + 30 * MINUTE).toISOString(), prorrogas_restantes: 0 });
    clock = start + 29 * MINUTE;
    expect((await hold(trip, seats[0]!, clave)).json().data.expira).toBe(new Date(start + 30 * MINUTE).toISOString());
    expect((await extend(clave)).statusCode).toBe(409);
  });

  it('at the cap, an extension that would give no time is refused and not counted', async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'TRU', 14);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200); // cap at 30
    // Re-holding at 18 and 27 min renews the seat to 28, then to the cap (30): no extension can add time.
    clock = start + 18 * MINUTE;
    expect((await hold(trip, seats[0]!, clave)).statusCode).toBe(200);
    clock = start + 27 * MINUTE;
    expect((await hold(trip, seats[0]!, clave)).json().data.expira).toBe(new Date(start + HOLD_MAX_MINUTES * MINUTE).toISOString());
    const refused = await extend(clave);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('hold.extensionLimit');
    const counts = await queryRows<{ prorrogas: number }>(api.db, sql`select prorrogas from bloqueo_prorroga where clave_hash = ${hashKey(clave)}`);
    expect(counts).toEqual([{ prorrogas: 1 }]);
  });

  it('of two extensions racing for the last one, exactly one wins', async () => {
    const { clave } = await purchase('LIM', 'ICA', 14, 3);
    clock += 5 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200);
    clock += 5 * MINUTE;
    const answers = await Promise.all([extend(clave), extend(clave), extend(clave)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((res) => res.statusCode === 409).every((res) => res.json().code === 'hold.extensionLimit')).toBe(true);
    const counts = await queryRows<{ prorrogas: number }>(api.db, sql`select prorrogas from bloqueo_prorroga where clave_hash = ${hashKey(clave)}`);
    expect(counts).toEqual([{ prorrogas: HOLD_EXTENSIONS }]);
  });

  it('refuses a key that holds nothing (unknown, released or expired), and a body that is not a key', async () => {
    const unknown = await extend('00000000-0000-4000-8000-000000000000', 'en-EN');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ code: 'hold.none', message: 'You hold no seats to give more time to: your hold has already ended.' });

    const start = clock;
    const { clave } = await purchase('LIM', 'PIU', 15);
    clock = start + 11 * MINUTE;
    const expired = await extend(clave);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('hold.none');

    for (const body of [{}, { clave_bloqueo: 'abc' }, { clave_bloqueo: 42 }]) {
      const res = await post('/rest/asiento/extender', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
  });

  it('issue 45 item 5: releasing the seat (83) and holding it again with the same key keeps the purchase\'s cap and spent extensions', async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'AYP', 17);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200);
    clock = start + 18 * MINUTE;
    expect((await extend(clave)).json().data.prorrogas_restantes).toBe(0);
    clock = start + 25 * MINUTE;
    expect((await post('/rest/asiento/bloquear', seatBody(trip, seats[0]!, 83, clave))).statusCode).toBe(200);
    const again = await hold(trip, seats[0]!, clave);
    expect(again.statusCode).toBe(200);
    // Still the first hold's cap, not 10 fresh minutes under a new one.
    expect(again.json().data.expira).toBe(new Date(start + HOLD_MAX_MINUTES * MINUTE).toISOString());
    clock = start + 26 * MINUTE;
    const refused = await extend(clave);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('hold.extensionLimit');
    const counts = await queryRows<{ prorrogas: number }>(api.db, sql`select prorrogas from bloqueo_prorroga where clave_hash = ${hashKey(clave)}`);
    expect(counts).toEqual([{ prorrogas: HOLD_EXTENSIONS }]);
    // At the cap the seat is on sale for everyone.
    clock = start + HOLD_MAX_MINUTES * MINUTE + 1000;
    expect((await hold(trip, seats[0]!, undefined, '198.51.100.45')).statusCode).toBe(200);
  });

  it('issue 45 item 5: the same customer releasing the seat and holding it again under a new key stays within its first cap', async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'JUL', 17);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200);
    clock = start + 18 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200);
    clock = start + 25 * MINUTE;
    expect((await post('/rest/asiento/bloquear', seatBody(trip, seats[0]!, 83, clave))).statusCode).toBe(200);
    // A new purchase key (no clave_bloqueo), same customer, same seat.
    const fresh = await hold(trip, seats[0]!);
    expect(fresh.statusCode).toBe(200);
    const newKey = fresh.json().data.clave_bloqueo as string;
    expect(newKey).not.toBe(clave);
    expect(fresh.json().data.expira).toBe(new Date(start + HOLD_MAX_MINUTES * MINUTE).toISOString());
    // The new key's extensions cannot carry this seat past it either.
    clock = start + 27 * MINUTE;
    const refused = await extend(newKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('hold.extensionLimit');
    const stored = await queryRows<{ expira: string | Date }>(api.db, sql`select expira from viaje_asiento where clave_hash = ${hashKey(newKey)}`);
    expect(stored.map((row) => new Date(row.expira).getTime())).toEqual([start + HOLD_MAX_MINUTES * MINUTE]);
    // Another customer holding the seat later starts a cap of their own.
    clock = start + HOLD_MAX_MINUTES * MINUTE + 1000;
    const other = await hold(trip, seats[0]!, undefined, '198.51.100.46');
    expect(other.statusCode).toBe(200);
    expect(other.json().data.expira).toBe(new Date(clock + 10 * MINUTE).toISOString());
  });

  it('keeps the seat from another buyer past its first end, and frees it at the new one', async () => {
    const start = clock;
    const { trip, seats, clave } = await purchase('LIM', 'NZC', 15);
    clock = start + 9 * MINUTE;
    expect((await extend(clave)).statusCode).toBe(200);
    clock = start + 12 * MINUTE;
    const other = await hold(trip, seats[0]!, undefined, '198.51.100.20');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('seat.taken');
    const seen = (await seatsOf(trip)).find((seat) => seat.nasiento === seats[0]!.nasiento)!;
    expect(seen.gestado_asiento).toBe(84);
    clock = start + 19 * MINUTE + 1000;
    expect((await hold(trip, seats[0]!, undefined, '198.51.100.20')).statusCode).toBe(200);
  });
});
