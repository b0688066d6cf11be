import { ApiError, heldSeats } from '@rumbo/shared';
import { setUpBooking } from '../testing/render';
import { readReservation, writeReservation } from '../reservation';
import { TWO_DECKS, held, trip } from '../testing/fixtures';
import { SeatsStore } from './seats.store';
import { offerPurchase } from './waitlist-offer';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const OLD_KEY = '9a9a9a9a-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const TOKEN = '0123456789abcdef0123456789abcdef';
const OFFER = {
  origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', cviaje: 100, cterminal_origen: 1, cterminal_destino: 3,
  expira: '2099-11-22T15:15:00.000Z', clave_bloqueo: KEY,
  asientos: [{ cviaje_asiento: 501, nasiento: 7, gnivel_piso: 15, gcategoria_asiento: 160, precio: 90 }],
};

describe("step 2 opened by a waitlist offer's link (issue 48)", () => {
  beforeEach(async () => {
    sessionStorage.clear();
    await setUpBooking('es-PE');
  });

  it("lets go of what the tab held, keeps the offer's seats as the purchase and shows the map", async () => {
    writeReservation({ search: { origen: 'LIM', destino: 'CUZ', fecha: '2026-11-27', pasajeros: 1 }, ida: trip({ cviaje: 55 }), tramo: 'ida', clave_bloqueo: OLD_KEY });
    sessionStorage.setItem('ASIENTOS', JSON.stringify([held(3, { cviaje: 55, clave_bloqueo: OLD_KEY })]));
    const changeSeat = jest.fn().mockResolvedValue(undefined);
    const store = new SeatsStore({
      fetchOfferPurchase: async (place) => (place.token === TOKEN ? offerPurchase(OFFER, [trip()]) : undefined),
      changeSeat,
      fetchSeatMap: async () => ({ asientos: TWO_DECKS, especiales: [] }),
      loadedSeatMap: () => undefined,
    });
    expect(await store.openOffer({ cespera: 12, token: TOKEN })).toBe(true);
    expect(changeSeat).toHaveBeenCalledWith(expect.objectContaining({ cviaje: 55, nasiento: 3 }), 83, OLD_KEY);
    expect(readReservation()?.clave_bloqueo).toBe(KEY);
    expect(heldSeats().map((seat) => [seat.cviaje, seat.nasiento, seat.clave_bloqueo])).toEqual([[100, 7, KEY]]);
    expect(store.state).toBe('ready');
    expect(store.mine.map((seat) => seat.nasiento)).toEqual([7]);
    expect(store.message).toEqual({ tone: 'info', key: 'seats.offerOpened', params: { count: 1 } });
  });

  it("says why when the offer's window is over, and keeps the tab's purchase", async () => {
    writeReservation({ search: { origen: 'LIM', destino: 'CUZ', fecha: '2026-11-27', pasajeros: 1 }, ida: trip({ cviaje: 55 }), tramo: 'ida', clave_bloqueo: OLD_KEY });
    const store = new SeatsStore({
      fetchOfferPurchase: async () => {
        throw new ApiError(409, 'Los asientos…', 'waitlist.offer.expired');
      },
    });
    expect(await store.openOffer({ cespera: 12, token: TOKEN })).toBe(false);
    expect(store.message).toMatchObject({ tone: 'error', key: 'validation:waitlist.offer.expired' });
    expect(readReservation()?.clave_bloqueo).toBe(OLD_KEY);
  });
});
