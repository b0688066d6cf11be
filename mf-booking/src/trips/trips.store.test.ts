import { STORAGE_KEYS, heldSeats } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import type { SeatHoldResult, Trip } from '@rumbo/shared/schemas';
import { answer, stubEndpoints } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { purchaseKeyOf, readReservation, writeReservation } from '../reservation';
import { held, trip } from '../testing/fixtures';
import { TripsStore } from './trips.store';

/** 22 Nov 2026, 10:00 in Lima. */
const NOW = new Date('2026-11-22T15:00:00Z');
const SEARCH = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', regreso: '2026-11-30', pasajeros: 2 };

const EARLY_DEAR = trip({ cviaje: 1, fecha_salida: '2026-11-27T12:00:00Z', nprecio_desde: 120, edd_calc_160_p2: null, edd_calc_180_p1: 120 });
const LATE_CHEAP = trip({ cviaje: 2, fecha_salida: '2026-11-28T02:00:00Z', nprecio_desde: null, edd_calc_140_p2: 60, edd_calc_160_p2: null, edd_calc_180_p1: null });
const MIDDAY = trip({ cviaje: 3, fecha_salida: '2026-11-27T17:00:00Z', nprecio_desde: 80 });

/** The release of a seat held on another trip, as `/rest/asiento/bloquear` answers it. */
const RELEASED: SeatHoldResult = {
  cviaje: 99,
  cviaje_asiento: held(7).cviaje_asiento,
  nasiento: 7,
  gnivel_piso: 16,
  gcategoria_asiento: 160,
  gestado_asiento: 83,
  expira: null,
  clave_bloqueo: held(7).clave_bloqueo,
  precio: 90,
};

function api(trips: Trip[] | 'fail' = [EARLY_DEAR, LATE_CHEAP, MIDDAY]) {
  return stubEndpoints(
    answer(endpoints.trips, () => (trips === 'fail' ? Promise.reject(new TypeError('Failed to fetch')) : trips)),
    answer(endpoints.tripStops, [{ orden: 1, cciudad: 9, ciudad: 'Nasca', llegada: '2026-11-27T20:00:00Z' }]),
    answer(endpoints.seatHold, RELEASED),
  );
}

beforeAll(() => setUpBooking('es-PE'));
beforeEach(() => sessionStorage.clear());

