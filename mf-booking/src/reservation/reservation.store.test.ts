import { endpoints } from '@rumbo/shared/contract';
import { session } from '@rumbo/shared';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { writeReservation } from '../reservation';
import { RESERVATION_CODE, reservationView, trip } from '../testing/fixtures';
import { ReservationStore } from './reservation.store';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NOW = Date.parse('2026-11-22T15:00:00.000Z');
const EXPIRA = '2026-11-22T15:30:00.000Z';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
  writeReservation({ search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: 1 }, ida: trip(), tramo: 'ida', clave_bloqueo: KEY, codigo: RESERVATION_CODE });
});

describe('reservation store', () => {
  it('counts down to the expiry and reads the reservation again when the time to pay runs out', async () => {
    let current = reservationView({ expira: EXPIRA });
    const api = stubEndpointCalls(answer(endpoints.reservation, () => current));
    const store = new ReservationStore(RESERVATION_CODE.toLowerCase(), { now: () => NOW });
    await store.load();
    expect(store.secondsLeft).toBe(1800);
    store.tick(NOW + 60_000);
    expect(store.secondsLeft).toBe(1740);
    expect(api.to(endpoints.reservation)).toHaveLength(1);

    current = reservationView({ expira: EXPIRA, estado: 'anulada', motivo: 'vencido' });
    store.tick(Date.parse(EXPIRA));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.to(endpoints.reservation)).toHaveLength(2);
    expect(store.view?.estado).toBe('anulada');
    expect(store.secondsLeft).toBeUndefined();
  });

  it('asks for a method before paying, and shows the server refusing a payment', async () => {
    const api = stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.safetyPay, json(409, { message: 'Esta reserva ya está pagada', code: 'sale.reserva.pagada' })),
    );
    const redirect = jest.fn();
    const store = new ReservationStore(RESERVATION_CODE, { redirect });
    await store.load();
    expect(await store.pay()).toBe(false);
    expect(store.methodError).toEqual({ field: 'metodo', key: 'validation:sale.metodo.required' });
    expect(api.to(endpoints.safetyPay)).toEqual([]);

    store.setMethod('banca');
    expect(await store.pay()).toBe(false);
    expect(store.problem).toMatchObject({ key: 'validation:sale.reserva.pagada' });
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a code the API does not know is "unknown", a failed network is "failed"', async () => {
    stubEndpointCalls(answer(endpoints.reservation, json(404, { message: 'No encontramos', code: 'sale.reserva.noEncontrada' })));
    const unknown = new ReservationStore(RESERVATION_CODE);
    await unknown.load();
    expect(unknown.state).toBe('unknown');

    stubEndpointCalls(answer(endpoints.reservation, () => Promise.reject(new TypeError('network'))));
    const failed = new ReservationStore(RESERVATION_CODE);
    await failed.load();
    expect(failed.state).toBe('failed');
  });
});

