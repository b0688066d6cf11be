import { addDays, limaToday, type SeatCell, type SeatHoldResult, type Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { createTestApp, setupTestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { ADULT, BUYER, seatBody, STORE } from '../test/purchase';
import { DEVICE_HEADER } from '@rumbo/shared/contract';
import { ADDRESS_SEAT_LIMIT, CLIENT_SEAT_LIMIT, hashKey } from './seats.service';

/** The API's clock: tests move it forward to let holds expire. */
let clock = Date.now();

const api = setupTestApp({ now: () => new Date(clock), seatRateLimit: { max: 10_000, timeWindow: 60_000 }, corsOrigins: [STORE] });

const channel = { susuario: 'TVIRT', cusuario: 50005 };
const post = (url: string, payload: object, language = 'es-PE') =>
  api.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });

/**
 * A trip `days` ahead on a route, the `index`-th of the buses whose route is exactly that (a
 * fresh one per test keeps the tests independent; buses of longer routes passing both cities are
 * in the answer too, issue 19).
 */
async function tripOn(origen: string, destino: string, days: number, index = 0): Promise<Trip> {
  const res = await post('/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 });
  return (res.json().data as Trip[]).filter((trip) => trip.ruta_origen.codigo === origen && trip.ruta_destino.codigo === destino)[index]!;
}

async function seatMap(trip: Trip) {
  const res = await post('/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...channel });
  expect(res.statusCode).toBe(200);
  return res.json().data as { asientos: SeatCell[]; especiales: { nasiento: number }[] };
}

const seatsOf = (cells: SeatCell[]) => cells.filter((cell) => cell.gobjeto_sitio === 1);

const hold = (trip: Trip, seat: SeatCell, clave?: string) => post('/rest/asiento/bloquear', seatBody(trip, seat, 84, clave));
const release = (trip: Trip, seat: SeatCell, clave?: string) => post('/rest/asiento/bloquear', seatBody(trip, seat, 83, clave));

describe('POST /rest/maqueta', () => {
  it('draws a two-deck bus: seats on decks 15 and 16 with class and price, facilities, priority seats', async () => {
    const trip = await tripOn('LIM', 'AQP', 3, 2); // the 20:00 VIP departure
    const { asientos, especiales } = await seatMap(trip);
    const seats = seatsOf(asientos);
    expect(new Set(seats.map((seat) => seat.gnivel_piso))).toEqual(new Set([15, 16]));
    expect(seats.every((seat) => seat.gestado_asiento === 83 && seat.cviaje_asiento! > 0)).toBe(true);
    // VIP 180 downstairs at the trip's deck-1 fare, 160 upstairs at its deck-2 fare.
    for (const seat of seats) {
      const fare = seat.gnivel_piso === 15 ? trip.edd_calc_180_p1 : trip.edd_calc_160_p2;
      expect(seat.gcategoria_asiento).toBe(seat.gnivel_piso === 15 ? 180 : 160);
      expect(seat.precio).toBe(seat.ipromocion_asiento ? seat.promocion : fare);
    }
    const objects = new Set(asientos.map((cell) => cell.gobjeto_sitio));
    expect([2, 3, 4, 5].every((object) => objects.has(object))).toBe(true);
    expect(asientos.filter((cell) => cell.gobjeto_sitio !== 1).every((cell) => cell.nasiento === null && cell.precio === null)).toBe(true);
    expect(especiales.length).toBeGreaterThan(0);
    expect(especiales.every((special) => seats.some((seat) => seat.nasiento === special.nasiento))).toBe(true);
  });

  it('prices the single seats of the 160 deck at their own fare', async () => {
    const trip = await tripOn('LIM', 'AQP', 3, 0); // Andino Plus: 160 downstairs with single seats
    const singles = seatsOf((await seatMap(trip)).asientos).filter((seat) => seat.iasiento_individual === 1 && !seat.ipromocion_asiento);
    expect(singles.length).toBeGreaterThan(0);
    expect(singles.every((seat) => seat.precio === trip.edd_calc_160_p1_individual)).toBe(true);
  });

  it('sells the back rows 20% off on a promotion day', async () => {
    let days = 1;
    while (![2, 3].includes(new Date(`${addDays(limaToday(), days)}T12:00:00Z`).getUTCDay())) days++;
    const trip = await tripOn('LIM', 'TRU', days);
    expect(trip.promocion_pct).toBe(20);
    expect(trip.nprecio_desde).not.toBeNull();
    const promo = seatsOf((await seatMap(trip)).asientos).filter((seat) => seat.ipromocion_asiento === 1);
    expect(promo.length).toBeGreaterThan(0);
    for (const seat of promo) expect(seat.precio).toBe(seat.promocion);
  });

  it('is a 404 for a trip that does not exist or terminals that are not its route', async () => {
    const trip = await tripOn('LIM', 'AQP', 3);
    const base = { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...channel };
    expect((await post('/rest/maqueta', { ...base, cviaje: 999_999 })).statusCode).toBe(404);
    expect((await post('/rest/maqueta', { ...base, cterminal_destino: 21 })).statusCode).toBe(404);
    expect((await post('/rest/maqueta', { ...base, susuario: 'OTRO' })).json()).toMatchObject({ code: 'trip.channel' });
  });
});

describe('POST /rest/asiento/bloquear', () => {
  it('holds a seat for 10 minutes: others see it held, free seats go down, the key is not stored', async () => {
    const trip = await tripOn('LIM', 'CUZ', 4);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    const res = await hold(trip, seat!);
    expect(res.statusCode).toBe(200);
    const held: SeatHoldResult = res.json().data;
    expect(held).toMatchObject({ cviaje: trip.cviaje, nasiento: seat!.nasiento, gestado_asiento: 84, precio: seat!.precio });
    expect(new Date(held.expira!).getTime() - clock).toBe(10 * 60_000);
    expect(held.clave_bloqueo).toMatch(/^[0-9a-f-]{36}$/);

    const after = seatsOf((await seatMap(trip)).asientos).find((s) => s.nasiento === seat!.nasiento)!;
    expect(after.gestado_asiento).toBe(84);
    expect((await tripOn('LIM', 'CUZ', 4)).asientos_libres).toBe(trip.asientos_libres - 1);
    const stored = await queryRows<{ clave_hash: string }>(api.db, sql`select clave_hash from viaje_asiento where cviaje_asiento = ${seat!.cviaje_asiento}`);
    expect(stored[0]!.clave_hash).not.toContain(held.clave_bloqueo);
  });

  it('tells a second customer the seat is taken, in their language', async () => {
    const trip = await tripOn('LIM', 'CUZ', 5);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    expect((await hold(trip, seat!)).statusCode).toBe(200);
    const es = await hold(trip, seat!);
    expect(es.statusCode).toBe(409);
    expect(es.json()).toEqual({ code: 'seat.taken', message: 'Alguien acaba de tomar este asiento. Actualizamos el mapa: elija otro.' });
    const en = await post('/rest/asiento/bloquear', seatBody(trip, seat!, 84), 'en-EN');
    expect(en.json().message).toBe('Someone has just taken this seat. We updated the map: please pick another.');
  });

  it('releases a held seat with its key (83) so anyone can take it; a stranger cannot release it', async () => {
    const trip = await tripOn('LIM', 'TRU', 6);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    const { clave_bloqueo } = (await hold(trip, seat!)).json().data;
    const stranger = await release(trip, seat!, '00000000-0000-4000-8000-000000000000');
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().code).toBe('seat.notHeld');
    expect((await release(trip, seat!)).statusCode).toBe(400);

    const released = await release(trip, seat!, clave_bloqueo);
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ gestado_asiento: 83, expira: null });
    expect(seatsOf((await seatMap(trip)).asientos).find((s) => s.nasiento === seat!.nasiento)!.gestado_asiento).toBe(83);
    // Releasing twice is harmless; and now someone else can hold it.
    expect((await release(trip, seat!, clave_bloqueo)).statusCode).toBe(200);
    expect((await hold(trip, seat!)).statusCode).toBe(200);
  });

  it('lets a hold expire after 10 minutes without any sweeper: the seat is free to others', async () => {
    const trip = await tripOn('LIM', 'PIU', 6);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    const first = (await hold(trip, seat!)).json().data;
    clock += 9 * 60_000;
    expect((await hold(trip, seat!)).statusCode).toBe(409);
    clock += 61_000;
    expect(seatsOf((await seatMap(trip)).asientos).find((s) => s.nasiento === seat!.nasiento)!.gestado_asiento).toBe(83);
    const second = await hold(trip, seat!);
    expect(second.statusCode).toBe(200);
    // The first holder's release no longer touches the new hold.
    expect((await release(trip, seat!, first.clave_bloqueo)).statusCode).toBe(409);
  });

  it('keeps a purchase to 5 seats of a trip; a released one makes room again', async () => {
    const trip = await tripOn('LIM', 'ICA', 7);
    const seats = seatsOf((await seatMap(trip)).asientos).slice(0, 6);
    let clave: string | undefined;
    for (const seat of seats.slice(0, 5)) {
      const res = await hold(trip, seat, clave);
      expect(res.statusCode).toBe(200);
      clave = res.json().data.clave_bloqueo;
    }
    const sixth = await hold(trip, seats[5]!, clave);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'seat.limit', message: 'Puede elegir como máximo 5 asientos por compra' });
    // Holding one of its own seats again only renews it.
    expect((await hold(trip, seats[0]!, clave)).statusCode).toBe(200);
    expect((await release(trip, seats[1]!, clave)).statusCode).toBe(200);
    expect((await hold(trip, seats[5]!, clave)).statusCode).toBe(200);
  });

  it('never trusts the body for the seat: a wrong cviaje_asiento is refused, the price is the server’s', async () => {
    const trip = await tripOn('LIM', 'NZC', 7);
    const [seat, other] = seatsOf((await seatMap(trip)).asientos);
    const wrong = await post('/rest/asiento/bloquear', { ...seatBody(trip, seat!, 84), cviaje_asiento: other!.cviaje_asiento });
    expect(wrong.statusCode).toBe(400);
    const cheap = await post('/rest/asiento/bloquear', { ...seatBody(trip, seat!, 84), gcategoria_asiento: 140, precio: 1 });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json().data).toMatchObject({ gcategoria_asiento: seat!.gcategoria_asiento, precio: seat!.precio });
  });

  it('does not sell a trip that leaves within 30 minutes', async () => {
    const trip = await tripOn('LIM', 'HYO', 8);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    const saved = clock;
    clock = new Date(trip.fecha_salida).getTime() - 10 * 60_000;
    try {
      const res = await hold(trip, seat!);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('trip.closed');
    } finally {
      clock = saved;
    }
  });

  it(`gives a seat to exactly one of 50 customers asking at once (${TEST_ENGINE})`, async () => {
    const trip = await tripOn('LIM', 'AYP', 9);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    const answers = await Promise.all(Array.from({ length: 50 }, () => hold(trip, seat!)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const rows = await queryRows<{ gestado_asiento: number }>(api.db, sql`select gestado_asiento from viaje_asiento where cviaje_asiento = ${seat!.cviaje_asiento}`);
    expect(rows[0]!.gestado_asiento).toBe(84);
  });

  it('lets one purchase hold at most 5 seats even when it asks for 8 at once', async () => {
    const trip = await tripOn('LIM', 'HRZ', 9);
    const seats = seatsOf((await seatMap(trip)).asientos).slice(0, 9);
    const first = await hold(trip, seats[0]!);
    const clave = first.json().data.clave_bloqueo;
    const answers = await Promise.all(seats.slice(1).map((seat) => hold(trip, seat, clave)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((res) => res.statusCode === 409 && res.json().code === 'seat.limit')).toHaveLength(4);
  });

  describe('per client (issue 15, item 4)', () => {
    const from = (address: string) => (url: string, payload: object) =>
      api.app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: { 'accept-language': 'en-EN' } });
    const heldOn = async (trip: Trip) =>
      Number(
        (
          await queryRows<{ n: number }>(
            api.db,
            sql`select count(*)::int as n from viaje_asiento where cviaje = ${trip.cviaje} and gestado_asiento = 84 and expira > ${new Date(clock).toISOString()}::timestamptz`,
          )
        )[0]!.n,
      );

    it('one client cannot hold a whole bus with fresh purchase keys: starting over releases its abandoned holds', async () => {
      const trip = await tripOn('LIM', 'TRU', 11);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const attacker = from('203.0.113.7');
      const codes: number[] = [];
      for (const seat of seats) codes.push((await attacker('/rest/asiento/bloquear', seatBody(trip, seat, 84))).statusCode);
      expect(seats.length).toBeGreaterThan(CLIENT_SEAT_LIMIT * 2);
      // However many keys it uses, the client never holds more than its bound at once.
      expect(await heldOn(trip)).toBeLessThanOrEqual(CLIENT_SEAT_LIMIT);
      const firstSeat = (await seatMap(trip)).asientos.find((cell) => cell.nasiento === seats[0]!.nasiento)!;
      expect(firstSeat.gestado_asiento).toBe(83);
      // Another customer still finds seats.
      const other = await from('198.51.100.9')('/rest/asiento/bloquear', seatBody(trip, seats[0]!, 84));
      expect(other.statusCode).toBe(200);
      expect(codes.every((code) => code === 200)).toBe(true);
    });

    it('a client at its bound that goes on with a purchase it already has is told so', async () => {
      const trip = await tripOn('LIM', 'TRU', 12);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const client = from('203.0.113.8');
      const keys: string[] = [];
      let next = 0;
      // Purchases of 4, 4 and the rest of the bound.
      for (const size of [4, 4, CLIENT_SEAT_LIMIT - 8]) {
        let key: string | undefined;
        for (let i = 0; i < size; i += 1) {
          const res = await client('/rest/asiento/bloquear', seatBody(trip, seats[next++]!, 84, key));
          expect(res.statusCode).toBe(200);
          key = res.json().data.clave_bloqueo;
        }
        keys.push(key!);
      }
      const more = await client('/rest/asiento/bloquear', seatBody(trip, seats[next++]!, 84, keys[2]));
      expect(more.statusCode).toBe(409);
      expect(more.json()).toMatchObject({ code: 'seat.clientLimit' });
      expect(await heldOn(trip)).toBe(CLIENT_SEAT_LIMIT);
    });
  });

  describe('customers behind one address (issue 32 item 4)', () => {
    const device = (address: string, browser: string, target = api.app) => (url: string, payload: object, headers: Record<string, string> = {}) =>
      target.inject({ method: 'POST', url, payload, remoteAddress: address, headers: { 'accept-language': 'en-EN', 'user-agent': browser, ...headers } });
    const heldByKey = async (clave: string) =>
      Number((await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from viaje_asiento where clave_hash = ${hashKey(clave)} and gestado_asiento = 84 and expira > ${new Date(clock).toISOString()}::timestamptz`))[0]!.n);

    async function purchaseOf(client: ReturnType<typeof device>, trip: Trip, seats: SeatCell[]): Promise<string> {
      let clave: string | undefined;
      for (const seat of seats) {
        const res = await client('/rest/asiento/bloquear', seatBody(trip, seat, 84, clave));
        expect(res.statusCode).toBe(200);
        clave = res.json().data.clave_bloqueo;
      }
      return clave!;
    }

    it("another customer starting over at the bound never frees a purchase with passengers named; the purchase still reserves", async () => {
      const trip = await tripOn('LIM', 'TRU', 13);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const office = '198.51.100.77';
      const ana = device(office, 'Mozilla/5.0 (Ana)');
      const beto = device(office, 'Mozilla/5.0 (Beto)');
      const anas = await purchaseOf(ana, trip, seats.slice(0, 5));
      for (const [i, seat] of seats.slice(0, 5).entries()) {
        const named = await ana('/rest/asiento/asociar', { clave_bloqueo: anas, cviaje_asiento: seat.cviaje_asiento, pasajero: { ...ADULT, numero: String(43_100_000 + i) } });
        expect(named.statusCode).toBe(200);
      }
      // Beto, behind the same address, holds two purchases and then starts a third.
      await purchaseOf(beto, trip, seats.slice(5, 10));
      await purchaseOf(beto, trip, seats.slice(10, 15));
      const third = await beto('/rest/asiento/bloquear', seatBody(trip, seats[15]!, 84));
      expect(third.statusCode).toBe(200);
      expect(await heldByKey(anas)).toBe(5);
      const reserved = await ana('/rest/venta/reserva', { clave_bloqueo: anas, comprador: BUYER, terminos: true }, { origin: STORE });
      expect(reserved.statusCode).toBe(201);
    });

    it('starting over frees only the same device\'s abandoned holds, never one with a passenger named', async () => {
      const trip = await tripOn('LIM', 'TRU', 14);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const carla = device('198.51.100.78', 'Mozilla/5.0 (Carla)');
      const named = await purchaseOf(carla, trip, seats.slice(0, 1));
      expect((await carla('/rest/asiento/asociar', { clave_bloqueo: named, cviaje_asiento: seats[0]!.cviaje_asiento, pasajero: { ...ADULT, numero: '43200001' } })).statusCode).toBe(200);
      const abandoned = [await purchaseOf(carla, trip, seats.slice(1, 5)), await purchaseOf(carla, trip, seats.slice(5, 10))];
      expect((await carla('/rest/asiento/bloquear', seatBody(trip, seats[10]!, 84))).statusCode).toBe(200);
      expect(await heldByKey(named)).toBe(1);
      expect(await heldByKey(abandoned[0]!) + (await heldByKey(abandoned[1]!))).toBe(0);
    });

    it("issue 45 item 5: customers behind one address with the same browser keep each other's unnamed holds: each browser is told apart by its own device id", async () => {
      const trip = await tripOn('LIM', 'TRU', 17);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const office = '198.51.100.80';
      const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0';
      const dani = (url: string, payload: object) => device(office, browser)(url, payload, { [DEVICE_HEADER]: 'dani-0123456789abcdef' });
      const eva = (url: string, payload: object) => device(office, browser)(url, payload, { [DEVICE_HEADER]: 'eva-0123456789abcdefgh' });
      // Dani holds a purchase of five and has named nobody yet; Eva, at the next desk, holds two
      // purchases of five (her bound) and starts a third.
      const danis = await purchaseOf(dani, trip, seats.slice(0, 5));
      const evas = [await purchaseOf(eva, trip, seats.slice(5, 10)), await purchaseOf(eva, trip, seats.slice(10, 15))];
      expect((await eva('/rest/asiento/bloquear', seatBody(trip, seats[15]!, 84))).statusCode).toBe(200);
      // Only Eva's own abandoned holds went back on sale.
      expect(await heldByKey(danis)).toBe(5);
      expect((await heldByKey(evas[0]!)) + (await heldByKey(evas[1]!))).toBe(0);
    });

    it('a device id that is not one (too short, too long, other characters) counts as none: the browser is its address and User-Agent', async () => {
      const trip = await tripOn('LIM', 'TRU', 18);
      const seats = seatsOf((await seatMap(trip)).asientos);
      const office = '198.51.100.81';
      const browser = 'Mozilla/5.0 (Frank)';
      const junk = ['short', 'x'.repeat(65), 'spaces are not allowed here', 'a/slash-0123456789abcdef'];
      // Four "devices" that are one: together they reach the one browser's bound, and starting over frees all of theirs.
      const keys: string[] = [];
      for (const [i, id] of junk.entries()) {
        keys.push(await purchaseOf((url, payload) => device(office, browser)(url, payload, { [DEVICE_HEADER]: id }), trip, seats.slice(i * 2, i * 2 + 2)));
      }
      keys.push(await purchaseOf(device(office, browser), trip, seats.slice(8, 10)));
      expect((await device(office, browser)('/rest/asiento/bloquear', seatBody(trip, seats[10]!, 84))).statusCode).toBe(200);
      let held = 0;
      for (const key of keys) held += await heldByKey(key);
      expect(held).toBe(0);
    });

    it(`one address holds at most ${ADDRESS_SEAT_LIMIT} seats of a trip whatever its browsers and keys, and is refused past it, not served by freeing others`, async () => {
      const trip = await tripOn('LIM', 'TRU', 15);
      const seats = seatsOf((await seatMap(trip)).asientos).slice(0, ADDRESS_SEAT_LIMIT + 5);
      const codes: string[] = [];
      for (const [i, seat] of seats.entries()) {
        const res = await device('198.51.100.79', `Browser ${i}`)('/rest/asiento/bloquear', seatBody(trip, seat, 84));
        codes.push(res.statusCode === 200 ? 'held' : res.json().code);
      }
      expect(codes).toEqual([...Array(ADDRESS_SEAT_LIMIT).fill('held'), ...Array(5).fill('seat.clientLimit')]);
    });

    it('behind a declared balancer, a hop the operator did not declare does not make a client someone else', async () => {
      const behind = await createTestApp(api.db, { now: () => new Date(clock), seatRateLimit: { max: 10_000, timeWindow: 60_000 }, trustProxy: ['loopback'], proxyHops: 1 });
      try {
        const trip = await tripOn('LIM', 'TRU', 16);
        const seats = seatsOf((await seatMap(trip)).asientos).slice(0, ADDRESS_SEAT_LIMIT + 10);
        let held = 0;
        // A client on the balancer's own machine (loopback, like the balancer) writes a new
        // X-Forwarded-For each time; the balancer appends the address it saw.
        for (const [i, seat] of seats.entries()) {
          const res = await device('127.0.0.1', `Browser ${i}`, behind)('/rest/asiento/bloquear', seatBody(trip, seat, 84), { 'x-forwarded-for': `10.9.${i}.1, 127.0.0.1` });
          if (res.statusCode === 200) held += 1;
        }
        expect(held).toBe(ADDRESS_SEAT_LIMIT);
        // A customer the balancer reports from another address is its own.
        const other = await device('127.0.0.1', 'Browser', behind)('/rest/asiento/bloquear', seatBody(trip, seats.at(-1)!, 84), { 'x-forwarded-for': '203.0.113.99' });
        expect(other.statusCode).toBe(200);
      } finally {
        await behind.close();
      }
    });
  });

  it('validates the body with the shared schema', async () => {
    const trip = await tripOn('LIM', 'AQP', 3);
    const [seat] = seatsOf((await seatMap(trip)).asientos);
    for (const patch of [{ gestado_asiento: 82 }, { gnivel_piso: 17 }, { cusuario: 1 }, { clave_bloqueo: 'abc' }, { nasiento: -1 }]) {
      const res = await post('/rest/asiento/bloquear', { ...seatBody(trip, seat!, 84), ...patch });
      expect(res.statusCode).toBe(400);
    }
  });
});
