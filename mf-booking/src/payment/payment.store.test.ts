import { STORAGE_KEYS, type Customer } from '@rumbo/shared';
import { json } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { readReservation, writeReservation } from '../reservation';
import { CUSTOMER, held, passengerData, reservationView, trip, RESERVATION_CODE } from '../testing/fixtures';
import { fakeApi } from '../testing/sales-api';
import { PaymentStore } from './payment.store';
import type { PassengerForm } from './passenger.form';

const KEY = '3f2b8c1e-8d4a-4c9e-9b1a-2f6d7e8a9b0c';
const NOW = Date.parse('2026-11-22T15:00:00.000Z');
const EXPIRA = '2026-11-22T15:10:00.000Z';
const RETURN = trip({ cviaje: 200, fecha_salida: '2026-12-05T01:30:00.000Z', fecha_llegada: '2026-12-05T16:00:00.000Z' });
const QUOTE = { subtotal_centimos: 30000, descuento_centimos: 0, total_centimos: 30000, cupon: null, descuento_pct: null };

/** The API of a purchase that works: every call answers as the server does for good input. */
function workingApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    '/rest/venta/cotizar': (body) =>
      body.cupon
        ? json(200, { data: { subtotal_centimos: 30000, descuento_centimos: 3000, total_centimos: 27000, cupon: body.cupon, descuento_pct: 10 } })
        : json(200, { data: QUOTE }),
    '/rest/promocion/obtener': json(200, { data: [] }),
    '/rest/invitado': json(200, { data: { cinvitado: 7, tiene_cuenta: false } }),
    '/rest/persona/registrar': json(201, { data: { cpersona: 1 } }),
    '/rest/asiento/asociar': (body) => json(200, { data: { cviaje_asiento: body.cviaje_asiento, menor: false } }),
    '/rest/asiento/menor': (body) => json(200, { data: body }),
    '/rest/venta/reserva': json(201, { data: reservationView() }),
    ...extra,
  });
}

function purchase({ seats = 2, roundTrip = false } = {}) {
  writeReservation({
    search: { origen: 'LIM', destino: 'AQP', fecha: '2026-11-27', pasajeros: seats, ...(roundTrip ? { regreso: '2026-12-04' } : {}) },
    ida: trip(),
    ...(roundTrip ? { vuelta: RETURN } : {}),
    tramo: roundTrip ? 'vuelta' : 'ida',
    clave_bloqueo: KEY,
  });
  const ida = Array.from({ length: seats }, (_, i) => held(5 + i, { expira: EXPIRA }));
  const vuelta = roundTrip ? Array.from({ length: seats }, (_, i) => held(20 + i, { cviaje: 200, expira: EXPIRA })) : [];
  sessionStorage.setItem(STORAGE_KEYS.seats, JSON.stringify([...ida, ...vuelta]));
}

function fill(form: PassengerForm, data = passengerData()) {
  for (const [field, value] of Object.entries(data)) form.set(field as never, String(value));
}

