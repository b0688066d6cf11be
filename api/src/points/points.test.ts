import type { PointsQuote, ReservationView, SeatCell, Trip } from '@rumbo/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import { puntosMovimiento } from '../accounts/accounts.tables';
import { customerWithPoints } from '../test/customers';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, payWithSafetyPay, post, seatState as seatStateIn, setupSandboxApp } from '../test/purchase';
import { pointsSum } from './points.service';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now);

afterEach(() => {
  clock = Date.now();
});

const db = () => api.db;
const seatState = (id: number | null) => seatStateIn(db(), id);
const holdWithPassenger = (trip: Trip, seat: SeatCell, clave?: string) => holdNewPassenger(api.app, trip, seat, clave);
const pay = (codigo: string, clave: string, total: number) => payWithSafetyPay(api, now(), codigo, clave, total);

describe('points', () => {
  const customer = (puntos: number) => customerWithPoints(db(), puntos);
  const balance = async (auth: Record<string, string>) => (await api.app.inject({ url: '/rest/user/puntos', headers: auth })).json().data as { saldo: number; retenidos: number; disponibles: number };

  it('publishes the rules in the caller language', async () => {
    const es = (await api.app.inject({ url: '/rest/informacion/pasajes/', headers: { 'accept-language': 'es-PE' } })).json().data;
    const en = (await api.app.inject({ url: '/rest/informacion/pasajes/', headers: { 'accept-language': 'en-EN' } })).json().data;
    expect(es).toMatchObject({ puntos_por_sol: 1, centimos_por_punto: 10, minimo_canje: 100, maximo_pct: 100 });
    expect(es.html).toContain('100 puntos');
    expect(en.html).toContain('100 points');
    // The spec's path without the trailing slash answers the same rules.
    expect((await api.app.inject({ url: '/rest/informacion/pasajes', headers: { 'accept-language': 'en-EN' } })).json().data).toEqual(en);
  });

  it('applies points to the quote and the reservation, refuses more than available, 401 without a session', async () => {
    const { auth } = await customer(250);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 15);
    const clave = await holdWithPassenger(trip, byPrice(await freeSeats(api.app, trip)).at(-1)!);
    expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 200 })).statusCode).toBe(401);
    const tooMany = await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 300 }, auth);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ code: 'points.insufficient', message: 'No tiene puntos suficientes para este canje' });
    expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 50 }, auth)).json().code).toBe('points.minimum');

    const applied = await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 200 }, auth);
    expect(applied.statusCode).toBe(200);
    const q = applied.json().data as PointsQuote;
    expect(q).toMatchObject({ puntos_canje: 200, canje_centimos: 2000, total_centimos: q.subtotal_centimos - 2000, puntos_disponibles: 50 });
    expect((await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave })).json().data).toMatchObject({ puntos_canje: 200, canje_centimos: 2000 });
    expect(await balance(auth)).toEqual(expect.objectContaining({ saldo: 250, retenidos: 200, disponibles: 50 }));

    const reserved = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, auth);
    expect(reserved.json().data).toMatchObject({ puntos_canje: 200, canje_centimos: 2000, total_centimos: q.total_centimos });
    // The reservation expires: the points come back without any sweeper, no ledger row was written.
    clock += 31 * 60_000;
    expect(await balance(auth)).toEqual(expect.objectContaining({ saldo: 250, retenidos: 0, disponibles: 250 }));
  });

  it('writes the ledger row on payment (points redeemed, then earned on what was paid)', async () => {
    const { auth, ccuenta } = await customer(300);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 16);
    const clave = await holdWithPassenger(trip, byPrice(await freeSeats(api.app, trip)).at(-1)!);
    await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 300 }, auth);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
    await pay(view.codigo, clave, view.total_centimos);
    const rows = await db().select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(asc(puntosMovimiento.id));
    expect(rows.map((r) => [r.concepto, r.puntos])).toEqual([
      ['bienvenida', 300],
      ['canje', -300],
      ['viaje', Math.floor(view.total_centimos / 100)],
    ]);
    expect(rows.every((r) => r.saldo >= 0)).toBe(true);
    expect(await pointsSum(db(), ccuenta)).toBe(rows.at(-1)!.saldo);
    expect(await balance(auth)).toEqual(expect.objectContaining({ retenidos: 0 }));
  });

  it('redeems points for a whole ticket: zero total confirmed without a provider', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 17);
    const seat = byPrice(await freeSeats(api.app, trip))[0]!;
    const needed = Math.ceil((seat.precio! * 100) / 10);
    const { auth, ccuenta } = await customer(needed + 50);
    const clave = await holdWithPassenger(trip, seat);
    const applied = await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: needed }, auth);
    expect(applied.json().data).toMatchObject({ total_centimos: 0, puntos_canje: needed });
    expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: needed + 10 }, auth)).json().code).toBe('points.max');
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
    expect(view.total_centimos).toBe(0);
    expect((await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' })).json().code).toBe('points.zeroTotal');

    const res = await post(api.app, '/rest/canje/confirmar', { codigo: view.codigo, clave_bloqueo: clave });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ estado: 'pagada', total_centimos: 0 });
    expect((res.json().data as ReservationView).boletos).toHaveLength(1);
    expect(await seatState(seat.cviaje_asiento)).toBe(82);
    const rows = await db().select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta)).orderBy(asc(puntosMovimiento.id));
    expect(rows.map((r) => [r.concepto, r.puntos, r.saldo])).toEqual([
      ['bienvenida', needed + 50, needed + 50],
      ['canje', -needed, 50],
    ]);
    expect((await post(api.app, '/rest/canje/confirmar', { codigo: view.codigo, clave_bloqueo: clave })).json().code).toBe('sale.reserva.pagada');
  });

  it('two redemptions at once never overdraw the balance', async () => {
    const { auth, ccuenta } = await customer(300);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 18);
    const free = byPrice(await freeSeats(api.app, trip)).slice(-6);
    const keys = await Promise.all(free.map((seat) => holdWithPassenger(trip, seat)));
    const answers = await Promise.all(keys.map((clave) => post(api.app, '/rest/canje/asociar', { clave_bloqueo: clave, puntos: 200 }, auth)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'points.insufficient')).toBe(true);
    expect(await balance(auth)).toEqual(expect.objectContaining({ saldo: 300, retenidos: 200, disponibles: 100 }));

    // Reserving and paying every one at once: one redemption, the ledger never below zero.
    const winner = keys[answers.findIndex((a) => a.statusCode === 200)]!;
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: winner, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
    await pay(view.codigo, winner, view.total_centimos);
    const rows = await db().select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, ccuenta));
    expect(rows.filter((r) => r.concepto === 'canje')).toHaveLength(1);
    expect(rows.every((r) => r.saldo >= 0)).toBe(true);
  });
});