describe('reservation store: points', () => {
  it('a reservation that points cover entirely is confirmed with /rest/canje/confirmar instead of a payment', async () => {
    let current = reservationView({ total_centimos: 0, puntos_canje: 1500, canje_centimos: 15000 });
    const api = stubEndpointCalls(
      answer(endpoints.reservation, () => current),
      answer(endpoints.pointsConfirm, () => {
        current = reservationView({ estado: 'pagada', total_centimos: 0, puntos_canje: 1500, canje_centimos: 15000 });
        return current;
      }),
    );
    const store = new ReservationStore(RESERVATION_CODE);
    await store.load();
    expect(store.payableWithPoints).toBe(true);
    expect(await store.confirmWithPoints()).toBe(true);
    expect(api.to(endpoints.pointsConfirm)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
    expect(store.view?.estado).toBe('pagada');
    expect(store.payableWithPoints).toBe(false);
  });

  it('a reservation with an amount left cannot be confirmed with points; the server refusal is shown', async () => {
    const api = stubEndpointCalls(
      answer(endpoints.reservation, reservationView()),
      answer(endpoints.pointsConfirm, json(409, { message: 'Aún hay saldo', code: 'points.notZero' })),
    );
    const store = new ReservationStore(RESERVATION_CODE);
    await store.load();
    expect(await store.confirmWithPoints()).toBe(false);
    expect(api.to(endpoints.pointsConfirm)).toEqual([]);

    stubEndpointCalls(
      answer(endpoints.reservation, reservationView({ total_centimos: 0 })),
      answer(endpoints.pointsConfirm, json(409, { message: 'Aún hay saldo', code: 'points.notZero' })),
    );
    const zero = new ReservationStore(RESERVATION_CODE);
    await zero.load();
    expect(await zero.confirmWithPoints()).toBe(false);
    expect(zero.problem).toMatchObject({ key: 'validation:points.notZero' });
  });

  it('offers the signed-in customer travel credit that covers the total, and pays with it once (issue 35)', async () => {
    session.signIn('h.e30.s', { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' });
    try {
      let current = reservationView({ total_centimos: 5000 });
      let balance = 6000;
      const api = stubEndpointCalls(
        answer(endpoints.reservation, () => current),
        answer(endpoints.credit, () => ({ disponible_centimos: balance, movimientos: [] })),
        answer(endpoints.creditPay, () => {
          current = reservationView({ total_centimos: 5000, estado: 'pagada' });
          balance = 1000;
          return current;
        }),
      );
      const store = new ReservationStore(RESERVATION_CODE);
      await store.load();
      expect(store.payableWithCredit).toBe(true);
      expect(await store.payWithCredit()).toBe(true);
      expect(api.to(endpoints.creditPay)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY }]);
      expect(store.view?.estado).toBe('pagada');
      expect(store.creditAvailable).toBe(1000);
      expect(store.payableWithCredit).toBe(false);
      // Not enough credit: not offered.
      current = reservationView({ total_centimos: 9000 });
      await store.refresh();
      expect(store.payableWithCredit).toBe(false);
    } finally {
      session.signOut();
    }
  });

  it('puts part of the credit on the reservation, the rest left for a method, and takes it off (issue 35)', async () => {
    session.signIn('h.e30.s', { id: '7', documentType: '19', documentNumber: '45678912', name: 'rosa', firstLastName: 'Quispe', secondLastName: 'Mamani', gender: 'F', email: 'rosa@example.pe', phone: '987654321', birthDate: '1990-05-17' });
    try {
      let current = reservationView({ total_centimos: 5000 });
      let balance = 2000;
      const api = stubEndpointCalls(
        answer(endpoints.reservation, () => current),
        answer(endpoints.credit, () => ({ disponible_centimos: balance, movimientos: [] })),
        answer(endpoints.creditApply, (_request, body) => {
          const monto = Number(body.monto_centimos);
          current = reservationView({ total_centimos: 5000, credito_centimos: monto });
          balance = 2000 - monto;
          return { credito_centimos: monto, por_pagar_centimos: 5000 - monto, disponible_centimos: balance };
        }),
      );
      const store = new ReservationStore(RESERVATION_CODE);
      await store.load();
      expect(store.payableWithCredit).toBe(false);
      expect(store.creditOffer).toBe(2000);
      expect(await store.useCredit(store.creditOffer)).toBe(true);
      expect(api.to(endpoints.creditApply)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, monto_centimos: 2000 }]);
      expect(store.creditHeld).toBe(2000);
      expect(store.amountDue).toBe(3000);
      expect(await store.useCredit(0)).toBe(true);
      expect(store.creditHeld).toBe(0);
      expect(store.amountDue).toBe(5000);
    } finally {
      session.signOut();
    }
  });

  it("offers a guest the credit of a purchase this tab recovered, and shows a purchase's own credit (issue 35)", async () => {
    const OTHER = 'QWERTY23';
    const OTHER_KEY = 'k'.repeat(24);
    sessionStorage.setItem('CRESERVA_ANTERIORES', JSON.stringify({ [OTHER]: OTHER_KEY }));
    const api = stubEndpointCalls(
      answer(endpoints.reservation, reservationView({ total_centimos: 5000 })),
      answer(endpoints.purchaseCredit, (_request, body) =>
        body.codigo === OTHER
          ? { disponible_centimos: 1500, movimientos: [{ fecha: '2026-11-01T10:00:00Z', monto_centimos: 1500, concepto: 'emision' as const, origen: `${OTHER}-1`, vence: '2027-11-01T10:00:00Z' }] }
          : { disponible_centimos: 0, movimientos: [] },
      ),
      answer(endpoints.creditApply, { credito_centimos: 1500, por_pagar_centimos: 3500, disponible_centimos: 0 }),
    );
    const store = new ReservationStore(RESERVATION_CODE);
    await store.load();
    expect(store.creditAvailable).toBe(1500);
    expect(store.creditOrigin).toEqual({ codigo: OTHER, clave_bloqueo: OTHER_KEY });
    await store.useCredit(store.creditOffer);
    expect(api.to(endpoints.creditApply)).toEqual([{ codigo: RESERVATION_CODE, clave_bloqueo: KEY, monto_centimos: 1500, origen: { codigo: OTHER, clave_bloqueo: OTHER_KEY } }]);
    // The recovered purchase's own page shows its credit.
    const own = new ReservationStore(OTHER);
    await own.load();
    expect(own.ownCredit).toEqual({ disponible_centimos: 1500, vence: '2027-11-01T10:00:00Z' });
  });
});

