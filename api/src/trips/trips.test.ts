import { addDays, FARE_FIELDS, fromPrice, limaToday, type FareDay, type Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { createTestApp, setupTestApp } from '../test/app';
import { LAYOUTS, layoutCells } from './layouts';
import { ROUTES } from './network';
import { fareCalendar } from './trips.queries';
import { SALES_WINDOW_DAYS } from './trips.seed';

const api = setupTestApp();

const tomorrow = addDays(limaToday(), 1);
const channel = { cusuario: 50005, coficina_venta: 577 };
const post = (url: string, payload: unknown, language = 'es-PE') =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': language } });
const search = async (body: object) => {
  const res = await post('/rest/viaje', { ...channel, ...body });
  expect(res.statusCode).toBe(200);
  return res.json().data as Trip[];
};

describe('POST /rest/terminales', () => {
  it('lists every terminal with its city and code, both Lima terminals included', async () => {
    const res = await post('/rest/terminales', {});
    expect(res.statusCode).toBe(200);
    const terminals = res.json().data;
    expect(terminals).toHaveLength(24);
    expect(terminals.filter((t: { codigo: string }) => t.codigo === 'LIM').map((t: { nombre: string }) => t.nombre)).toEqual([
      'Terminal Javier Prado',
      'Terminal Plaza Norte',
    ]);
    expect(new Set(terminals.map((t: { cciudad: number }) => t.cciudad)).size).toBe(23);
  });
});

/** The routes from Lima whose buses stop at Arequipa or end there (the seed's corridors). */
const ROUTE_ENDS_PAST_AREQUIPA = ['AQP', 'MQG', 'TCQ', 'JUL', 'PNO'];

describe('POST /rest/viaje', () => {
  it("lists tomorrow's Lima → Arequipa departures in order, enriched with their terminals", async () => {
    const all = await search({ origen: 'LIM', destino: 'AQP', fecha: tomorrow });
    // Buses of longer routes that pass Lima and then Arequipa are trips Lima → Arequipa too (issue 19).
    expect(all.every((trip) => trip.cterminal_origen === 41 && trip.cterminal_destino === 11)).toBe(true);
    expect(new Set(all.map((trip) => trip.ruta_destino.codigo))).toEqual(new Set(ROUTE_ENDS_PAST_AREQUIPA));
    const trips = all.filter((trip) => trip.ruta_origen.codigo === 'LIM' && trip.ruta_destino.codigo === 'AQP');
    expect(trips.length).toBe(4);
    const times = trips.map((trip) => trip.fecha_salida);
    expect([...times].sort()).toEqual(times);
    for (const trip of trips) {
      expect(trip.terminal_salida).toMatchObject({ cterminal: 41, codigo: 'LIM', ciudad: 'Lima' });
      expect(trip.terminal_llegada).toMatchObject({ cterminal: 11, codigo: 'AQP', ciudad: 'Arequipa' });
      expect(trip.cterminal_origen).toBe(41);
      expect(trip.duracion_min).toBe(16 * 60);
      expect(new Date(trip.fecha_llegada).getTime() - new Date(trip.fecha_salida).getTime()).toBe(16 * 3_600_000);
      expect(trip.escalas).toBe(3);
      // Every fare is either null or a positive number of soles.
      for (const field of FARE_FIELDS) expect(trip[field] === null || trip[field]! > 0).toBe(true);
    }
    // Departures are Lima times: 08:00 Lima is 13:00 UTC.
    expect(trips[0]!.fecha_salida).toBe(`${tomorrow}T13:00:00Z`);
    expect(trips.map((trip) => trip.servicio)).toEqual(['Andino Plus', 'Andino Plus', 'Andino VIP', 'Andino VIP']);
  });

  it('counts every seat of the bus as free on an untouched trip', async () => {
    const [trip] = await search({ origen: 'LIM', destino: 'AQP', fecha: tomorrow });
    const layout = LAYOUTS.find((l) => l.servicio === trip!.servicio)!;
    expect(trip!.pisos).toBe(2);
    expect(trip!.asientos_libres).toBe(layoutCells(layout).filter((cell) => cell.nasiento !== null).length);
  });

  it('advertises a "from" price only when a seat of the trip sells at it (no coupon, no other class)', async () => {
    let checked = 0;
    // A week: the campaign days (Tuesday, Wednesday) and the others, on a route whose cheapest class has no promotional rows.
    for (let day = 1; day <= 7; day++) {
      for (const trip of await search({ origen: 'LIM', destino: 'CUZ', fecha: addDays(limaToday(), day) })) {
        const map = await post('/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, susuario: 'TVIRT', cusuario: 50005 });
        const prices = (map.json().data.asientos as { precio: number | null }[]).flatMap((seat) => (seat.precio === null ? [] : [seat.precio]));
        const lowest = Math.min(...prices);
        const fares = FARE_FIELDS.flatMap((field) => (typeof trip[field] === 'number' && trip[field] > 0 ? [trip[field]] : []));
        // The shared rule: nprecio_desde, else the lowest positive fare; either way a price a seat has.
        const desde = trip.nprecio_desde !== null && trip.nprecio_desde > 0 ? trip.nprecio_desde : Math.min(...fares);
        expect({ cviaje: trip.cviaje, desde }).toEqual({ cviaje: trip.cviaje, desde: lowest });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(7);
  });

  it('finds nothing between cities with no route', async () => {
    expect(await search({ origen: 'TBP', destino: 'TCQ', fecha: tomorrow })).toEqual([]);
  });

  it('covers the sales window for every route and no more', async () => {
    const [count] = await queryRows<{ n: number }>(
      api.db,
      sql`select count(distinct cruta)::int as n from viaje where salida >= (${addDays(limaToday(), SALES_WINDOW_DAYS)}::date)::timestamp at time zone 'America/Lima'`,
    );
    expect(count!.n).toBe(ROUTES.length);
    const last = await search({ origen: 'LIM', destino: 'CUZ', fecha: addDays(limaToday(), SALES_WINDOW_DAYS) });
    expect(last.length).toBeGreaterThan(0);
  });

  it('sells only through the web channel', async () => {
    const res = await post('/rest/viaje', { origen: 'LIM', destino: 'AQP', fecha: tomorrow, cusuario: 1, coficina_venta: 577 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'trip.channel' });
  });

  it.each([
    [{ origen: 'LIM', destino: 'LIM', fecha: tomorrow }, 'trip.destino.same', 'destino', 'El origen y el destino deben ser distintos'],
    [{ origen: 'LIM', destino: 'AQP', fecha: addDays(limaToday(), -1) }, 'trip.fecha.past', 'fecha', 'La fecha de viaje no puede ser anterior a hoy'],
    [{ origen: 'LIM', destino: 'AQP', fecha: addDays(limaToday(), 61) }, 'trip.fecha.far', 'fecha', 'Solo vendemos pasajes para los próximos 60 días'],
    [{ origen: 'lima', destino: 'AQP', fecha: tomorrow }, 'trip.origen.required', 'origen', 'Seleccione el origen'],
  ])('refuses %j with a 400 and a clear message', async (body, code, field, message) => {
    const res = await post('/rest/viaje', { ...channel, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code, field, message });
  });

  it('answers the errors in English for an English caller', async () => {
    const res = await post('/rest/viaje', { ...channel, origen: 'LIM', destino: 'LIM', fecha: tomorrow }, 'en-EN');
    expect(res.json().message).toBe('Origin and destination must be different');
  });
});

describe("today's departures", () => {
  it('are not on sale within 30 minutes of leaving', async () => {
    const [trip] = await search({ origen: 'LIM', destino: 'ICA', fecha: tomorrow });
    // Ask as if it were 20 minutes before tomorrow's first departure.
    const departure = new Date(trip!.fecha_salida);
    const late = await createTestApp(api.db, { now: () => new Date(departure.getTime() - 20 * 60_000) });
    try {
      const res = await late.inject({ method: 'POST', url: '/rest/viaje', payload: { ...channel, origen: 'LIM', destino: 'ICA', fecha: tomorrow } });
      const ids = res.json().data.map((t: Trip) => t.cviaje);
      expect(ids).not.toContain(trip!.cviaje);
      expect(ids.length).toBeGreaterThan(0);
    } finally {
      await late.close();
    }
  });
});

describe('POST /rest/viaje/escalas', () => {
  it('lists the stops in road order with the time the bus gets there', async () => {
    const [trip] = await search({ origen: 'LIM', destino: 'AQP', fecha: tomorrow });
    const res = await post('/rest/viaje/escalas', { cviaje: trip!.cviaje });
    expect(res.statusCode).toBe(200);
    const stops = res.json().data;
    expect(stops.map((s: { ciudad: string }) => s.ciudad)).toEqual(['Paracas', 'Ica', 'Nasca']);
    const times = stops.map((s: { llegada: string }) => new Date(s.llegada).getTime());
    expect(times[0]).toBeGreaterThan(new Date(trip!.fecha_salida).getTime());
    expect([...times].sort()).toEqual(times);
    expect(times.at(-1)).toBeLessThan(new Date(trip!.fecha_llegada).getTime());
  });

  it('answers an empty list for a trip without stops, and a 400 for a bad id', async () => {
    const [trip] = (await search({ origen: 'AQP', destino: 'MQG', fecha: tomorrow })).filter((t) => t.ruta_origen.codigo === 'AQP');
    expect((await post('/rest/viaje/escalas', { cviaje: trip!.cviaje })).json().data).toEqual([]);
    expect((await post('/rest/viaje/escalas', { cviaje: 'x' })).statusCode).toBe(400);
  });
});

describe('the fleet', () => {
  it('has one- and two-deck layouts with unique seat numbers and all three classes', () => {
    expect(LAYOUTS.map((layout) => layout.decks.length).sort()).toEqual([1, 2, 2]);
    const classes = new Set<number>();
    for (const layout of LAYOUTS) {
      const seats = layoutCells(layout).filter((cell) => cell.nasiento !== null);
      expect(new Set(seats.map((seat) => seat.nasiento)).size).toBe(seats.length);
      seats.forEach((seat) => classes.add(seat.gcategoria_asiento!));
    }
    expect([...classes].sort()).toEqual([140, 160, 180]);
  });
});

describe('POST /rest/viaje/calendario (issue 48: the fare calendar)', () => {
  const calendar = async (body: object) => {
    const res = await post('/rest/viaje/calendario', { ...channel, ...body });
    expect(res.statusCode).toBe(200);
    return res.json().data as FareDay[];
  };

  it("gives each day around the one searched the lowest 'from' price of the search that day, and its departures with a seat", async () => {
    const day = addDays(limaToday(), 10);
    const days = await calendar({ origen: 'LIM', destino: 'AQP', fecha: day });
    expect(days.map((d) => d.fecha)).toEqual(Array.from({ length: 15 }, (_, i) => addDays(day, i - 7)));
    for (const entry of days) {
      const withSeats = (await search({ origen: 'LIM', destino: 'AQP', fecha: entry.fecha })).filter((trip) => trip.asientos_libres > 0);
      const prices = withSeats.map((trip) => fromPrice(trip)).filter((price): price is number => price !== undefined);
      expect(entry).toEqual({ fecha: entry.fecha, desde: prices.length ? Math.min(...prices) : null, viajes: prices.length });
    }
    expect(days.every((d) => d.viajes > 0 && d.desde !== null)).toBe(true);
  });

  it('starts no earlier than today and ends with the sales window', async () => {
    const today = limaToday();
    expect((await calendar({ origen: 'LIM', destino: 'AQP', fecha: addDays(today, 2) })).map((d) => d.fecha)[0]).toBe(today);
    const end = addDays(today, SALES_WINDOW_DAYS);
    expect((await calendar({ origen: 'LIM', destino: 'AQP', fecha: addDays(end, -1) })).at(-1)!.fecha).toBe(end);
  });

  it('is answered from one query, whatever the number of days (no query per day)', async () => {
    let queries = 0;
    const counted = new Proxy(api.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: Parameters<typeof target.execute>[0]) => {
          queries += 1;
          return target.execute(query);
        };
      },
    });
    const day = addDays(limaToday(), 20);
    // The network (terminals and routes) is read once per process and database handle: read it first.
    await fareCalendar(counted, { origen: 'LIM', destino: 'AQP' }, day, day, new Date());
    queries = 0;
    const days = await fareCalendar(counted, { origen: 'LIM', destino: 'AQP' }, addDays(day, -7), addDays(day, 7), new Date());
    expect(days).toHaveLength(15);
    expect(queries).toBe(1);
  });

  it('refuses what the search refuses, in the caller\'s language', async () => {
    const res = await post('/rest/viaje/calendario', { ...channel, origen: 'LIM', destino: 'AQP', fecha: addDays(limaToday(), -1) }, 'en-EN');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'trip.fecha.past' });
  });
});