function fillBuyer(store: PaymentStore) {
  store.setBuyer('nombre', 'Rosa Quispe');
  store.setBuyer('email', 'rosa@example.pe');
  store.setTerms(true);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function makeStore(customer: Customer | null = null) {
  const navigate = jest.fn();
  const store = new PaymentStore({ now: () => NOW, customer: () => customer, navigate });
  return { store, navigate };
}

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
    expect(store.quote).toEqual(QUOTE);
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
    expect(again.buyer.email).toBe('ana@example.pe');
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
    expect(await store.submit()).toBe('payment-summary');
    const targets = store.summary.map((item) => `${item.target}:${item.message.key}`);
    expect(targets).toEqual(
      expect.arrayContaining([
        'p1-numero:sale.numero.dni',
        'p1-celular:sale.celular.invalid',
        'p2-nombres:sale.nombres.required',
        'buyer-nombre:sale.nombres.required',
        'buyer-email:sale.email.invalid',
        'buyer-ruc:sale.ruc.invalid',
        'buyer-razon_social:sale.razon.required',
        'terms:sale.terminos.required',
      ]),
    );
    expect(store.summary.find((item) => item.target === 'p2-nombres')?.passenger).toBe(2);
    expect(api.to('/rest/persona/registrar')).toEqual([]);
    expect(api.to('/rest/venta/reserva')).toEqual([]);
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

    expect(await store.submit()).toBe('payment-summary');
    expect(store.summary.map((item) => `${item.target}:${item.message.key}`)).toEqual(['p2-responsable:sale.responsable.adult']);

    store.passengers[1]!.setGuardian('responsable', '0');
    expect(await store.submit()).toBe('payment-summary');
    expect(store.summary.map((item) => `${item.target}:${item.message.key}`)).toEqual(['p2-parentesco:sale.parentesco.required']);

    store.passengers[1]!.setGuardian('parentesco', 'madre');
    expect(await store.submit()).toBeUndefined();
    expect(api.to('/rest/asiento/menor')).toEqual([{ clave_bloqueo: KEY, casiento: held(6).cviaje_asiento, casiento_responsable: held(5).cviaje_asiento, parentesco: 'madre' }]);
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
    expect(await store.submit()).toBe('payment-summary');
    expect(store.passengers[0]!.errors.responsable?.key).toBe('sale.responsable.adult');
  });

  it('applies a coupon with the server and shows its discount; a malformed one is refused in the browser', async () => {
    const api = workingApi();
    purchase({ seats: 2 });
    const { store } = makeStore();
    store.load();
    await settle();
    store.setCoupon('¡no!');
    await store.applyCoupon();
    expect(store.cuponError?.key).toBe('sale.cupon.invalid');
    expect(api.to('/rest/venta/cotizar')).toHaveLength(1);

    store.setCoupon(' verano10 ');
    await store.applyCoupon();
    expect(api.to('/rest/venta/cotizar').at(-1)).toEqual({ clave_bloqueo: KEY, cupon: 'VERANO10' });
    expect(store.quote).toMatchObject({ cupon: 'VERANO10', descuento_centimos: 3000, total_centimos: 27000 });
  });

  it("shows the server's refusal of a coupon", async () => {
    workingApi({ '/rest/venta/cotizar': (body) => (body.cupon ? json(400, { message: 'El cupón no está vigente', code: 'sale.cupon.vencido', field: 'cupon' }) : json(200, { data: QUOTE })) });
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    store.setCoupon('INVIERNO');
    await store.applyCoupon();
    expect(store.cuponError).toMatchObject({ key: 'sale.cupon.vencido' });
    expect(store.quote?.cupon ?? null).toBeNull();
  });

  it('a round trip saves each passenger once, ties both seats, reserves with the coupon and keeps the code for the reservation page', async () => {
    const api = workingApi();
    purchase({ seats: 1, roundTrip: true });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    store.setCoupon('VERANO10');
    await store.applyCoupon();
    expect(await store.submit()).toBeUndefined();

    expect(api.to('/rest/invitado')).toEqual([{ nombre: 'Rosa Quispe', email: 'rosa@example.pe' }]);
    expect(api.to('/rest/persona/registrar')).toEqual([passengerData()]);
    expect(api.to('/rest/asiento/asociar').map((body) => body.cviaje_asiento)).toEqual([held(5).cviaje_asiento, held(20).cviaje_asiento]);
    expect(api.to('/rest/venta/reserva')).toEqual([
      { clave_bloqueo: KEY, comprador: { nombre: 'Rosa Quispe', email: 'rosa@example.pe', comprobante: 'boleta' }, terminos: true, cupon: 'VERANO10' },
    ]);
    expect(navigate).toHaveBeenCalledWith(`/pasajes/reserva/${RESERVATION_CODE}`);
    expect(readReservation()).toMatchObject({ codigo: RESERVATION_CODE, clave_bloqueo: KEY });
    expect(sessionStorage.getItem(STORAGE_KEYS.seats)).toBeNull();
  });

  it('asks for a factura with the RUC looked up', async () => {
    const api = workingApi({ '/rest/juridica/buscar': json(200, { data: { ruc: '20100070970', razon_social: 'Andes Travel S.A.C.', direccion: 'Lima' } }) });
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    store.setBuyer('comprobante', 'factura');
    store.setBuyer('ruc', '20100070970');
    await settle();
    expect(store.buyer.razon_social).toBe('Andes Travel S.A.C.');
    expect(store.rucLookup).toBe('found');
    expect(await store.submit()).toBeUndefined();
    expect(api.to('/rest/venta/reserva')[0]).toMatchObject({ comprador: { comprobante: 'factura', ruc: '20100070970', razon_social: 'Andes Travel S.A.C.' } });
  });

  it("a server refusal about a passenger's field lands on that field", async () => {
    workingApi({ '/rest/persona/registrar': json(400, { message: 'Digite un celular de 9 dígitos que empiece con 9', code: 'sale.celular.invalid', field: 'celular' }) });
    purchase({ seats: 1 });
    const { store, navigate } = makeStore();
    store.load();
    fill(store.passengers[0]!);
    fillBuyer(store);
    expect(await store.submit()).toBe('payment-summary');
    expect(store.summary).toEqual([{ target: 'p1-celular', message: { key: 'sale.celular.invalid', text: expect.any(String) }, passenger: 1 }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a guest whose e-mail has an account is told so; a signed-in customer gets the buyer filled from the session', async () => {
    workingApi({ '/rest/invitado': json(200, { data: { cinvitado: 7, tiene_cuenta: true } }) });
    purchase({ seats: 1 });
    const guest = makeStore().store;
    guest.load();
    guest.setBuyer('nombre', 'Rosa Quispe');
    guest.setBuyer('email', 'rosa@example.pe');
    await guest.checkGuest();
    expect(guest.hasAccount).toBe(true);

    const customer = CUSTOMER;
    const signedIn = makeStore(customer).store;
    signedIn.load();
    expect(signedIn.buyer).toMatchObject({ nombre: 'Rosa Quispe Mamani', email: 'rosa@example.pe' });
    signedIn.fillPassenger(0);
    expect(signedIn.passengers[0]!.check()).toEqual(passengerData());
  });

  it('fills a known passenger from the document and the birth date', async () => {
    const onFile = () => {
      const { email: _email, celular: _celular, ...identity } = passengerData();
      return { cpersona: 7, ...identity };
    };
    const api = workingApi({
      '/rest/persona/buscar': json(200, { data: { encontrado: true, nombres: 'Rosa' } }),
      '/rest/persona/obtener': (body) =>
        (body.nacimiento === '1990-05-14' ? json(200, { data: onFile() }) : json(404, { message: 'No encontramos', code: 'sale.persona.noEncontrada' })),
    });
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    const form = store.passengers[0]!;
    form.set('numero', '45678912');
    form.set('celular', '955555555');
    await form.search();
    expect(form.lookup).toMatchObject({ state: 'known', nombres: 'Rosa' });
    form.setLookupBirth('1991-01-01');
    expect(await form.fill()).toBe(false);
    expect(form.lookup).toMatchObject({ state: 'known', error: { key: 'sale.persona.noEncontrada' } });
    form.setLookupBirth('1990-05-14');
    expect(await form.fill()).toBe(true);
    // The look-up answers the identity only (issue 15); what the buyer typed for contact stays.
    expect(form.values).toMatchObject({ nombres: 'Rosa', paterno: 'Quispe', celular: '955555555', nacimiento: '1990-05-14' });
    expect(api.to('/rest/persona/obtener').at(-1)).toEqual({ documento: { ctipo_documento: 19, numero: '45678912' }, nacimiento: '1990-05-14' });
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
    expect(api.to('/rest/venta/reserva')).toEqual([]);
    expect(api.to('/rest/venta/cotizar')).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says so when there are no held seats', () => {
    workingApi();
    const { store } = makeStore();
    store.load();
    expect(store.state).toBe('none');
  });
});

