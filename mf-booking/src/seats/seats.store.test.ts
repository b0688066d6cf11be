import { ApiError, STORAGE_KEYS, heldSeats } from '@rumbo/shared';
import { endpoints } from '@rumbo/shared/contract';
import { answer, json, stubEndpoints, type StubAnswer } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { waitFor } from '@testing-library/react';
import { startNewPurchase, writeReservation } from '../reservation';
import { TWO_DECKS, held, holdResult, trip } from '../testing/fixtures';
import { SeatsStore } from './seats.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NOW = Date.parse('2026-11-22T15:00:00.000Z');
const EXPIRA = '2026-11-22T15:10:00.000Z';

type HoldAnswer = StubAnswer<typeof endpoints.seatHold>;

/** The API of the seat map: `hold` answers each `/rest/asiento/bloquear`. */
function api(hold: (body: Record<string, unknown>) => HoldAnswer = (body) => holdAnswer(body)) {
  const holds: Record<string, unknown>[] = [];
  let maps = 0;
  const requests = stubEndpoints(
    answer(endpoints.seatMap, () => {
      maps += 1;
      return { asientos: TWO_DECKS, especiales: [] };
    }),
    answer(endpoints.seatHold, (_request, body) => {
      holds.push(body);
      return hold(body);
    }),
  );
  return { holds, requests, maps: () => maps };
}

/** The server's answer to a hold or a release of a seat of TWO_DECKS (seat 4 at its promotional price). */
function holdAnswer(body: Record<string, unknown>): HoldAnswer {
  return holdResult(body, { expira: EXPIRA, precio: body.nasiento === 4 ? 72 : 90 });
}

async function loaded(pasajeros = 2, now = NOW) {
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros }, ida: trip(), tramo: 'ida' });
  let clock = now;
  const store = new SeatsStore({ now: () => clock });
  await store.load();
  return { store, setClock: (at: number) => (clock = at) };
}

const seatOf = (store: SeatsStore, n: number) => store.seats.find((seat) => seat.nasiento === n)!;

beforeAll(() => setUpBooking('es-PE'));
beforeEach(() => sessionStorage.clear());

