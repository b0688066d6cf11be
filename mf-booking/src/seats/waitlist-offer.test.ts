import { trip } from '../testing/fixtures';
import { offerPurchase, waitlistPlaceOf } from './waitlist-offer';

const TOKEN = '0123456789abcdef0123456789abcdef';
const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';

describe("a waitlist offer's link (issue 48)", () => {
  it('reads the place and its token from the address, nothing else', () => {
    expect(waitlistPlaceOf(`?espera=12&token=${TOKEN}`)).toEqual({ cespera: 12, token: TOKEN });
    expect(waitlistPlaceOf('?espera=12')).toBeUndefined();
    expect(waitlistPlaceOf(`?espera=x&token=${TOKEN}`)).toBeUndefined();
    expect(waitlistPlaceOf('?espera=12&token=zz')).toBeUndefined();
  });

  it("makes the held seats this tab's purchase: step 1's search, the trip, and the holds under the offer's key", () => {
    const offer = {
      origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', cviaje: 100, cterminal_origen: 1, cterminal_destino: 3,
      expira: '2026-11-22T15:15:00.000Z', clave_bloqueo: KEY,
      asientos: [{ cviaje_asiento: 501, nasiento: 7, gnivel_piso: 15, gcategoria_asiento: 160, precio: 90 }],
    };
    expect(offerPurchase(offer, [trip({ cviaje: 99 })])).toBeUndefined();
    const purchase = offerPurchase(offer, [trip({ cviaje: 99 }), trip()]);
    expect(purchase?.reservation).toEqual({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY });
    expect(purchase?.held).toEqual([
      { cviaje: 100, cterminal_origen: 1, cterminal_destino: 3, cviaje_asiento: 501, nasiento: 7, gnivel_piso: 15, gcategoria_asiento: 160, precio: 90, clave_bloqueo: KEY, expira: '2026-11-22T15:15:00.000Z' },
    ]);
  });
});
