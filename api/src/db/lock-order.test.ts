import type { ReservationView } from '@rumbo/shared/schemas';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { otpCodigo } from '../accounts/accounts.tables';
import { decimalOf } from '../payments/signing';
import { customerWithPoints } from '../test/customers';
import { TEST_ENGINE } from '../test/database';
import { ADULT, BUYER, findTrip, freeSeats, holdForPassenger, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { LOCK_ORDER, LockOrderError, locks } from './lock-order';
import { lockSeats } from '../seats/seat-locks';
import { lockAccount } from '../accounts/account-lock';
import { lockWaiters } from '../test/locks';

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);

const customer = (puntos: number) => customerWithPoints(api.db, puntos, now());

describe('the lock order', () => {
  it('is written down once and refuses a lock taken above one already held', async () => {
    expect(LOCK_ORDER).toEqual(['purchaseKey', 'holdClient', 'payment', 'reservation', 'ticket', 'seats', 'account', 'voucherSeries', 'credit', 'oneTimeCode', 'subscription', 'waitlistCustomer']);
    const { ccuenta } = await customer(0);
    // In order: fine (and a step may repeat).
    await api.db.transaction(async (tx) => {
      await locks.purchaseKey(tx, 'k');
      await lockSeats(tx, [1, 2]);
      await lockAccount(tx, ccuenta);
      await lockAccount(tx, ccuenta);
    });
    // The account, then seats: what issuePaid did before (and reserve the other way round).
    await expect(
      api.db.transaction(async (tx) => {
        await lockAccount(tx, ccuenta);
        await lockSeats(tx, [1]);
      }),
    ).rejects.toThrow(LockOrderError);
    // A one-time code is taken last: nothing above it while it is held.
    await expect(
      api.db.transaction(async (tx) => {
        await locks.oneTimeCode(tx, otpCodigo, eq(otpCodigo.ccuenta, ccuenta));
        await lockAccount(tx, ccuenta);
      }),
    ).rejects.toThrow(LockOrderError);
  });

  it('issue 45: a savepoint goes on from its transaction\'s step; rolled back, the transaction is back at its own', async () => {
    const { ccuenta } = await customer(0);
    await expect(
      api.db.transaction(async (tx) => {
        await lockAccount(tx, ccuenta);
        await locks.savepoint(tx, (sp) => lockSeats(sp, [1]));
      }),
    ).rejects.toThrow(LockOrderError);
    await api.db.transaction(async (tx) => {
      await lockSeats(tx, [1]);
      const undone = locks.savepoint(tx, async (sp) => {
        await lockAccount(sp, ccuenta);
        throw new Error('undone');
      });
      await expect(undone).rejects.toThrow('undone');
      await lockSeats(tx, [2]);
      // Released, its account lock is the transaction's: seats are above it now.
      await locks.savepoint(tx, (sp) => lockAccount(sp, ccuenta));
      await expect(lockSeats(tx, [3])).rejects.toThrow(LockOrderError);
    });
  });
});

/**
 * One customer, two purchases of the same seat: A reserved with points and lapsed, B holds the
 * seat again with points. A's late "paid" notice (issuePaid) and B's reservation (reserve) race.
 * The account row is held from outside so both are in flight at once: issuePaid first, then
 * reserve. Were issuePaid to lock the account before the seats while reserve locks the seats
 * before the account, releasing the account would deadlock them (PostgreSQL aborts one: a 500).
 * PostgreSQL only: PGlite runs one transaction at a time.
 */
const describeOnPostgres = TEST_ENGINE === 'postgres' ? describe : describe.skip;
describeOnPostgres('issuePaid racing reserve for one customer', () => {
  it('neither deadlocks: the late payment is refunded, the new reservation stands', async () => {
    const { ccuenta, auth } = await customer(1000);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 12);
    const seat = (await freeSeats(api.app, trip)).find((s) => s.precio !== null && s.precio >= 20)!;
    const passenger = { ...ADULT, numero: String(48_000_000 + Math.floor(Math.random() * 900_000)) };

    // Purchase A: points applied, reserved, card payment started; then it lapses.
    const keyA = await holdForPassenger(api.app, trip, seat, passenger);
    expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: keyA, puntos: 100 }, auth)).statusCode).toBe(200);
    const a = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: keyA, comprador: BUYER, terminos: true }, auth)).json().data as ReservationView;
    const referencia = await startSafetyPay(api.app, api.db, a.codigo, keyA);
    clock += 31 * 60_000;

    // Purchase B of the same customer holds the same seat again, with points.
    const keyB = await holdForPassenger(api.app, trip, seat, passenger);
    expect((await post(api.app, '/rest/canje/asociar', { clave_bloqueo: keyB, puntos: 100 }, auth)).statusCode).toBe(200);

    const outside = new pg.Client({ connectionString: api.database.databaseUrl });
    await outside.connect();
    const waiting = (count: number) => lockWaiters(outside, count, 200);
    try {
      await outside.query('begin');
      await outside.query('select ccuenta from cuenta where ccuenta = $1 for update', [ccuenta]);
      const paid = notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(a.total_centimos) }, now()));
      await waiting(1);
      const reserved = post(api.app, '/rest/venta/reserva', { clave_bloqueo: keyB, comprador: BUYER, terminos: true }, auth);
      await waiting(2);
      await outside.query('commit');

      const [notice, reservation] = await Promise.all([paid, reserved]);
      expect(notice.statusCode).toBe(200);
      expect(reservation.statusCode).toBe(201);
      const view = (await post(api.app, '/rest/venta/consulta', { codigo: a.codigo, clave_bloqueo: keyA })).json().data as ReservationView;
      expect(view.estado).toBe('reembolso');
    } finally {
      await outside.end();
    }
  }, 60_000);
});