describe('SeatsStore', () => {
  it('loads the map of the chosen trip with the spec body', async () => {
    const { requests } = api();
    const { store } = await loaded();
    expect(store.state).toBe('ready');
    expect(store.decks.map((deck) => deck.gnivel_piso)).toEqual([15, 16]);
    expect(await requests[0]!.json()).toEqual({ cviaje: 100, cterminal_origen: 1, cterminal_destino: 3, susuario: 'TVIRT', cusuario: 50005 });
  });

  it("shows at once the map step 2's loader asked for the trip in its address, then asks the live one", async () => {
    const { maps } = api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida' });
    const asked: unknown[] = [];
    const store = new SeatsStore({
      now: () => NOW,
      loadedSeatMap: (chosen) => (asked.push(chosen), { asientos: TWO_DECKS.filter((cell) => cell.gnivel_piso === 16), especiales: [] }),
    });
    const started = store.start();
    // Before any answer of the API: the loader's map.
    expect(store.state).toBe('ready');
    expect(store.decks.map((deck) => deck.gnivel_piso)).toEqual([16]);
    expect(asked).toEqual([expect.objectContaining({ cviaje: 100, cterminal_origen: 1, cterminal_destino: 3 })]);
    await started;
    expect(maps()).toBe(1);
    expect(store.decks.map((deck) => deck.gnivel_piso)).toEqual([15, 16]);
  });

  it('says there is no trip when CRESERVA holds none', async () => {
    api();
    const store = new SeatsStore();
    await store.load();
    expect(store.state).toBe('none');
  });

  it('holds a seat (84), keeps it in ASIENTOS with the key, then sends the key back', async () => {
    const { holds } = api();
    const { store } = await loaded();
    await store.toggle(seatOf(store, 1));
    expect(holds[0]).toMatchObject({ nasiento: 1, gestado_asiento: 84, cviaje_asiento: 5001, susuario: 'TVIRT', cusuario: 50005 });
    expect(holds[0]!.clave_bloqueo).toBeUndefined();
    expect(heldSeats()).toEqual([expect.objectContaining({ cviaje: 100, nasiento: 1, clave_bloqueo: KEY, expira: EXPIRA, precio: 90 })]);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.booking)!).clave_bloqueo).toBe(KEY);
    expect(store.seats.find((seat) => seat.nasiento === 1)!.mine).toBe(true);

    await store.toggle(seatOf(store, 4));
    expect(holds[1]).toMatchObject({ nasiento: 4, gestado_asiento: 84, clave_bloqueo: KEY });
    expect(store.total).toBe(162);
  });

  it('releases a held seat (83) on a second click', async () => {
    const { holds } = api();
    const { store } = await loaded();
    await store.toggle(seatOf(store, 1));
    await store.toggle(seatOf(store, 1));
    expect(holds[1]).toMatchObject({ nasiento: 1, gestado_asiento: 83, clave_bloqueo: KEY });
    expect(heldSeats()).toEqual([]);
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();
    expect(store.mine).toEqual([]);
  });

  it('stops at one seat per passenger without asking the server', async () => {
    const { holds } = api();
    const { store } = await loaded(1);
    await store.toggle(seatOf(store, 1));
    await store.toggle(seatOf(store, 5));
    expect(holds).toHaveLength(1);
    expect(store.message).toMatchObject({ key: 'seats.limit', params: { count: 1 } });
    expect(store.canContinue).toBe(true);
  });

  it("shows the server's seat.limit message", async () => {
    api(() => json(409, { message: 'Puede elegir como máximo 5 asientos por compra', code: 'seat.limit' }));
    const { store } = await loaded();
    await store.toggle(seatOf(store, 1));
    expect(store.message).toMatchObject({ tone: 'error', key: 'validation:seat.limit' });
    expect(store.mine).toEqual([]);
  });

  it('a seat someone else took: the message, and the map fetched again', async () => {
    const { maps } = api(() => json(409, { message: 'Alguien acaba de tomar este asiento.', code: 'seat.taken' }));
    const { store } = await loaded();
    expect(maps()).toBe(1);
    await store.toggle(seatOf(store, 5));
    expect(store.message).toMatchObject({ key: 'validation:seat.taken', text: 'Alguien acaba de tomar este asiento.' });
    expect(maps()).toBe(2);
    expect(heldSeats()).toEqual([]);
  });

  it('ignores clicks on taken seats', async () => {
    const { holds } = api();
    const { store } = await loaded();
    await store.toggle(seatOf(store, 2));
    await store.toggle(seatOf(store, 3));
    expect(holds).toEqual([]);
  });

  it('counts the hold down and, when it runs out, releases every seat and tells the customer', async () => {
    const { holds, maps } = api();
    const { store, setClock } = await loaded();
    await store.toggle(seatOf(store, 1));
    await store.toggle(seatOf(store, 6));
    store.tick(NOW + 61_000);
    expect(store.secondsLeft).toBe(539);
    setClock(Date.parse(EXPIRA));
    store.tick(Date.parse(EXPIRA));
    expect(store.message).toMatchObject({ key: 'seats.expired' });
    await waitFor(() => expect(maps()).toBe(2));
    expect(holds.slice(2).map((hold) => [hold.nasiento, hold.gestado_asiento])).toEqual([
      [1, 83],
      [6, 83],
    ]);
    expect(heldSeats()).toEqual([]);
    expect(store.secondsLeft).toBeUndefined();
  });

  it('warns once, 2½ minutes before the holds end, in the live region, and gives more time when asked', async () => {
    api();
    const extensions: unknown[] = [];
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 2 }, ida: trip(), tramo: 'ida' });
    const later = '2026-11-22T15:17:31.000Z'; // ten minutes after the last tick
    const store = new SeatsStore({
      now: () => NOW,
      extendHold: async (clave) => {
        extensions.push(clave);
        return { expira: later, prorrogas_restantes: 1 };
      },
    });
    await store.load();
    await store.toggle(seatOf(store, 1));
    await store.toggle(seatOf(store, 6));
    store.tick(Date.parse(EXPIRA) - 151_000);
    expect(store.timer.warning).toBe(false);
    expect(store.message).toMatchObject({ key: 'seats.held' });
    store.tick(Date.parse(EXPIRA) - 150_000);
    expect(store.timer.warning).toBe(true);
    expect(store.message).toEqual({ tone: 'warning', key: 'hold.warning', params: { count: 3 } });
    // Told once: the next tick does not tell it again.
    const warned = store.message;
    store.tick(Date.parse(EXPIRA) - 149_000);
    expect(store.message).toBe(warned);

    await store.timer.extend();
    expect(extensions).toEqual([KEY]);
    expect(heldSeats().map((seat) => seat.expira)).toEqual([later, later]);
    expect(store.timer.warning).toBe(false);
    expect(store.timer.remaining).toBe(1);
    expect(store.message).toMatchObject({ tone: 'info', key: 'hold.extended', params: { count: 10, remaining: 1 } });
    // The new end is warned of again.
    store.tick(Date.parse(later) - 60_000);
    expect(store.message).toMatchObject({ key: 'hold.warning', params: { count: 1 } });
  });

  it('tells a refused extension and offers no more', async () => {
    api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida' });
    const store = new SeatsStore({
      now: () => NOW,
      extendHold: async () => {
        throw new ApiError(409, 'Ya no podemos darle más tiempo para esta compra: complétela antes de que termine el tiempo.', 'hold.extensionLimit');
      },
    });
    await store.load();
    await store.toggle(seatOf(store, 1));
    await store.timer.extend();
    expect(store.message).toMatchObject({ tone: 'error', key: 'validation:hold.extensionLimit' });
    expect(store.timer.canExtend).toBe(false);
    expect(heldSeats().map((seat) => seat.expira)).toEqual([EXPIRA]);
    store.tick(Date.parse(EXPIRA) - 60_000);
    expect(store.message).toMatchObject({ key: 'hold.warningLast', params: { count: 1 } });
  });

  it('chooses for me: the best free seats together for the passengers, held one by one and told in one message', async () => {
    const { holds } = api();
    const { store } = await loaded(2);
    await store.chooseForMe();
    // Especial 160° has seats 1 and 4 free but far apart; VIP 180° has 5 and 6 in one row.
    expect(holds.map((hold) => [hold.nasiento, hold.gestado_asiento])).toEqual([
      [5, 84],
      [6, 84],
    ]);
    expect(store.mine.map((seat) => seat.nasiento)).toEqual([5, 6]);
    expect(store.message).toEqual({ tone: 'info', key: 'seats.chosenForYou', params: { count: 2, seats: '5, 6', piso: 1 } });
    expect(store.deck).toBe(15);
    // Nobody left without a seat: nothing more to choose.
    await store.chooseForMe();
    expect(holds).toHaveLength(2);
    expect(store.message).toMatchObject({ key: 'seats.limit' });
  });

  it('chooses within the class of the filter, and says so when it cannot', async () => {
    const { holds } = api();
    const { store } = await loaded(3);
    store.list.setFilter('clase', '160');
    await store.chooseForMe();
    expect(holds).toEqual([]);
    expect(store.message).toEqual({ tone: 'error', key: 'seats.chooseNoneClass', params: { count: 3 } });
    store.list.setFilter('clase', '');
    store.list.setView('list');
    expect(store.list.listed.map((cell) => cell.seat.nasiento)).toEqual([5, 6, 1, 4]);
    store.list.setFilter('piso', '16');
    expect(store.list.listed.map((cell) => cell.seat.nasiento)).toEqual([1, 4]);
    store.list.setFilter('posicion', 'aisle');
    expect(store.list.listed.map((cell) => [cell.seat.nasiento, cell.position])).toEqual([]);
    store.list.setFilter('piso', '');
    store.list.setFilter('posicion', 'window');
    expect(store.list.listed.map((cell) => cell.seat.nasiento)).toEqual([5, 6, 1, 4]);
  });

  it('keeps the held seats over a reload (they come from ASIENTOS)', async () => {
    api();
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(2)]));
    const { store } = await loaded();
    const two = seatOf(store, 2);
    expect(two.mine).toBe(true);
    expect(two.cviaje_asiento).toBe(9002);
    expect(store.total).toBe(90);
  });

  it('continues to the return list on a round trip, else to payment', async () => {
    api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', regreso: '2026-11-30', pasajeros: 1 }, ida: trip(), tramo: 'ida' });
    const store = new SeatsStore({ now: () => NOW });
    await store.load();
    expect(store.continueUrl).toBe('/pasajes?origen=LIM&destino=AQP&fecha=2026-11-27&regreso=2026-11-30&pasajeros=1&tramo=vuelta');
    const { store: oneWay } = await loaded();
    expect(oneWay.continueUrl).toBe('/pasajes/pago');
  });

  it('a network failure on a hold says so and keeps nothing', async () => {
    stubEndpoints(
      answer(endpoints.seatMap, { asientos: TWO_DECKS, especiales: [] }),
      answer(endpoints.seatHold, () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { store } = await loaded();
    await store.toggle(seatOf(store, 1));
    expect(store.message).toMatchObject({ key: 'seats.network' });
    expect(heldSeats()).toEqual([]);
  });

  it('a seat released after a reload shows available at once (the server has it at 83)', async () => {
    const { holds, maps } = api();
    // After a reload the server's map has this browser's hold at 84; ASIENTOS makes it "selected".
    const heldTwo = held(2);
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([heldTwo]));
    const { store } = await loaded();
    expect(seatOf(store, 2).mine).toBe(true);
    await store.release(2);
    expect(holds[0]).toMatchObject({ nasiento: 2, gestado_asiento: 83 });
    expect(store.message).toMatchObject({ key: 'seats.released' });
    expect(seatOf(store, 2).mine).toBe(false);
    expect(seatOf(store, 2).gestado_asiento).toBe(83);
    expect(seatOf(store, 2).cviaje_asiento).toBe(heldTwo.cviaje_asiento);
    expect(maps()).toBe(1);
    await store.toggle(seatOf(store, 2));
    expect(holds[1]).toMatchObject({ nasiento: 2, gestado_asiento: 84 });
  });

  it('a purchase already reserved is not changed: no seat is held, the page leads to its payment', async () => {
    const { holds } = api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: 'ABCD2345' });
    const store = new SeatsStore({ now: () => NOW });
    await store.load();
    expect(store.reservedCode).toBe('ABCD2345');
    expect(store.state).toBe('reserved');
    // even a seat button reached some other way holds nothing under the reserved purchase
    store.map = { asientos: TWO_DECKS, especiales: [] };
    await store.toggle({ ...seatOf(store, 1) });
    expect(holds).toEqual([]);
    expect(heldSeats()).toEqual([]);
  });

  it('"start a new purchase" keeps the reserved code reachable, drops its key and releases what this tab held', async () => {
    const { holds } = api();
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: 'ABCD2345' });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(2, { clave_bloqueo: KEY })]));
    const store = new SeatsStore({ now: () => NOW });
    await store.load();
    await store.startNewPurchase();
    expect(holds).toEqual([expect.objectContaining({ nasiento: 2, gestado_asiento: 83, clave_bloqueo: KEY })]);
    expect(JSON.parse(sessionStorage.getItem('CRESERVA_ANTERIORES')!)).toEqual({ ABCD2345: KEY });
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.booking)!);
    expect(stored.codigo).toBeUndefined();
    expect(stored.clave_bloqueo).toBeUndefined();
    expect(stored.ida.cviaje).toBe(100);
    expect(heldSeats()).toEqual([]);
    expect(store.state).toBe('ready');
    await store.toggle(seatOf(store, 1));
    expect(holds[1]).toMatchObject({ nasiento: 1, gestado_asiento: 84 });
    expect(holds[1]!.clave_bloqueo).toBeUndefined();
  });
});

describe('releasing seats (spec §4: sends state 83 for every held seat, then clears the list)', () => {
  it('"start a new purchase" sends every release while ASIENTOS still lists the seats, then clears them', async () => {
    writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: 'ABCD2345' });
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(2, { clave_bloqueo: KEY }), held(3, { clave_bloqueo: KEY })]));
    const listedWhenSent: number[][] = [];
    await startNewPurchase(async () => void listedWhenSent.push(heldSeats().map((seat) => seat.nasiento)));
    expect(listedWhenSent).toEqual([
      [2, 3],
      [2, 3],
    ]);
    expect(heldSeats()).toEqual([]);
  });
});
