import { endpoints } from '@rumbo/shared/contract';
import { answer, json } from '@rumbo/shared/testing';
import { setUpBooking } from '../testing/render';
import { CUSTOMER } from '../testing/fixtures';
import { KEY, makeStore, purchase, QUOTE, settle, workingApi } from '../testing/payment';

beforeEach(async () => {
  sessionStorage.clear();
  await setUpBooking('es-PE');
});

describe("step 3's price: coupons", () => {
  it('applies a coupon with the server and shows its discount; a malformed one is refused in the browser', async () => {
    const api = workingApi();
    purchase({ seats: 2 });
    const { store } = makeStore();
    store.load();
    await settle();
    store.price.setCoupon('¡no!');
    await store.price.applyCoupon();
    expect(store.price.cuponError?.key).toBe('validation:sale.cupon.invalid');
    expect(api.to(endpoints.quote)).toHaveLength(1);

    store.price.setCoupon(' verano10 ');
    await store.price.applyCoupon();
    expect(api.to(endpoints.quote).at(-1)).toEqual({ clave_bloqueo: KEY, cupon: 'VERANO10' });
    expect(store.price.quote).toMatchObject({ cupon: 'VERANO10', descuento_centimos: 3000, total_centimos: 27000 });
  });

  it("shows the server's refusal of a coupon", async () => {
    workingApi(
      answer(endpoints.quote, (_request, body) => (body.cupon ? json(400, { message: 'El cupón no está vigente', code: 'sale.cupon.vencido', field: 'cupon' }) : QUOTE)),
    );
    purchase({ seats: 1 });
    const { store } = makeStore();
    store.load();
    store.price.setCoupon('INVIERNO');
    await store.price.applyCoupon();
    expect(store.price.cuponError).toMatchObject({ key: 'validation:sale.cupon.vencido' });
    expect(store.price.quote?.cupon ?? null).toBeNull();
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
    const api = workingApi(
      answer(endpoints.points, { saldo: 5000, retenidos: 0, disponibles: 5000, movimientos: [] }),
      answer(endpoints.pointsApply, (_request, body) => POINTS_QUOTE(Number(body.puntos), 5000 - Number(body.puntos))),
    );
    purchase({ seats: 2 });
    const { store } = makeStore(customer);
    store.load();
    await settle();
    expect(store.price.puntosDisponibles).toBe(5000);

    store.price.setPoints('50');
    await store.price.applyPoints();
    expect(store.price.puntosError).toEqual({ field: 'puntos', key: 'validation:points.minimum' });
    store.price.setPoints('1,5');
    await store.price.applyPoints();
    expect(store.price.puntosError).toEqual({ field: 'puntos', key: 'validation:points.invalid' });
    expect(api.to(endpoints.pointsApply)).toEqual([]);

    store.price.setPoints('500');
    await store.price.applyPoints();
    expect(api.to(endpoints.pointsApply)).toEqual([{ clave_bloqueo: KEY, puntos: 500 }]);
    expect(store.price.quote).toMatchObject({ puntos_canje: 500, canje_centimos: 5000, total_centimos: 25000 });
    expect(store.price.puntosDisponibles).toBe(4500);

    // all that fit: S/ 300 is 3000 points, the customer has 4500 + the 500 applied
    expect(store.price.pointsThatFit).toBe(3000);
    await store.price.applyPoints(true);
    expect(api.to(endpoints.pointsApply).at(-1)).toEqual({ clave_bloqueo: KEY, puntos: 3000 });
    expect(store.price.quote?.total_centimos).toBe(0);

    await store.price.removePoints();
    expect(api.to(endpoints.pointsApply).at(-1)).toEqual({ clave_bloqueo: KEY, puntos: 0 });
    expect(store.price.puntosCanje).toBe(0);
  });

  it('shows the server refusing points the customer does not have; a guest cannot use points', async () => {
    const api = workingApi(
      answer(endpoints.points, { saldo: 150, retenidos: 0, disponibles: 150, movimientos: [] }),
      answer(endpoints.pointsApply, json(409, { message: 'No tiene puntos suficientes', code: 'points.insufficient' })),
    );
    purchase({ seats: 1 });
    const { store } = makeStore(customer);
    store.load();
    await settle();
    store.price.setPoints('1000');
    await store.price.applyPoints();
    expect(store.price.puntosError).toMatchObject({ key: 'validation:points.insufficient' });

    const guest = makeStore(null).store;
    guest.load();
    guest.price.setPoints('100');
    await guest.price.applyPoints();
    expect(api.to(endpoints.pointsApply)).toHaveLength(1);
    expect(api.to(endpoints.points)).toHaveLength(1);
  });
});
