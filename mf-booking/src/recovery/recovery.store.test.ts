import { json } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { purchaseKeyOf } from '../reservation';
import { RESERVATION_CODE, reservationView } from '../testing/fixtures';
import { fakeApi } from '../testing/sales-api';
import { RecoveryStore } from './recovery.store';

const ACCESS = 'acc3ssKey_from-recovery-1234';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('recovery store', () => {
  it('checks code and e-mail in the browser before asking the server', async () => {
    const api = fakeApi({});
    const store = new RecoveryStore({}, { navigate: jest.fn() });
    store.set('codigo', 'ABC0');
    store.set('email', 'rosa@');
    expect(await store.submit()).toBe('recovery-codigo');
    expect(store.errors).toEqual({ codigo: { key: 'sale.codigo.invalid' }, email: { key: 'sale.email.invalid' } });
    expect(api.calls).toEqual([]);
  });

  it('keeps the access key as the purchase key of the code and opens the reservation page', async () => {
    const api = fakeApi({
      '/rest/venta/recovery': json(200, { data: { reserva: reservationView({ estado: 'pagada' }), acceso: ACCESS, expira: '2026-11-22T17:00:00.000Z' } }),
    });
    const navigate = jest.fn();
    const store = new RecoveryStore({ codigo: ' abcd2345 ' }, { navigate });
    store.set('email', 'Rosa@Example.pe');
    expect(await store.submit()).toBeUndefined();
    expect(api.to('/rest/venta/recovery')).toEqual([{ codigo: RESERVATION_CODE, email: 'rosa@example.pe' }]);
    expect(purchaseKeyOf(RESERVATION_CODE)).toBe(ACCESS);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
  });

  it('shows the server refusing a code and e-mail that do not match, and keeps nothing', async () => {
    fakeApi({ '/rest/venta/recovery': json(404, { message: 'No encontramos la reserva', code: 'sale.reserva.noEncontrada' }) });
    const navigate = jest.fn();
    const store = new RecoveryStore({ codigo: RESERVATION_CODE, email: 'otra@example.pe' }, { navigate });
    expect(await store.submit()).toBe('recovery-problem');
    expect(store.problem).toEqual({ key: 'sale.reserva.noEncontrada', text: 'No encontramos la reserva' });
    expect(purchaseKeyOf(RESERVATION_CODE)).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });
});
