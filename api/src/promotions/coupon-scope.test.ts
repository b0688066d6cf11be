import { addDays, limaToday, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { ADULT, BUYER, findTrip, freeSeats, hold, post, setupSandboxApp } from '../test/purchase';

/**
 * Issue 18 item 5: a promotion applies only to what its text says. Each seeded coupon's
 * conditions (seat class, origin, weekdays of departure, tickets per trip and per purchase) are
 * data, enforced where the quote and the reservation apply a coupon.
 */
const clock = Date.now();
const api = setupSandboxApp(() => new Date(clock));

/** Days ahead (from 2) whose Lima date falls on one of `weekdays` (ISO: 1 Monday … 7 Sunday). */
function daysAheadOn(weekdays: number[]): number {
  for (let days = 2; days < 12; days += 1) {
    const iso = new Date(`${addDays(limaToday(), days)}T12:00:00Z`).getUTCDay() || 7;
    if (weekdays.includes(iso)) return days;
  }
  throw new Error('no such day');
}

/** All departures of a day between two cities. */
async function tripsOn(origen: string, destino: string, days: number): Promise<Trip[]> {
  const res = await post(api.app, '/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 });
  return res.json().data as Trip[];
}

/** Holds `count` free seats of each trip (of `clase` when given) under one purchase key. */
async function holdOf(legs: { trip: Trip; count: number; clase?: number }[]) {
  let clave: string | undefined;
  const seats: SeatCell[] = [];
  for (const { trip, count, clase } of legs) {
    const free = (await freeSeats(api.app, trip)).filter((s) => clase === undefined || s.gcategoria_asiento === clase).slice(0, count);
    if (free.length < count) throw new Error(`not enough seats of class ${clase}`);
    for (const seat of free) {
      const res = await hold(api.app, trip, seat, clave);
      if (res.statusCode !== 200) throw new Error(`hold failed: ${res.body}`);
      clave = res.json().data.clave_bloqueo;
      seats.push(seat);
    }
  }
  return { clave: clave!, seats };
}

/** A departure of the day that has seats of class `clase`. */
async function tripWithClass(origen: string, destino: string, days: number, clase: number): Promise<Trip> {
  for (const trip of await tripsOn(origen, destino, days)) {
    if ((await freeSeats(api.app, trip)).some((s) => s.gcategoria_asiento === clase)) return trip;
  }
  throw new Error(`no ${origen}-${destino} departure with class ${clase}`);
}

const cents = (seats: SeatCell[]) => seats.reduce((sum, s) => sum + Math.round(s.precio! * 100), 0);

function cotizar(clave: string, cupon: string, language = 'es-PE') {
  return post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave, cupon }, { 'accept-language': language });
}

describe('CUSCO20: Lima to Cusco, VIP cama only', () => {
  it('refuses a class-140 seat with its own code, in both languages, on the quote and the reservation', async () => {
    const trip = await tripWithClass('LIM', 'CUZ', 7, 140);
    const { clave, seats } = await holdOf([{ trip, count: 1, clase: 140 }]);
    const pasajero = { ...ADULT, numero: '41414141' };
    expect((await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: seats[0]!.cviaje_asiento, pasajero })).statusCode).toBe(200);
    const es = await cotizar(clave, 'CUSCO20');
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({ code: 'sale.cupon.clase', field: 'cupon', message: 'El cupón no aplica a la clase de estos asientos' });
    const en = await cotizar(clave, 'CUSCO20', 'en-EN');
    expect(en.json()).toEqual({ code: 'sale.cupon.clase', field: 'cupon', message: 'This coupon does not apply to the class of these seats' });
    const reserve = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true, cupon: 'CUSCO20' });
    expect(reserve.statusCode).toBe(400);
    expect(reserve.json()).toMatchObject({ code: 'sale.cupon.clase', field: 'cupon' });
  });

  it('discounts a VIP cama seat from Lima to Cusco, and only that seat of a mixed purchase', async () => {
    const trip = await tripWithClass('LIM', 'CUZ', 7, 180);
    const { clave, seats } = await holdOf([{ trip, count: 1, clase: 180 }]);
    const q = (await cotizar(clave, 'CUSCO20')).json().data;
    expect(q).toMatchObject({ subtotal_centimos: cents(seats), descuento_centimos: Math.round(cents(seats) * 0.2), descuento_pct: 20, cupon: 'CUSCO20' });

    const mixed = await holdOf([{ trip, count: 1, clase: 180 }, { trip, count: 1, clase: 160 }]);
    const vip = mixed.seats.filter((s) => s.gcategoria_asiento === 180);
    expect((await cotizar(mixed.clave, 'CUSCO20')).json().data).toMatchObject({ subtotal_centimos: cents(mixed.seats), descuento_centimos: Math.round(cents(vip) * 0.2) });
  });

  it('refuses a trip to Cusco from another city than Lima', async () => {
    const trip = await tripWithClass('AQP', 'CUZ', 7, 180).catch(async () => (await tripsOn('AQP', 'CUZ', 7))[0]!);
    const { clave } = await holdOf([{ trip, count: 1 }]);
    const res = await cotizar(clave, 'CUSCO20');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'sale.cupon.origen', field: 'cupon', message: 'El cupón no aplica a viajes desde esta ciudad' });
  });
});

describe('NORTE15: to Tumbes, Monday to Thursday, at most 5 tickets', () => {
  it('refuses a departure on Friday to Sunday', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TBP', daysAheadOn([5, 6, 7]));
    const { clave } = await holdOf([{ trip, count: 1 }]);
    const res = await cotizar(clave, 'NORTE15');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'sale.cupon.dia', field: 'cupon', message: 'El cupón no aplica a viajes que salen este día de la semana' });
  });

  it('discounts a departure on Monday to Thursday', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TBP', daysAheadOn([1, 2, 3, 4]));
    const { clave, seats } = await holdOf([{ trip, count: 2 }]);
    expect((await cotizar(clave, 'NORTE15')).json().data).toMatchObject({ descuento_centimos: Math.round(cents(seats) * 0.15), descuento_pct: 15 });
  });

  it('refuses a purchase of more than 5 tickets', async () => {
    const days = daysAheadOn([1, 2, 3]);
    const out = await findTrip(api.app, 'LIM', 'TBP', days);
    const back = await findTrip(api.app, 'TBP', 'LIM', days + 1);
    const { clave } = await holdOf([{ trip: out, count: 3 }, { trip: back, count: 3 }]);
    const res = await cotizar(clave, 'NORTE15', 'en-EN');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'sale.cupon.maximo', field: 'cupon', message: 'This coupon allows fewer tickets per purchase' });
  });
});

describe('AMIGOS10: from 3 tickets on the same trip', () => {
  it('refuses fewer than 3 tickets on a trip', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 6);
    const { clave } = await holdOf([{ trip, count: 2 }]);
    const res = await cotizar(clave, 'AMIGOS10');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'sale.cupon.minimo', field: 'cupon', message: 'El cupón requiere más pasajes del mismo viaje' });
  });

  it('discounts every ticket of a trip with 3 or more, not those of a leg with fewer', async () => {
    const out = await findTrip(api.app, 'LIM', 'ICA', 6);
    const back = await findTrip(api.app, 'ICA', 'LIM', 8);
    const { clave, seats } = await holdOf([{ trip: out, count: 3 }, { trip: back, count: 1 }]);
    const ida = seats.slice(0, 3);
    expect((await cotizar(clave, 'AMIGOS10')).json().data).toMatchObject({ subtotal_centimos: cents(seats), descuento_centimos: Math.round(cents(ida) * 0.1), descuento_pct: 10 });
  });
});
