import { salesEndpoints } from '@rumbo/shared/contract';
import { RESERVATION_LOOKUP_PATH, reservationRequest } from './frame-fill';
import { archivePurchase, writeReservation } from './reservation';
import { ReservationStore } from './reservation/reservation.store';
import type * as sales from './sales.resource';
import { trip } from './testing/fixtures';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const SEARCH = { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 };

/** The body the reservation page sends first for `codigo` (`ReservationStore.load`). */
async function pageSends(codigo: string): Promise<Record<string, string> | undefined> {
  const lookUpReservation = jest.fn(async () => undefined);
  // The travel credit the page reads beside it (issue 35) is not the first request: none to offer.
  const noCredit = jest.fn(async () => undefined);
  // Nor are the Culqi methods it reads beside it (issue 46): none configured.
  const noCulqi = jest.fn(async () => undefined);
  const store = new ReservationStore(codigo, { api: { lookUpReservation, fetchPurchaseCredit: noCredit, fetchMyCredit: noCredit, culqiMethods: noCulqi } as unknown as typeof sales, storage: sessionStorage });
  await store.load();
  const [call] = lookUpReservation.mock.calls as unknown as [string, string][];
  return call && { codigo: call[0], clave_bloqueo: call[1] };
}

const early = (codigo: string) => reservationRequest(`/pasajes/reserva/${codigo}`)?.body;

beforeEach(() => sessionStorage.clear());

describe("the reservation page's first request, started by its client part (frame-fill.js) before its code", () => {
  it("is the contract's reservation lookup", () => {
    expect(RESERVATION_LOOKUP_PATH).toBe(salesEndpoints.reservation.path);
    expect(salesEndpoints.reservation.method).toBe('POST');
  });

  it('is none for what the page would not ask: another address, a code outside the alphabet, a key that is not one', () => {
    const key = 'k'.repeat(20);
    sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ ABCDEFGH: key, BADKEYXX: 'short', ABCDEFG0: key }));
    expect(early('ABCDEFGH')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: key });
    expect(early('ABCDEFGH/')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: key });
    expect(early('ABCDEFGH/x')).toBeUndefined();
    expect(early('ABCDEFG0')).toBeUndefined();
    expect(early('BADKEYXX')).toBeUndefined();
    expect(early('%E0%A4%A')).toBeUndefined();
    expect(early('')).toBeUndefined();
    expect(reservationRequest('/pasajes/otra/ABCDEFGH')).toBeUndefined();
  });

  it('is the one the page sends: the current purchase, an earlier one of this tab, none for a code this browser does not know', async () => {
    expect(early('ABCDEFGH')).toBeUndefined();
    expect(await pageSends('ABCDEFGH')).toBeUndefined();

    writeReservation({ search: SEARCH, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: 'ABCDEFGH' });
    expect(early('abcdefgh')).toEqual(await pageSends('abcdefgh'));
    expect(early('ABCDEFGH')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: KEY });

    // A new purchase: the reserved one is kept among the known ones.
    archivePurchase();
    writeReservation({ search: SEARCH, ida: trip(), tramo: 'ida', clave_bloqueo: `${KEY}-2`, codigo: 'HGFEDCBA' });
    expect(early('ABCDEFGH')).toEqual(await pageSends('ABCDEFGH'));
    expect(early('ABCDEFGH')).toEqual({ codigo: 'ABCDEFGH', clave_bloqueo: KEY });
    expect(early('HGFEDCBA')).toEqual(await pageSends('HGFEDCBA'));
    expect(early('ZZZZZZZZ')).toBeUndefined();
    expect(await pageSends('ZZZZZZZZ')).toBeUndefined();
  });
});
