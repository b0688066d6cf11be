import type { Choice, Credit, CreditApplied, ReservationView, TicketChanges } from '@rumbo/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { reembolso } from '../disruptions/disruptions.tables';
import { customerWithPoints } from '../test/customers';
import { BUYER, byPrice, cipPaidNotice, findTrip, freeSeats, holdNewPassenger, notifySafetyPay, post, safetyPayNotice, setupSandboxApp, startSafetyPay } from '../test/purchase';
import { decimalOf } from '../payments/signing';
import { creditBalance, issueCredit } from './credit.service';
import { credito, credito_movimiento, credito_retencion } from './credit.tables';
import { boleto, pago, pago_aviso, reserva } from '../sales/sales.tables';
import { outbox } from '../mail/mail.tables';
import { comprobante } from '../vouchers/vouchers.tables';

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

  it('pays part of a purchase, the provider the rest; the refund gives the credit part back as credit', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const p = await pending(37, auth);
    const total = p.view.total_centimos;
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, 1000, 'TEST0003-1', 12, now()));
    // Asking for more than there is holds what there is.
    const applied = (await post(api.app, '/rest/credito/aplicar', { codigo: p.view.codigo, clave_bloqueo: p.clave, monto_centimos: 5000 }, auth)).json().data as CreditApplied;
    expect(applied).toEqual({ credito_centimos: 1000, por_pagar_centimos: total - 1000, disponible_centimos: 0 });
    expect(((await post(api.app, '/rest/venta/consulta', { codigo: p.view.codigo, clave_bloqueo: p.clave })).json().data as ReservationView).credito_centimos).toBe(1000);
    // The provider is asked for the rest, and its notice of that amount pays the purchase.
    const referencia = await startSafetyPay(api.app, db(), p.view.codigo, p.clave);
    expect((await db().select().from(pago).where(eq(pago.referencia, referencia)))[0]!.monto_centimos).toBe(total - 1000);
    expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(total - 1000) }, now()))).statusCode).toBe(200);
    const paid = (await post(api.app, '/rest/venta/consulta', { codigo: p.view.codigo, clave_bloqueo: p.clave })).json().data as ReservationView;
    expect(paid).toMatchObject({ estado: 'pagada', credito_centimos: 1000 });
    const mine = (await api.app.inject({ url: '/rest/user/credito', headers: auth })).json().data as Credit;
    expect(mine.disponible_centimos).toBe(0);
    expect(mine.movimientos.map((m) => [m.concepto, m.monto_centimos])).toEqual([['canje', -1000], ['emision', 1000]]);

    // Cancelled for a refund: the fee is shared out; the credit part goes back as credit, only the rest to the card, once.
    const numero = paid.boletos[0]!.numero;
    const fee = Math.round(total * 0.1);
    const answers = await Promise.all([1, 2].map(() => post(api.app, '/rest/venta/anular', { numero, destino: 'original' }, auth)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().data as Choice).toMatchObject({ tipo: 'anulacion', monto_centimos: total - fee });
    const refunds = await db().select().from(reembolso).where(eq(reembolso.numero, numero));
    expect(refunds).toHaveLength(1);
    const back = await db().select().from(credito).where(eq(credito.origen, numero));
    expect(back).toHaveLength(1);
    expect(back[0]!.monto_centimos).toBe(1000 - Math.round(1000 * 0.1));
    expect(refunds[0]!.monto_centimos + back[0]!.monto_centimos).toBe(total - fee);
    const sandbox = (await api.app.inject({ url: '/sandbox/safetypay/reembolsos' })).json() as { refundId: string; amount: string }[];
    expect(sandbox.filter((r) => r.refundId === refunds[0]!.clave).map((r) => r.amount)).toEqual([decimalOf(refunds[0]!.monto_centimos)]);
  });

  it('one credit held by two purchases at once is held once; both paid, it is spent once; a lapsed hold frees it', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const a = await pending(38, auth, 0);
    const b = await pending(38, auth, 1);
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, 1500, 'TEST0004-1', 12, now()));
    const applied = await Promise.all([a, b].map((p) => post(api.app, '/rest/credito/aplicar', { codigo: p.view.codigo, clave_bloqueo: p.clave, monto_centimos: 1500 }, auth)));
    const held = applied.map((r) => (r.json().data as CreditApplied).credito_centimos);
    expect(held.sort((x, y) => x - y)).toEqual([0, 1500]);
    // The one without credit cannot take it by paying all with credit either.
    const bare = held[0] === 0 && (applied[0]!.json().data as CreditApplied).credito_centimos === 0 ? a : b;
    expect((await post(api.app, '/rest/credito/pagar', { codigo: bare.view.codigo, clave_bloqueo: bare.clave }, auth)).json().code).toBe('credit.insufficient');
    // Both paid at once through the provider, each for what it owes: the credit is spent once.
    await Promise.all(
      [a, b].map(async (p) => {
        const due = ((await post(api.app, '/rest/venta/consulta', { codigo: p.view.codigo, clave_bloqueo: p.clave })).json().data as ReservationView).credito_centimos ?? 0;
        const referencia = await startSafetyPay(api.app, db(), p.view.codigo, p.clave);
        expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(p.view.total_centimos - due) }, now()))).statusCode).toBe(200);
      }),
    );
    for (const p of [a, b]) expect((await post(api.app, '/rest/venta/consulta', { codigo: p.view.codigo, clave_bloqueo: p.clave })).json().data.estado).toBe('pagada');
    const spent = await db().select().from(credito_movimiento).innerJoin(credito, eq(credito.ccredito, credito_movimiento.ccredito)).where(and(eq(credito.ccuenta, ccuenta), eq(credito_movimiento.concepto, 'canje')));
    expect(spent.reduce((sum, row) => sum + row.credito_movimiento.monto_centimos, 0)).toBe(-1500);
    expect(await creditBalance(db(), { ccuenta }, now())).toBe(0);

    // A hold whose reservation lapses unpaid counts for nothing.
    const c = await pending(39, auth);
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, 700, 'TEST0005-1', 12, now()));
    await post(api.app, '/rest/credito/aplicar', { codigo: c.view.codigo, clave_bloqueo: c.clave, monto_centimos: 700 }, auth);
    expect(await creditBalance(db(), { ccuenta }, now())).toBe(0);
    clock = new Date(c.view.expira).getTime() + 1000;
    expect(await creditBalance(db(), { ccuenta }, now())).toBe(700);
  });

  it('a guest reads and uses the credit of an earlier purchase by its code and key', async () => {
    const origin = await pending(40, {}, 0);
    const [row] = await db().select({ creserva: reserva.creserva }).from(reserva).where(eq(reserva.codigo, origin.view.codigo));
    await db().transaction((tx) => issueCredit(tx, { creserva: row!.creserva }, 800, `${origin.view.codigo}-1`, 12, now()));
    const read = await post(api.app, '/rest/credito/compra', { codigo: origin.view.codigo, clave_bloqueo: origin.clave });
    expect(read.json().data).toMatchObject({ disponible_centimos: 800, movimientos: [{ concepto: 'emision', monto_centimos: 800 }] });
    expect((await post(api.app, '/rest/credito/compra', { codigo: origin.view.codigo, clave_bloqueo: 'wrongWrongWrong0123456' })).statusCode).toBe(404);
    const p = await pending(40, {}, 1);
    const origen = { codigo: origin.view.codigo, clave_bloqueo: origin.clave };
    expect((await post(api.app, '/rest/credito/aplicar', { codigo: p.view.codigo, clave_bloqueo: p.clave, origen, monto_centimos: 800 })).json().data).toMatchObject({ credito_centimos: 800 });
    // Without a session or an earlier purchase there is no credit to use.
    expect((await post(api.app, '/rest/credito/aplicar', { codigo: p.view.codigo, clave_bloqueo: p.clave, monto_centimos: 800 })).statusCode).toBe(401);
  });
});

