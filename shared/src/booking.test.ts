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

  it('clears ASIENTOS only once the releases are confirmed, retrying a release that failed', async () => {
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([seat(1), seat(2)]));
    let calls = 0;
    let storedDuringFirstCall: string | null = 'unset';
    stubRest(async (request) => {
      const body = await request.clone().json();
      calls += 1;
      if (calls === 1) storedDuringFirstCall = sessionStorage.getItem(STORAGE_KEYS.seats);
      // seat 1: the network fails once, then the release goes through
      if (body.nasiento === 1 && calls <= 2) throw new TypeError('Failed to fetch');
      return json(200, { data: {} });
    });
    await endGuestPurchase(api, sessionStorage, { retryDelayMs: 0 });
    expect(storedDuringFirstCall).not.toBeNull();
    expect(calls).toBe(3);
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();
  });

  it('a seat the server says is no longer held is done with; one never confirmed stays listed (its hold lapses, the next choice of trip releases it)', async () => {
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([seat(1), seat(2)]));
    stubRest(async (request) => {
      const body = await request.clone().json();
      if (body.nasiento === 1) return json(409, { code: 'seat.notHeld', message: 'x' });
      throw new TypeError('Failed to fetch');
    });
    await expect(endGuestPurchase(api, sessionStorage, { retryDelayMs: 0 })).resolves.toBeUndefined();
    expect(heldSeats().map((s) => s.nasiento)).toEqual([2]);
    expect(sessionStorage.getItem(STORAGE_KEYS.booking)).toBeNull();
  });

  it('also releases the postponement’s hold and forgets the purchases this tab knew', async () => {
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([seat(1)]));
    sessionStorage.setItem(`POSTERGAR:${STORAGE_KEYS.seats}`, JSON.stringify([seat(30)]));
    sessionStorage.setItem(`POSTERGAR:${STORAGE_KEYS.booking}`, JSON.stringify({ any: 'postponement' }));
    sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ ABCD2345: 'key' }));
    sessionStorage.setItem('other', 'kept');
    const requests = stubRest(() => json(200, { data: {} }));
    await endGuestPurchase(api, sessionStorage, { retryDelayMs: 0 });
    const bodies = await Promise.all(requests.map((r) => r.json()));
    expect(bodies.map((b) => b.nasiento).sort()).toEqual([1, 30]);
    expect(Object.keys(sessionStorage)).toEqual(['other']);
  });

  it('does nothing but clear when no seat is held', async () => {
    const requests = stubRest(() => json(200, { data: {} }));
    await endGuestPurchase(api);
    expect(requests).toHaveLength(0);
  });
});
