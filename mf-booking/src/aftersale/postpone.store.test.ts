import { endpoints } from '@rumbo/shared/contract';
import { STORAGE_KEYS, setClock } from '@rumbo/shared';
import { answer, json, stubEndpointCalls, type EndpointStub } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { heldSeats, purchaseKeyOf, readReservation, rememberPurchase, scopedStorage } from '../reservation';
import { RESERVATION_CODE, TWO_DECKS, held, holdResult, postponableTicket, ticket, trip } from '../testing/fixtures';
import { POSTPONE_STORAGE_PREFIX, PostponeStore } from './postpone.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NEW_KEY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NUMERO = `${RESERVATION_CODE}-1`;
const NOW = new Date('2026-11-22T15:00:00.000Z');
const NEXT_DAY = trip({ cviaje: 300, fecha_salida: '2026-11-29T01:30:00.000Z', fecha_llegada: '2026-11-29T16:00:00.000Z' });

const info = postponableTicket;

const hold = (_request: Request, body: Record<string, unknown>) => holdResult(body, { precio: 150, newKey: NEW_KEY });

function api(...extra: EndpointStub[]) {
  return stubEndpointCalls(
    ...extra,
    answer(endpoints.postponableTicket, info()),
    answer(endpoints.trips, [NEXT_DAY]),
    answer(endpoints.seatMap, { asientos: TWO_DECKS, especiales: [] }),
    answer(endpoints.seatHold, hold),
  );
}

const make = (navigate = jest.fn()) => new PostponeStore(NUMERO, { signedIn: () => false, navigate });

// The page, its trip search and the search form's schema all read the one clock, pinned here.
let restoreClock: () => void;
beforeEach(() => {
  restoreClock = setClock(NOW);
});
afterEach(() => restoreClock());

async function toSeat(store: PostponeStore) {
  await store.load();
  expect(await store.showTrips()).toBe(true);
  await store.chooseTrip(NEXT_DAY);
  const seat = store.seats!.seats.find((one) => one.nasiento === 5)!;
  await store.seats!.toggle(seat);
}

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
  rememberPurchase(RESERVATION_CODE, KEY);
});

