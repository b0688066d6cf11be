import type { Credit, ReservationView } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import { customerWithPoints } from '../test/customers';
import { BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, post, setupSandboxApp } from '../test/purchase';
import { creditBalance, issueCredit } from './credit.service';
import { credito } from './credit.tables';
import { reserva } from '../sales/sales.tables';

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);
afterEach(() => {
  clock = Date.now();
});
const db = () => api.db;

/** A pending reservation of the cheapest free seat `days` ahead (as the customer of `headers`, or a guest). */
async function pending(days: number, headers: Record<string, string> = {}, index = 0) {
  const trip = await findTrip(api.app, 'LIM', 'ICA', days);
  const seat = byPrice(await freeSeats(api.app, trip))[index]!;
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, headers);
  expect(res.statusCode).toBe(201);
  return { clave, view: res.json().data as ReservationView };
}

describe('travel credit (issue 35)', () => {
  it('pays a reservation in full, shows in the ledger, and is never spent twice at once', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const a = await pending(30, auth, 0);
    const b = await pending(30, auth, 1);
    // Enough for one of the two purchases, not for both.
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, Math.max(a.view.total_centimos, b.view.total_centimos), 'TEST0001-1', 12, now()));
    const answers = await Promise.all(
      [a, b].map((p) => post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave }, auth)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('credit.insufficient');
    const paid = answers.find((r) => r.statusCode === 200)!.json().data as ReservationView;
    expect(paid).toMatchObject({ estado: 'pagada' });
    expect(paid.boletos).toHaveLength(1);
    const lots = await db().select().from(credito).where(eq(credito.ccuenta, ccuenta));
    expect(lots.every((lot) => lot.saldo_centimos >= 0)).toBe(true);
    const mine = (await api.app.inject({ url: '/rest/user/credito', headers: auth })).json().data as Credit;
    expect(mine.disponible_centimos).toBe(await creditBalance(db(), { ccuenta }, now()));
    expect(mine.movimientos.map((m) => m.concepto)).toEqual(['canje', 'emision']);
    expect(mine.movimientos[0]!.monto_centimos).toBe(-paid.total_centimos);
    // The other purchase is still pending, to pay another way.
    const other = answers.find((r) => r.statusCode === 409) === answers[0] ? a : b;
    expect((await post(api.app, '/rest/venta/consulta', { codigo: other.view.codigo, clave_bloqueo: other.clave })).json().data.estado).toBe('pendiente');
  });

  it('a guest spends the credit of an earlier purchase, proven by its code and key', async () => {
    const origin = await pending(31, {}, 0);
    const [row] = await db().select({ creserva: reserva.creserva }).from(reserva).where(eq(reserva.codigo, origin.view.codigo));
    const p = await pending(31, {}, 1);
    await db().transaction((tx) => issueCredit(tx, { creserva: row!.creserva }, p.view.total_centimos + 100, `${origin.view.codigo}-1`, 12, now()));
    // Another purchase's key does not open that credit.
    const wrong = await post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave, origen: { codigo: origin.view.codigo, clave_bloqueo: p.clave } });
    expect(wrong.statusCode).toBe(404);
    const res = await post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave, origen: { codigo: origin.view.codigo, clave_bloqueo: origin.clave } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ estado: 'pagada' });
    expect(await creditBalance(db(), { creserva: row!.creserva }, now())).toBe(100);
    // Paid: a second click is refused, nothing spent twice.
    expect((await post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave, origen: { codigo: origin.view.codigo, clave_bloqueo: origin.clave } })).json().code).toBe('sale.reserva.pagada');
    expect(await creditBalance(db(), { creserva: row!.creserva }, now())).toBe(100);
  });

  it('refuses without a session or an earlier purchase, and an expired credit', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const p = await pending(32, auth);
    expect((await post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave })).statusCode).toBe(401);
    // A lot that has expired (issued for 0 months) cannot be spent.
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, p.view.total_centimos, 'TEST0002-1', 0, now()));
    const late = await post(api.app, '/rest/credito/pagar', { codigo: p.view.codigo, clave_bloqueo: p.clave }, auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('credit.insufficient');
  });
});