describe('TripsStore', () => {
  it("shows the trips the server's loader asked for the address's leg at once, then the live ones; an equal or failed refresh keeps them", async () => {
    const LOADED = [EARLY_DEAR];
    const loadedFor = (query: { origen: string; destino: string; fecha: string }) => (query.destino === 'AQP' ? LOADED : undefined);
    api([LATE_CHEAP]);
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW, loadedTrips: loadedFor });
    const loading = store.load();
    // Before the API answers: the loader's trips, ready.
    expect(store.state).toBe('ready');
    expect(store.trips.map((t) => t.cviaje)).toEqual([1]);
    await loading;
    expect(store.trips.map((t) => t.cviaje)).toEqual([2]);

    // The same answer: the list shown is kept (not drawn again).
    api([EARLY_DEAR]);
    const same = new TripsStore(SEARCH, 'ida', { now: () => NOW, loadedTrips: loadedFor });
    await same.load();
    expect(same.trips).toBe(LOADED);

    api('fail');
    const kept = new TripsStore(SEARCH, 'ida', { now: () => NOW, loadedTrips: loadedFor });
    await kept.load();
    expect(kept.state).toBe('ready');
    expect(kept.trips.map((t) => t.cviaje)).toEqual([1]);
  });

  it('searches the day through the web sales channel, sorted by departure', async () => {
    const requests = api();
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    await store.load();
    expect(await requests[0]!.json()).toEqual({ origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', cusuario: 50005, coficina_venta: 577 });
    expect(store.state).toBe('ready');
    expect(store.visible.map((t) => t.cviaje)).toEqual([1, 3, 2]);
  });

  it('the return leg searches back on the return date', async () => {
    const requests = api();
    const store = new TripsStore(SEARCH, 'vuelta', { now: () => NOW });
    await store.load();
    expect(await requests[0]!.json()).toMatchObject({ origen: 'AQP', destino: 'LIM', fecha: '2026-11-30' });
  });

  it('sorts by the "from" price and filters by seat class', async () => {
    api();
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    await store.load();
    store.setSort('precio');
    expect(store.visible.map((t) => t.cviaje)).toEqual([2, 3, 1]);
    expect(store.classes).toEqual([140, 160, 180]);
    store.setClase(180);
    expect(store.visible.map((t) => t.cviaje)).toEqual([3, 1]);
    store.setClase(140);
    expect(store.visible.map((t) => t.cviaje)).toEqual([2]);
  });

  it('a failed search is "failed" (the page offers a retry), an empty one is ready and empty', async () => {
    api('fail');
    const failing = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    await failing.load();
    expect(failing.state).toBe('failed');
    api([]);
    await failing.load();
    expect(failing.state).toBe('ready');
    expect(failing.trips).toEqual([]);
  });

  it('moves a day back or forward inside the sales window only', () => {
    const store = new TripsStore({ ...SEARCH, fecha: '2026-11-22', regreso: undefined }, 'ida', { now: () => NOW });
    expect(store.dayUrl(-1)).toBeUndefined();
    expect(store.dayUrl(1)).toBe('/pasajes?origen=LIM&destino=AQP&fecha=2026-11-23&pasajeros=2');
    expect(new TripsStore({ ...SEARCH, fecha: '2027-01-21' }, 'ida', { now: () => NOW }).dayUrl(1)).toBeUndefined();
    // the return date follows a later outbound date
    expect(new TripsStore({ ...SEARCH, fecha: '2026-11-30' }, 'ida', { now: () => NOW }).dayUrl(1)).toBe(
      '/pasajes?origen=LIM&destino=AQP&fecha=2026-12-01&regreso=2026-12-01&pasajeros=2',
    );
    // the return trip never goes before the outbound date
    const back = new TripsStore({ ...SEARCH, regreso: '2026-11-27' }, 'vuelta', { now: () => NOW });
    expect(back.dayUrl(-1)).toBeUndefined();
    expect(back.dayUrl(1)).toBe('/pasajes?origen=LIM&destino=AQP&fecha=2026-11-27&regreso=2026-11-28&pasajeros=2&tramo=vuelta');
  });

  it('fetches the stops on demand and hides them again', async () => {
    const requests = api();
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    await store.toggleStops(3);
    expect(await requests[0]!.json()).toEqual({ cviaje: 3 });
    expect(store.stops.get(3)).toEqual({ state: 'ready', stops: [expect.objectContaining({ ciudad: 'Nasca' })] });
    await store.toggleStops(3);
    expect(store.stops.has(3)).toBe(false);
  });

  it("asks for the stops of the passenger's own stretch of a trip", async () => {
    const requests = api([{ ...MIDDAY, cterminal_origen: 81, cterminal_destino: 11 }]);
    // The fare calendar's request is another test's: none here, so the second request is the stops'.
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW, fareCalendar: async () => undefined });
    await store.load();
    await store.toggleStops(3);
    expect(await requests[1]!.json()).toEqual({ cviaje: 3, cterminal_origen: 81, cterminal_destino: 11 });
  });

  it('keeps the chosen trip in CRESERVA and releases seats held on another trip', async () => {
    const requests = api();
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(7, { cviaje: 99 })]));
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    // Step 2's address names the trip and its stretch: its loader asks the seat map on the server.
    expect(store.choose(MIDDAY)).toBe(`/pasajes/asientos?cviaje=3&cterminal_origen=${MIDDAY.cterminal_origen}&cterminal_destino=${MIDDAY.cterminal_destino}`);
    expect(readReservation()).toEqual({ search: SEARCH, ida: MIDDAY, tramo: 'ida' });
    expect(heldSeats()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await requests[0]!.json()).toMatchObject({ cviaje: 99, nasiento: 7, gestado_asiento: 83, clave_bloqueo: held(7).clave_bloqueo });
  });

  it('on the return leg adds the return trip and keeps the outbound seats', () => {
    api();
    writeReservation({ search: SEARCH, ida: MIDDAY, tramo: 'ida', clave_bloqueo: held(1).clave_bloqueo });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(1, { cviaje: 3 })]));
    const store = new TripsStore(SEARCH, 'vuelta', { now: () => NOW });
    store.choose(LATE_CHEAP);
    expect(readReservation()).toEqual({ search: SEARCH, ida: MIDDAY, vuelta: LATE_CHEAP, tramo: 'vuelta', clave_bloqueo: held(1).clave_bloqueo });
    expect(heldSeats()).toHaveLength(1);
  });
});