describe('step 3 store: points', () => {
  const customer = CUSTOMER;
  const POINTS_QUOTE = (puntos: number, disponibles: number) => ({
    ...QUOTE,
    total_centimos: QUOTE.total_centimos - puntos * 10,
    puntos_canje: puntos,
    canje_centimos: puntos * 10,
    puntos_disponibles: disponibles,
  });

  it('a signed-in customer applies points (at least 100, whole numbers) and the quote shows them before paying', async () => {
    const api = workingApi({
      '/rest/user/puntos': json(200, { data: { saldo: 5000, retenidos: 0, disponibles: 5000, movimientos: [] } }),
      '/rest/canje/asociar': (body) => json(200, { data: POINTS_QUOTE(body.puntos as number, 5000 - (body.puntos as number)) }),
    });
    purchase({ seats: 2 });
    const { store } = makeStore(customer);
    store.load();
    await settle();
    expect(store.puntosDisponibles).toBe(5000);

    store.setPoints('50');
    await store.applyPoints();
    expect(store.puntosError).toEqual({ key: 'points.minimum' });
    store.setPoints('1,5');
    await store.applyPoints();
    expect(store.puntosError).toEqual({ key: 'points.invalid' });
    expect(api.to('/rest/canje/asociar')).toEqual([]);

    store.setPoints('500');
    await store.applyPoints();
    expect(api.to('/rest/canje/asociar')).toEqual([{ clave_bloqueo: KEY, puntos: 500 }]);
    expect(store.quote).toMatchObject({ puntos_canje: 500, canje_centimos: 5000, total_centimos: 25000 });
    expect(store.puntosDisponibles).toBe(4500);

    // all that fit: S/ 300 is 3000 points, the customer has 4500 + the 500 applied
    expect(store.pointsThatFit).toBe(3000);
    await store.applyPoints(true);
    expect(api.to('/rest/canje/asociar').at(-1)).toEqual({ clave_bloqueo: KEY, puntos: 3000 });
    expect(store.quote?.total_centimos).toBe(0);

    await store.removePoints();
    expect(api.to('/rest/canje/asociar').at(-1)).toEqual({ clave_bloqueo: KEY, puntos: 0 });
    expect(store.puntosCanje).toBe(0);
  });

  it('shows the server refusing points the customer does not have; a guest cannot use points', async () => {
    const api = workingApi({
      '/rest/user/puntos': json(200, { data: { saldo: 150, retenidos: 0, disponibles: 150, movimientos: [] } }),
      '/rest/canje/asociar': json(409, { message: 'No tiene puntos suficientes', code: 'points.insufficient' }),
    });
    purchase({ seats: 1 });
    const { store } = makeStore(customer);
    store.load();
    await settle();
    store.setPoints('1000');
    await store.applyPoints();
    expect(store.puntosError).toMatchObject({ key: 'points.insufficient' });

    const guest = makeStore(null).store;
    guest.load();
    guest.setPoints('100');
    await guest.applyPoints();
    expect(api.to('/rest/canje/asociar')).toHaveLength(1);
    expect(api.to('/rest/user/puntos')).toHaveLength(1);
  });
});
