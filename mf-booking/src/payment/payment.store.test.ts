import { endpoints } from '@rumbo/shared/contract';
import { ALERT, STORAGE_KEYS } from '@rumbo/shared';
import { answer, json } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { readReservation, writeReservation } from '../reservation';
import { held, passengerData, RESERVATION_CODE } from '../testing/fixtures';
import { EXPIRA, fill, fillBuyer, KEY, makeStore, NOW, purchase, QUOTE, settle, workingApi } from '../testing/payment';
import { PaymentStore } from './payment.store';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe('step 3 store', () => {
  it('has one passenger per seat of a leg, each with its outbound and return seat, and the hold countdown', async () => {
    workingApi();
    purchase({ seats: 2, roundTrip: true });
    const { store } = makeStore();
    store.load();
    await settle();
    expect(store.state).toBe('ready');
    expect(store.passengers).toHaveLength(2);
    expect(store.seatsOf(1).map(({ leg, seat }) => [leg.tramo, seat.nasiento])).toEqual([
      ['ida', 6],
      ['vuelta', 21],
    ]);
    expect(store.secondsLeft).toBe(600);
    expect(store.price.quote).toEqual(QUOTE);
    store.tick(Date.parse(EXPIRA));
    expect(store.state).toBe('expired');
  });

  it('keeps what was typed when the holds run out, for step 3 opened again with new seats', async () => {
    workingApi();
    purchase({ seats: 2 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[1]!, passengerData({ nombres: 'Ana' }));
    store.setBuyer('email', 'ana@example.pe');
    store.tick(Date.parse(EXPIRA));
    expect(store.state).toBe('expired');
    purchase({ seats: 2 });
    const again = makeStore().store;
    again.load();
    expect(again.passengers[1]!.values.nombres).toBe('Ana');
    expect(again.buyer.values.email).toBe('ana@example.pe');
    // Once: a later purchase starts blank.
    const third = makeStore().store;
    third.load();
    expect(third.passengers[1]!.values.nombres).toBe('');
  });

  it('a step 3 drawn in a render React throws away (a transition started again) leaves what was typed to the one that stays', async () => {
    workingApi();
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!, passengerData({ nombres: 'Teodora' }));
    store.tick(Date.parse(EXPIRA));
    purchase({ seats: 1 });
    // The page makes its store in its first render (restore); only the render React keeps loads it.
    const discarded = makeStore().store;
    discarded.restore();
    expect(discarded.passengers[0]!.values.nombres).toBe('Teodora');
    const kept = makeStore().store;
    kept.restore();
    kept.load();
    expect(kept.passengers[0]!.values.nombres).toBe('Teodora');
  });

  it('warns before the holds end, in its own live region, with the extension the API allows', async () => {
    workingApi();
    purchase({ seats: 1 });
    const later = new Date(Date.parse(EXPIRA) + 8 * 60_000).toISOString();
    const store = new PaymentStore({ now: () => NOW, customer: () => null, navigate: jest.fn(), extendHold: async () => ({ expira: later, prorrogas_restantes: 0 }) });
    store.load();
    store.tick(Date.parse(EXPIRA) - 120_000);
    expect(store.holdMessage).toEqual({ tone: 'warning', key: 'hold.warning', params: { count: 2 } });
    await store.timer.extend();
    expect(store.held.map((seat) => seat.expira)).toEqual([later]);
    expect(store.holdMessage).toMatchObject({ key: 'hold.extended' });
    expect(store.timer.canExtend).toBe(false);
  });

  it('checks every passenger and the buyer with the shared schemas before sending anything', async () => {
    const api = workingApi();
    purchase({ seats: 2 });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!, passengerData({ numero: '1234', celular: '12345' }));
    store.setBuyer('comprobante', 'factura');
    store.setBuyer('ruc', '20123456789');
    expect(await store.submit()).toBe(ALERT);
    const targets = store.summary.map((item) => `${item.target}:${item.message.key}`);
    expect(targets).toEqual(
      expect.arrayContaining([
        'p1-numero:validation:sale.numero.dni',
        'p1-celular:validation:sale.celular.invalid',
        'p2-nombres:validation:sale.nombres.required',
        'buyer-nombre:validation:sale.nombres.required',
        'buyer-email:validation:sale.email.invalid',
        'buyer-ruc:validation:sale.ruc.invalid',
        'buyer-razon_social:validation:sale.razon.required',
        'terms:validation:sale.terminos.required',
      ]),
    );
    expect(store.summary.find((item) => item.target === 'p2-nombres')?.passenger).toBe(2);
    expect(api.to(endpoints.person)).toEqual([]);
    expect(api.to(endpoints.reserve)).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a minor needs a responsible adult among the other passengers and a relationship', async () => {
    const api = workingApi();
    purchase({ seats: 2 });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fill(store.passengers[1]!, passengerData({ numero: '76543210', nombres: 'Lucía', nacimiento: '2014-03-02' }));
    fillBuyer(store);
    expect(store.isMinor(1)).toBe(true);
    expect(store.isMinor(0)).toBe(false);
    expect(store.guardiansFor(1)).toEqual([0]);

    expect(await store.submit()).toBe(ALERT);
    expect(store.summary.map((item) => `${item.target}:${item.message.key}`)).toEqual(['p2-responsable:validation:sale.responsable.adult']);

    store.passengers[1]!.setGuardian('responsable', '0');
    expect(await store.submit()).toBe(ALERT);
    expect(store.summary.map((item) => `${item.target}:${item.message.key}`)).toEqual(['p2-parentesco:validation:sale.parentesco.required']);

    store.passengers[1]!.setGuardian('parentesco', 'madre');
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.minorGuardian)).toEqual([{ clave_bloqueo: KEY, casiento: held(6).cviaje_asiento, casiento_responsable: held(5).cviaje_asiento, parentesco: 'madre' }]);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
  });

  it('a minor whose only companion is also a minor cannot be reserved', async () => {
    workingApi();
    purchase({ seats: 2 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!, passengerData({ nacimiento: '2012-01-01' }));
    fill(store.passengers[1]!, passengerData({ numero: '76543210', nacimiento: '2014-03-02' }));
    expect(store.guardiansFor(0)).toEqual([]);
    store.passengers[0]!.setGuardian('responsable', '1');
    fillBuyer(store);
    expect(await store.submit()).toBe(ALERT);
    expect(store.passengers[0]!.fieldError('responsable')?.key).toBe('validation:sale.responsable.adult');
  });

  it('a round trip saves each passenger once, ties both seats, reserves with the coupon and keeps the code for the reservation page', async () => {
    const api = workingApi();
    purchase({ seats: 1, roundTrip: true });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    store.price.setCoupon('VERANO10');
    await store.price.applyCoupon();
    expect(await store.submit()).toBeUndefined();

    expect(api.to(endpoints.guest)).toEqual([{ nombre: 'Rosa Quispe', email: 'rosa@example.pe' }]);
    expect(api.to(endpoints.person)).toEqual([passengerData()]);
    expect(api.to(endpoints.seatPassenger).map((body) => body.cviaje_asiento)).toEqual([held(5).cviaje_asiento, held(20).cviaje_asiento]);
    expect(api.to(endpoints.reserve)).toEqual([
      { clave_bloqueo: KEY, comprador: { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta' }, terminos: true, cupon: 'VERANO10' },
    ]);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
    expect(readReservation()).toMatchObject({ codigo: RESERVATION_CODE, clave_bloqueo: KEY });
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();
  });

  it("a server refusal about a passenger's field lands on that field", async () => {
    workingApi(
      answer(endpoints.person, json(400, { message: 'Digite un celular de 9 dígitos que empiece con 9', code: 'sale.celular.invalid', field: 'celular' })),
    );
    purchase({ seats: 1 });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    expect(await store.submit()).toBe(ALERT);
    expect(store.summary).toEqual([{ target: 'p1-celular', message: { field: 'celular', key: 'validation:sale.celular.invalid', text: expect.any(String) }, passenger: 1 }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a purchase already reserved shows no form: held seats under it lead to its payment, none is reserved again', async () => {
    const api = workingApi();
    purchase({ seats: 1 });
    writeReservation({ ...readReservation()!, codigo: RESERVATION_CODE });
    const { store, navigate } = makeStore();
    store.load();
    await settle();
    expect(store.state).toBe('reserved');
    expect(store.passengers).toEqual([]);
    expect(await store.submit()).toBeUndefined();
    expect(api.to(endpoints.reserve)).toEqual([]);
    expect(api.to(endpoints.quote)).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says so when there are no held seats', () => {
    workingApi();
    const { store } = makeStore();
    store.load();
    expect(store.state).toBe('none');
  });
});
