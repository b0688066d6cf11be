import { earlyBody } from '@rumbo/shared/early';
import { archivePurchase, writeReservation } from './reservation';
import { EARLY_REQUESTS, RESERVATION_ROUTE } from './early-requests';
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

const early = (codigo: string) => earlyBody(EARLY_REQUESTS[RESERVATION_ROUTE]!, `/pasajes/reserva/${codigo}`);

beforeEach(() => sessionStorage.clear());

describe("the reservation page's first request, from its HTML", () => {
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