describe('issue 45 item 1: travel credit is spent once, or the sale is not issued', () => {
  /** Starts a PagoEfectivo payment (a CIP) of the purchase; its payment row. */
  async function startCip(codigo: string, clave: string) {
    expect((await post(api.app, '/rest/efectivo', { codigo, clave_bloqueo: clave })).statusCode).toBe(200);
    const rows = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(and(eq(reserva.codigo, codigo), eq(pago.proveedor, 'pagoefectivo')));
    return rows[rows.length - 1]!.pago;
  }

  /** PagoEfectivo's signed `cip.paid` notice for that payment, delivered. */
  async function cipPaid(payment: typeof pago.$inferSelect, operationNumber: string) {
    const notice = cipPaidNotice(api.sandbox, { referencia: payment.referencia, amount: payment.monto_centimos / 100, operationNumber, cip: payment.cip! });
    return api.app.inject({ method: 'POST', url: '/rest/efectivo/notificacion', payload: notice.body, headers: { 'content-type': 'application/json', 'pe-signature': notice.signature } });
  }

  const reservationRow = async (codigo: string) => (await db().select().from(reserva).where(eq(reserva.codigo, codigo)))[0]!;
  const consult = async (p: { view: ReservationView; clave: string }) => (await post(api.app, '/rest/venta/consulta', { codigo: p.view.codigo, clave_bloqueo: p.clave })).json().data as ReservationView;
  /** What the customer's credit lots gave to purchases ('canje' rows), in céntimos (positive). */
  const spentOf = async (ccuenta: number) =>
    -(await db().select().from(credito_movimiento).innerJoin(credito, eq(credito.ccredito, credito_movimiento.ccredito)).where(and(eq(credito.ccuenta, ccuenta), eq(credito_movimiento.concepto, 'canje')))).reduce(
      (sum, row) => sum + row.credito_movimiento.monto_centimos,
      0,
    );

  it('two payment attempts, one declined, the credit reused: the late paid notice is refunded, never issued', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const first = await pending(41, auth, 0);
    const second = await pending(41, auth, 1);
    const credit = first.view.total_centimos - 500;
    await db().transaction((tx) => issueCredit(tx, { ccuenta }, credit, 'TEST0045-1', 12, now()));
    expect((await post(api.app, '/rest/credito/aplicar', { codigo: first.view.codigo, clave_bloqueo: first.clave, monto_centimos: credit }, auth)).json().data).toMatchObject({ credito_centimos: credit, por_pagar_centimos: 500 });
    // Two attempts for the S/ 5 left: SafetyPay and a PagoEfectivo CIP.
    const safetypay = await startSafetyPay(api.app, db(), first.view.codigo, first.clave);
    const cip = await startCip(first.view.codigo, first.clave);
    expect(cip.monto_centimos).toBe(500);

    // SafetyPay declines: the reservation is cancelled and lets its credit go (no hold left 'retenido').
    expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia: safetypay, amount: decimalOf(500), status: '103' }, now()))).statusCode).toBe(200);
    expect(await consult(first)).toMatchObject({ estado: 'anulada', motivo: 'rechazado' });
    const firstRow = await reservationRow(first.view.codigo);
    expect(await db().select().from(credito_retencion).where(eq(credito_retencion.creserva, firstRow.creserva))).toEqual([]);

    // The same credit pays part of the second purchase.
    expect((await post(api.app, '/rest/credito/aplicar', { codigo: second.view.codigo, clave_bloqueo: second.clave, monto_centimos: credit }, auth)).json().data).toMatchObject({ credito_centimos: credit });
    const other = await startSafetyPay(api.app, db(), second.view.codigo, second.clave);
    expect((await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia: other, amount: decimalOf(second.view.total_centimos - credit) }, now()))).statusCode).toBe(200);
    expect(await consult(second)).toMatchObject({ estado: 'pagada', credito_centimos: credit });

    // Then the CIP of the first is paid: its credit is gone, so nothing is issued and the S/ 5 go back.
    expect((await cipPaid(cip, '4500001')).statusCode).toBe(200);
    expect(await consult(first)).toMatchObject({ estado: 'reembolso', motivo: 'boleto_invalido', boletos: [] });
    expect(await db().select().from(boleto).where(eq(boleto.creserva, firstRow.creserva))).toEqual([]);
    expect(await db().select().from(comprobante).where(eq(comprobante.creserva, firstRow.creserva))).toEqual([]);
    expect((await db().select().from(pago_aviso).where(eq(pago_aviso.cpago, cip.cpago)))[0]).toMatchObject({ resultado: 'reembolso' });
    expect((await reservationRow(first.view.codigo)).alerta).toBeNull();
    const mails = await db().select().from(outbox).where(eq(outbox.to, BUYER.email));
    expect(mails.filter((m) => m.subject === `Su pago de la compra ${first.view.codigo} será devuelto`)).toHaveLength(1);
    // The credit was spent once, by the second purchase.
    expect(await spentOf(ccuenta)).toBe(credit);
    expect(await creditBalance(db(), { ccuenta }, now())).toBe(0);
  });

  it('a lapsed reservation paid late, after or at once with another purchase spending its credit: one of them has it', async () => {
    for (const [round, mode] of (['after', 'at once'] as const).entries()) {
      clock = Date.now();
      const { ccuenta, auth } = await customerWithPoints(db(), 0);
      const first = await pending(42 + 2 * round, auth, 0);
      const part = first.view.total_centimos - 500;
      await db().transaction((tx) => issueCredit(tx, { ccuenta }, part, `TEST0045-${2 + round}`, 12, now()));
      expect((await post(api.app, '/rest/credito/aplicar', { codigo: first.view.codigo, clave_bloqueo: first.clave, monto_centimos: part }, auth)).json().data).toMatchObject({ credito_centimos: part });
      const referencia = await startSafetyPay(api.app, db(), first.view.codigo, first.clave);
      // The first lapses unpaid: its hold counts no more, and a second purchase may spend the credit.
      clock = new Date(first.view.expira).getTime() + 60_000;
      const second = await pending(43 + 2 * round, auth, 0);
      if (second.view.total_centimos > part) await db().transaction((tx) => issueCredit(tx, { ccuenta }, second.view.total_centimos - part, `TEST0045-${4 + round}`, 12, now()));
      // Enough credit for either, not for both.
      const lots = Math.max(part, second.view.total_centimos);
      const payLate = () => notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(500) }, now()));
      const paySecond = () => post(api.app, '/rest/credito/pagar', { codigo: second.view.codigo, clave_bloqueo: second.clave }, auth);
      const [late, paid] = mode === 'after' ? [undefined, await paySecond()] : await Promise.all([payLate(), paySecond()]);
      expect((late ?? (await payLate())).statusCode).toBe(200);
      const firstAfter = await consult(first);
      const issued = [firstAfter.estado === 'pagada', paid.statusCode === 200];
      expect(issued.filter(Boolean)).toHaveLength(1);
      if (mode === 'after') expect(issued[1]).toBe(true);
      expect(await spentOf(ccuenta)).toBe(issued[0] ? part : second.view.total_centimos);
      expect(await spentOf(ccuenta)).toBeLessThanOrEqual(lots);
      if (issued[0]) {
        expect(paid.json().code).toBe('credit.insufficient');
      } else {
        expect(firstAfter).toMatchObject({ estado: 'reembolso', motivo: 'boleto_invalido', boletos: [] });
        const row = await reservationRow(first.view.codigo);
        expect(row.alerta).toBeNull();
        expect(await db().select().from(comprobante).where(eq(comprobante.creserva, row.creserva))).toEqual([]);
        expect(await db().select().from(credito_retencion).where(eq(credito_retencion.creserva, row.creserva))).toEqual([]);
      }
    }
  });

  it('a cancellation gives back at most the money paid and the credit spent, even for a sale issued without its credit', async () => {
    const { ccuenta, auth } = await customerWithPoints(db(), 0);
    const elsewhere = await reservationRow((await pending(44, auth, 2)).view.codigo);
    for (const [index, destino] of (['credito', 'original'] as const).entries()) {
      const p = await pending(44, auth, index);
      const part = p.view.total_centimos - 500;
      await db().transaction((tx) => issueCredit(tx, { ccuenta }, part, `TEST0045-${6 + index}`, 12, now()));
      await post(api.app, '/rest/credito/aplicar', { codigo: p.view.codigo, clave_bloqueo: p.clave, monto_centimos: part }, auth);
      const referencia = await startSafetyPay(api.app, db(), p.view.codigo, p.clave);
      await notifySafetyPay(api.app, safetyPayNotice(api.sandbox, { referencia, amount: decimalOf(500) }, now()));
      const { creserva } = await reservationRow(p.view.codigo);
      // As the audit left such a sale (issued before issue 45): its credit spent on another purchase, S/ 5 paid.
      await db().update(credito_movimiento).set({ creserva: elsewhere.creserva }).where(and(eq(credito_movimiento.creserva, creserva), eq(credito_movimiento.concepto, 'canje')));
      await db().delete(credito_retencion).where(eq(credito_retencion.creserva, creserva));
      await db().update(reserva).set({ alerta: 'credito_insuficiente' }).where(eq(reserva.creserva, creserva));

      const numero = (await consult(p)).boletos[0]!.numero;
      const quote = (await post(api.app, '/rest/venta/cambios', { numero }, auth)).json().data as TicketChanges;
      expect(quote.credito_centimos).toBeLessThanOrEqual(500);
      expect(quote.reembolso_centimos).toBeLessThanOrEqual(500);
      const choice = (await post(api.app, '/rest/venta/anular', { numero, destino }, auth)).json().data as Choice;
      const refunds = await db().select().from(reembolso).where(eq(reembolso.numero, numero));
      const credited = await db().select().from(credito).where(eq(credito.origen, numero));
      const back = [...refunds, ...credited].reduce((sum, row) => sum + row.monto_centimos, 0);
      expect(choice.monto_centimos).toBeLessThanOrEqual(500);
      expect(back).toBe(choice.monto_centimos);
      expect(back).toBeGreaterThan(0);
      // The credit note says no more than that either.
      const notes = await db().select().from(comprobante).where(and(eq(comprobante.creserva, creserva), eq(comprobante.tipo, '07')));
      expect(notes.reduce((sum, v) => sum + v.total_centimos, 0)).toBeLessThanOrEqual(500);
    }
  });
});
