import { endpoints } from '@rumbo/shared/contract';
import { ALERT, STORAGE_KEYS, heldSeats } from '@rumbo/shared';
import { answer, json, stubEndpointCalls } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { purchaseKeyOf } from '../reservation';
import { RESERVATION_CODE, held, holdResult, reservationView } from '../testing/fixtures';
import { RecoveryStore } from './recovery.store';

const ACCESS = 'acc3ssKey_from-recovery-1234';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('recovery store', () => {
  it('checks code and e-mail in the browser before asking the server', async () => {
    const api = stubEndpointCalls();
    const store = new RecoveryStore({}, { navigate: jest.fn() });
    store.set('codigo', 'ABC0');
    store.set('email', 'rosa@');
    expect(await store.submit()).toBe('codigo');
    expect(store.form.errors).toEqual([
      { field: 'codigo', key: 'validation:sale.codigo.invalid' },
      { field: 'email', key: 'validation:sale.email.invalid' },
    ]);
    expect(api.calls).toEqual([]);
  });

  it("proves the buyer with the code mailed to the buyer's address, then keeps the access key and opens the reservation page (issue 15)", async () => {
    const api = stubEndpointCalls(
      answer(endpoints.recovery, (_request, body) =>
        body.verificacion ? { reserva: reservationView({ estado: 'pagada' }), acceso: ACCESS, expira: '2026-11-22T17:00:00.000Z' } : { enviado: true as const },
      ),
    );
    const navigate = jest.fn();
    const store = new RecoveryStore({ codigo: ' abcd2345 ' }, { navigate });
    store.set('email', 'Rosa@Example.pe');
    // Step 1: the code and e-mail only send a one-time code to the buyer.
    expect(await store.submit()).toBe('verificacion');
    expect(store.step).toBe('prove');
    expect(purchaseKeyOf(RESERVATION_CODE)).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    // Step 2: the mailed code, checked in the browser first.
    store.set('verificacion', '12');
    expect(await store.submit()).toBe('verificacion');
    expect(store.form.errors).toEqual([{ field: 'verificacion', key: 'validation:aftersale.verificacion.format' }]);
    store.set('verificacion', '123456');
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.recovery)).toEqual([
      { codigo: RESERVATION_CODE, email: 'rosa@example.pe' },
      { codigo: RESERVATION_CODE, email: 'rosa@example.pe', verificacion: '123456' },
    ]);
    expect(purchaseKeyOf(RESERVATION_CODE)).toBe(ACCESS);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
  });

  it('shows a wrong mailed code on its field', async () => {
    stubEndpointCalls(
      answer(endpoints.recovery, (_request, body) =>
        body.verificacion
          ? json(400, { message: 'El código no es correcto o ya venció. Pida uno nuevo.', code: 'aftersale.verificacion.invalid', field: 'verificacion' })
          : { enviado: true as const },
      ),
    );
    const store = new RecoveryStore({ codigo: RESERVATION_CODE, email: 'rosa@example.pe' }, { navigate: jest.fn() });
    await store.submit();
    store.set('verificacion', '000000');
    expect(await store.submit()).toBe('verificacion');
    expect(store.form.fieldError('verificacion')).toMatchObject({ key: 'validation:aftersale.verificacion.invalid' });
    expect(purchaseKeyOf(RESERVATION_CODE)).toBeUndefined();
  });

  it('shows the server refusing a code and e-mail that do not match, and keeps nothing', async () => {
    stubEndpointCalls(answer(endpoints.recovery, json(404, { message: 'No encontramos la reserva', code: 'sale.reserva.noEncontrada' })));
    const navigate = jest.fn();
    const store = new RecoveryStore({ codigo: RESERVATION_CODE, email: 'otra@example.pe' }, { navigate });
    expect(await store.submit()).toBe(ALERT);
    expect(store.form.problem).toEqual({ key: 'validation:sale.reserva.noEncontrada', text: 'No encontramos la reserva' });
    expect(purchaseKeyOf(RESERVATION_CODE)).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opening a recovered purchase first releases the seats this tab still holds (spec §4: 83 for each while listed, then the list cleared)', async () => {
    const OLD_KEY = '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a';
    sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([held(2, { clave_bloqueo: OLD_KEY }), held(3, { clave_bloqueo: OLD_KEY })]));
    const listedWhenSent: number[][] = [];
    const api = stubEndpointCalls(
      answer(endpoints.recovery, () => ({ reserva: reservationView({ estado: 'pagada' }), acceso: ACCESS, expira: '2026-11-22T17:00:00.000Z' })),
      answer(endpoints.seatHold, (_request, body) => {
        listedWhenSent.push(heldSeats().map((seat) => seat.nasiento));
        return holdResult(body);
      }),
    );
    const navigate = jest.fn();
    const store = new RecoveryStore({ codigo: RESERVATION_CODE, email: 'rosa@example.pe', verificacion: '123456' }, { navigate });
    store.step = 'prove';
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.seatHold)).toEqual([
      expect.objectContaining({ nasiento: 2, gestado_asiento: 83, clave_bloqueo: OLD_KEY }),
      expect.objectContaining({ nasiento: 3, gestado_asiento: 83, clave_bloqueo: OLD_KEY }),
    ]);
    expect(listedWhenSent).toEqual([
      [2, 3],
      [2, 3],
    ]);
    expect(heldSeats()).toEqual([]);
    expect(purchaseKeyOf(RESERVATION_CODE)).toBe(ACCESS);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
  });
});