describe('postpone store', () => {
  it('reads the ticket with the purchase key and proposes the day after its departure', async () => {
    const calls = api();
    const store = make();
    await store.load();
    expect(calls.to(endpoints.postponableTicket)).toEqual([{ numero: NUMERO, codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
    expect(store.state).toBe('ready');
    expect(store.fecha).toBe('2026-11-28');
  });

  it('searches the same route on the chosen day, holds a seat under a new key, and shows the new ticket when nothing is owed', async () => {
    const issued = ticket({ numero: `${RESERVATION_CODE}-2`, cviaje: 300, salida: NEXT_DAY.fecha_salida });
    const calls = api(answer(endpoints.postpone, { estado: 'emitido', diferencia_centimos: 0, codigo: RESERVATION_CODE, boleto: issued }));
    const store = make();
    await toSeat(store);
    expect(calls.to(endpoints.trips)).toEqual([expect.objectContaining({ origen: 'LIM', destino: 'AQP', fecha: '2026-11-28' })]);
    // the first hold carries no key: the server gives the postponement a new one
    expect(calls.to(endpoints.seatHold)[0]).not.toHaveProperty('clave_bloqueo');
    expect(store.chosen).toMatchObject({ nasiento: 5, clave_bloqueo: NEW_KEY });
    // the booking in progress of the tab is untouched
    expect(purchaseKeyOf(RESERVATION_CODE)).toBe(KEY);
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();

    expect(await store.confirm()).toBe(true);
    expect(calls.to(endpoints.postpone)).toEqual([
      { numero: NUMERO, codigo: RESERVATION_CODE, clave_bloqueo: KEY, clave_nueva: NEW_KEY, cviaje_asiento: 5005 },
    ]);
    expect(store.step).toBe('done');
    expect(store.issued?.numero).toBe(`${RESERVATION_CODE}-2`);
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith(POSTPONE_STORAGE_PREFIX))).toEqual([]);
  });

  it('a fare difference: the new key opens the reservation page of the returned code', async () => {
    api(
      answer(endpoints.postpone, { estado: 'pendiente', diferencia_centimos: 2000, codigo: 'WXYZ6789', expira: '2026-11-22T15:30:00.000Z' }),
    );
    const navigate = jest.fn();
    const store = make(navigate);
    await toSeat(store);
    expect(await store.confirm()).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/pasajes/reserva/WXYZ6789');
    expect(purchaseKeyOf('WXYZ6789')).toBe(NEW_KEY);
    expect(readReservation()?.codigo).toBe('WXYZ6789');
    // the original purchase stays reachable from this tab (its other tickets, the void one)
    expect(purchaseKeyOf(RESERVATION_CODE)).toBe(KEY);
  });

  it('explains a refusal: too late to postpone (no trip search is offered), or the seat no longer held', async () => {
    api(answer(endpoints.postponableTicket, info({ postergable: false, motivo: 'postpone.tooLate' })));
    const late = make();
    await late.load();
    expect(late.info?.motivo).toBe('postpone.tooLate');
    expect(await late.showTrips()).toBe(false);

    const calls = api(answer(endpoints.postpone, json(409, { message: 'El asiento ya no está reservado', code: 'postpone.seatNotHeld' })));
    const store = make();
    await toSeat(store);
    expect(await store.confirm()).toBe(false);
    expect(store.problem).toMatchObject({ key: 'validation:postpone.seatNotHeld' });
    expect(store.step).toBe('seat');
    expect(calls.to(endpoints.seatMap).length).toBeGreaterThan(1);
  });

  it('a date outside the sales window is refused in the browser', async () => {
    const calls = api();
    const store = make();
    await store.load();
    store.setFecha('2026-11-01');
    expect(await store.showTrips()).toBe(false);
    expect(store.fechaError).toEqual({ field: 'fecha', key: 'validation:trip.fecha.past' });
    expect(calls.to(endpoints.trips)).toEqual([]);
  });

  it('a reload sends the release of the seat held before while it is still listed, then clears the list (spec §4)', async () => {
    api();
    await toSeat(make());
    const own = scopedStorage(POSTPONE_STORAGE_PREFIX);
    expect(heldSeats(own).map((seat) => seat.nasiento)).toEqual([5]);
    const listedWhenSent: number[][] = [];
    const releaseSeat = jest.fn(async () => void listedWhenSent.push(heldSeats(own).map((seat) => seat.nasiento)));
    const again = new PostponeStore(NUMERO, { signedIn: () => false, navigate: jest.fn(), releaseSeat });
    await again.load();
    expect(releaseSeat).toHaveBeenCalledWith(expect.objectContaining({ nasiento: 5 }), NEW_KEY);
    expect(listedWhenSent).toEqual([[5]]);
    expect(heldSeats(own)).toEqual([]);
  });

  it("a fare difference opens its reservation after releasing the seats the tab's booking in progress held (spec §4)", async () => {
    const OLD_KEY = '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a';
    const calls = api(answer(endpoints.postpone, { estado: 'pendiente', diferencia_centimos: 2000, codigo: 'WXYZ6789', expira: '2026-11-22T15:30:00.000Z' }));
    const store = make();
    await toSeat(store);
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(7, { clave_bloqueo: OLD_KEY })]));
    expect(await store.confirm()).toBe(true);
    expect(calls.to(endpoints.seatHold).filter((body) => body.gestado_asiento === 83)).toEqual([expect.objectContaining({ nasiento: 7, clave_bloqueo: OLD_KEY })]);
    expect(heldSeats()).toEqual([]);
    expect(purchaseKeyOf('WXYZ6789')).toBe(NEW_KEY);
  });

  it('a reload releases the seat held before', async () => {
    const calls = api();
    const first = make();
    await toSeat(first);
    const again = make();
    await again.load();
    const released = calls.to(endpoints.seatHold).filter((body) => body.gestado_asiento === 83);
    expect(released).toEqual([expect.objectContaining({ nasiento: 5, clave_bloqueo: NEW_KEY })]);
  });
});
