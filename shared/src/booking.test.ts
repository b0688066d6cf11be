import { ApiClient } from './api';
import { endGuestPurchase, heldSeats, type HeldSeat } from './booking';
import { STORAGE_KEYS } from './storage';
import { json, setUpShared, stubRest } from './testing';

const seat = (nasiento: number): HeldSeat => ({
  cviaje: 7,
  cviaje_asiento: 700 + nasiento,
  cterminal_origen: 41,
  cterminal_destino: 11,
  nasiento,
  gnivel_piso: 16,
  gcategoria_asiento: 160,
  clave_bloqueo: '3b241101-e2bb-4255-8caf-4136c566a962',
  expira: '2026-11-22T10:10:00Z',
  precio: 100,
});

const api = new ApiClient({ token: () => undefined, language: () => 'es-PE' });

beforeEach(async () => {
  await setUpShared();
  sessionStorage.clear();
});

describe('the logo’s logout helper (endGuestPurchase)', () => {
  it('releases every held seat with state 83 and the purchase key, then clears ASIENTOS and CRESERVA', async () => {
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([seat(12), seat(13)]));
    sessionStorage.setItem(STORAGE_KEYS.booking, JSON.stringify({ any: 'booking' }));
    const requests = stubRest(() => json(200, { data: {} }));

    await endGuestPurchase(api);

    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/rest/asiento/bloquear', '/rest/asiento/bloquear']);
    const bodies = await Promise.all(requests.map((r) => r.json()));
    expect(bodies.map((b) => b.nasiento).sort()).toEqual([12, 13]);
    for (const body of bodies) {
      expect(body).toMatchObject({ gestado_asiento: 83, susuario: 'TVIRT', cusuario: 50005, clave_bloqueo: seat(1).clave_bloqueo, cviaje: 7 });
    }
    expect(heldSeats()).toEqual([]);
    expect(sessionStorage.getItem(STORAGE_KEYS.booking)).toBeNull();
  });

  it('clears the selection even when a release fails (the hold then simply expires)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([seat(1), seat(2)]));
    let calls = 0;
    stubRest(() => (++calls === 1 ? json(409, { code: 'seat.notHeld', message: 'x' }) : json(200, { data: {} })));
    await expect(endGuestPurchase(api)).resolves.toBeUndefined();
    expect(calls).toBe(2);
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();
  });

  it('does nothing but clear when no seat is held', async () => {
    const requests = stubRest(() => json(200, { data: {} }));
    await endGuestPurchase(api);
    expect(requests).toHaveLength(0);
  });
});