describe('trips store after a purchase', () => {
  it('a purchase that became a reservation is not continued: a new choice starts a new key, the old code stays reachable', () => {
    const search = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };
    writeReservation({ search, ida: trip(), tramo: 'ida', clave_bloqueo: 'old-key-0123456789abcdef', codigo: 'ABCD2345' });
    const store = new TripsStore(search, 'ida', { releaseSeat: jest.fn(), storage: sessionStorage });
    store.choose(trip({ cviaje: 300 }));
    const next = readReservation()!;
    expect(next.clave_bloqueo).toBeUndefined();
    expect(next.codigo).toBeUndefined();
    expect(next.ida?.cviaje).toBe(300);
    expect(purchaseKeyOf('ABCD2345')).toBe('old-key-0123456789abcdef');
  });
});

describe('releasing seats (spec §4: sends state 83 for every held seat, then clears the list)', () => {
  it('choosing another trip sends the release of the seats held on the old one before they leave ASIENTOS', () => {
    const search = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };
    writeReservation({ search, ida: trip(), tramo: 'ida', clave_bloqueo: held(1).clave_bloqueo });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(1, { cviaje: 100 })]));
    const listedWhenSent: number[][] = [];
    const releaseSeat = jest.fn(async () => void listedWhenSent.push(heldSeats().map((seat) => seat.nasiento)));
    const store = new TripsStore(search, 'ida', { releaseSeat, storage: sessionStorage });
    store.choose(trip({ cviaje: 300 }));
    expect(releaseSeat).toHaveBeenCalledTimes(1);
    expect(listedWhenSent).toEqual([[1]]);
    expect(heldSeats()).toEqual([]);
  });
});

describe('the fare calendar (issue 48)', () => {
  const DAYS = [
    { fecha: '2026-11-26', desde: 70, viajes: 3 },
    { fecha: '2026-11-27', desde: 80, viajes: 2 },
    { fecha: '2026-11-28', desde: null, viajes: 0 },
  ];

  it("is the loader's from the first render, then asked anew for the leg's day; a failure keeps it", async () => {
    const asked: unknown[] = [];
    const fresh = DAYS.map((day) => (day.fecha === '2026-11-28' ? { ...day, desde: 95, viajes: 1 } : day));
    const store = new TripsStore(SEARCH, 'ida', {
      now: () => NOW,
      loadedFareCalendar: (query) => (query.fecha === '2026-11-27' ? DAYS : undefined),
      fareCalendar: async (query) => {
        asked.push(query);
        return fresh;
      },
    });
    api();
    expect(store.calendar).toEqual(DAYS);
    await store.load();
    expect(asked).toEqual([{ origen: 'LIM', destino: 'AQP', fecha: '2026-11-27' }]);
    expect(store.calendar).toEqual(fresh);
    const failing = new TripsStore(SEARCH, 'ida', { now: () => NOW, loadedFareCalendar: () => DAYS, fareCalendar: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await failing.load();
    expect(failing.calendar).toEqual(DAYS);
  });

  it("links each day to step 1 on that day; the return leg's days before the outbound day link nowhere", () => {
    const store = new TripsStore(SEARCH, 'ida', { now: () => NOW });
    expect(store.dayUrlOf('2026-11-26')).toBe(store.dayUrl(-1));
    expect(store.dayUrlOf('2026-11-21')).toBeUndefined();
    const back = new TripsStore(SEARCH, 'vuelta', { now: () => NOW });
    expect(back.dayUrlOf('2026-11-26')).toBeUndefined();
    expect(back.dayUrlOf('2026-11-29')).toBe(back.dayUrl(-1));
  });
});
