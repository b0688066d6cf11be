import type { ReservationView } from '@rumbo/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { openSession } from '../accounts/sessions';
import { cuenta, puntosMovimiento } from '../accounts/accounts.tables';
import { outbox } from '../mail/mail.tables';
import { createMailSender } from '../mail/sender';
import { createSmtpTransport } from '../mail/transport';
import { decimalOf } from '../payments/signing';
import { viaje_asiento } from '../seats/seats.tables';
import { signVouchers, TEST_SECRET } from '../test/app';
import { salesSteps } from '../test/sales';
import { BUYER, cipPaidNotice, findTrip, freeSeats, heldPurchase, hold, post, safetyPayNotice, seatBody, setupSandboxApp, STORE } from '../test/purchase';
import { startSmtpPeer } from '../test/smtp-peer';
import { ticketAttachments } from './ticket-attachments';
import { boleto, pago, pago_aviso, reserva } from './sales.tables';
import { verifyTicketQr } from './tickets';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now);

const db = () => api.db;
const sandbox = () => api.sandbox;
const { reserveOne, startSafetyPay, notify, consult, seatStates, mailsTo, mailsAfterCode } = salesSteps(api);

describe('payment and tickets', () => {
  it('starts a SafetyPay payment and a CIP through the sandbox, for the total in the database', async () => {
    const { view, clave } = await reserveOne({ days: 3 });
    const sp = await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'banca' });
    expect(sp.json().data).toMatchObject({ proveedor: 'safetypay', url: expect.stringContaining('/sandbox/safetypay/pago/'), cip: null, sandbox: true, expira: view.expira });
    const cip = await post(api.app, '/rest/efectivo', { codigo: view.codigo, clave_bloqueo: clave });
    expect(cip.json().data).toMatchObject({ proveedor: 'pagoefectivo', cip: expect.stringMatching(/^\d{8}$/), sandbox: true });
    const payments = (await consult(view.codigo, clave)).pagos;
    expect(payments.map((p) => [p.proveedor, p.metodo, p.estado])).toEqual([['safetypay', 'banca', 'iniciado'], ['pagoefectivo', 'cip', 'iniciado']]);
    const rows = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    expect(rows.every((r) => r.pago.monto_centimos === view.total_centimos)).toBe(true);

    const wrongKey = await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000', metodo: 'banca' });
    expect(wrongKey.statusCode).toBe(404);
  });

  it('pays end to end through the sandbox page: approve, signed notice, acknowledged echo, back to the store', async () => {
    const { view, clave } = await reserveOne({ days: 4 });
    const start = (await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' })).json().data;
    const page = await fetch(start.url);
    expect(page.status).toBe(200);
    const approve = await fetch(start.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=aprobar',
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(`${STORE}/pasajes/reserva/${view.codigo}`);
    const paid = await consult(view.codigo, clave);
    expect(paid.estado).toBe('pagada');
    expect(paid.boletos).toHaveLength(1);
    // Issue 36: the ticket says where and when to board (it is kept on the device for offline use).
    const ticket = paid.boletos[0]!;
    expect(ticket.direccion_origen).toEqual(expect.stringMatching(/\S/));
    expect(Date.parse(ticket.salida) - Date.parse(ticket.embarque ?? '')).toBe(30 * 60_000);
  });

  it('declines end to end through the sandbox page and a lapsed CIP', async () => {
    const { view, clave, seats } = await reserveOne({ days: 4 });
    const start = (await post(api.app, '/rest/efectivo', { codigo: view.codigo, clave_bloqueo: clave })).json().data;
    const lapse = await fetch(start.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'vencer', retorno: new URL(start.url).searchParams.get('retorno')!, firma: new URL(start.url).searchParams.get('firma')! }).toString(),
    });
    expect(lapse.status).toBe(303);
    expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'anulada', motivo: 'rechazado' });
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([83]);
  });

  it('issues tickets once for a notice delivered 10 times, credits points and mails the PDF', async () => {
    const demo = (await db().select().from(cuenta).where(eq(cuenta.correo, 'demo@rumboandino.pe')))[0]!;
    const token = await openSession(db(), demo.ccuenta, 3600, TEST_SECRET);
    const before = (await db().select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, demo.ccuenta))).length;
    const { view, clave, seats } = await reserveOne({ days: 6, count: 2, headers: { authorization: `Bearer ${token}` } });
    const referencia = await startSafetyPay(view.codigo, clave);
    const body = safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos), referenceNo: '7000000001' }, now());

    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0]!.body.split(',')).toHaveLength(11);

    const paid = await consult(view.codigo, clave);
    expect(paid.estado).toBe('pagada');
    expect(paid.boletos).toHaveLength(2);
    expect(paid.boletos.every((t) => verifyTicketQr(TEST_SECRET, t.qr))).toBe(true);
    expect(paid.pagos[0]).toMatchObject({ estado: 'pagado' });
    expect(await seatStates(seats.map((s) => s.cviaje_asiento!))).toEqual([82, 82]);
    expect(await db().select().from(boleto).innerJoin(reserva, eq(reserva.creserva, boleto.creserva)).where(eq(reserva.codigo, view.codigo))).toHaveLength(2);
    expect(await db().select().from(pago_aviso).where(eq(pago_aviso.operacion, '7000000001'))).toHaveLength(1);
    expect((await mailsTo(BUYER.email)).filter((m) => m.adjunto === `boletos:${view.codigo}:es-PE`)).toHaveLength(1);
    const points = await db().select().from(puntosMovimiento).where(eq(puntosMovimiento.ccuenta, demo.ccuenta));
    expect(points).toHaveLength(before + 1);
    expect(points.find((p) => p.detalle.includes(view.codigo))).toMatchObject({ concepto: 'viaje', puntos: Math.floor(view.total_centimos / 100) });

    // My trips lists the tickets with a signed PDF link.
    const trips = await api.app.inject({ url: '/rest/user/viajes', headers: { authorization: `Bearer ${token}` } });
    const upcoming = trips.json().data.proximos as { codigo: string; pdf: string }[];
    const mine = upcoming.filter((t) => t.codigo.startsWith(view.codigo));
    expect(mine).toHaveLength(2);
    const link = new URL(mine[0]!.pdf);
    const pdf = await api.app.inject({ url: `${link.pathname}${link.search}` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await api.app.inject({ url: `${link.pathname}?exp=${link.searchParams.get('exp')}&firma=AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.statusCode).toBe(404);
  });

  it('rejects a notice with a bad signature and changes nothing', async () => {
    const { view, clave, seats } = await reserveOne({ days: 7 });
    const referencia = await startSafetyPay(view.codigo, clave);
    const forged = safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos) }, now(), 'not-the-key');
    const res = await notify(forged);
    expect(res.statusCode).toBe(401);
    const cip = cipPaidNotice(sandbox(), { referencia, amount: view.total_centimos / 100, operationNumber: '1', cip: '12345678' });
    const pe = await api.app.inject({ method: 'POST', url: '/rest/efectivo/notificacion', payload: cip.body, headers: { 'content-type': 'application/json', 'pe-signature': '00'.repeat(32) } });
    expect(pe.statusCode).toBe(401);
    expect((await consult(view.codigo, clave)).estado).toBe('pendiente');
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([84]);
  });

  it('pays through a signed PagoEfectivo notice', async () => {
    const { view, clave } = await reserveOne({ days: 7 });
    await post(api.app, '/rest/efectivo', { codigo: view.codigo, clave_bloqueo: clave });
    const [row] = await db().select().from(pago).innerJoin(reserva, eq(reserva.creserva, pago.creserva)).where(eq(reserva.codigo, view.codigo));
    const notice = cipPaidNotice(sandbox(), { referencia: row!.pago.referencia, amount: view.total_centimos / 100, operationNumber: '5550001', cip: row!.pago.cip! });
    const res = await api.app.inject({ method: 'POST', url: '/rest/efectivo/notificacion', payload: notice.body, headers: { 'content-type': 'application/json', 'pe-signature': notice.signature } });
    expect(res.statusCode).toBe(200);
    expect((await consult(view.codigo, clave)).estado).toBe('pagada');
  });

  it('flags a payment of another amount and issues nothing', async () => {
    const { view, clave } = await reserveOne({ days: 8 });
    const referencia = await startSafetyPay(view.codigo, clave);
    const res = await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos - 100) }, now()));
    expect(res.statusCode).toBe(200);
    const after = await consult(view.codigo, clave);
    expect(after).toMatchObject({ estado: 'pendiente', boletos: [] });
    expect((await db().select().from(reserva).where(eq(reserva.codigo, view.codigo)))[0]!.alerta).toBe('monto_distinto');
  });

  it('cancels a declined reservation and frees its seats', async () => {
    const { view, clave, seats } = await reserveOne({ days: 9 });
    const referencia = await startSafetyPay(view.codigo, clave);
    await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos), status: '103' }, now()));
    expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'anulada', motivo: 'rechazado', boletos: [] });
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([83]);
    const again = await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sale.reserva.anulada');
  });

  it('lets a reservation lapse, then re-takes free seats on a late payment', async () => {
    const { view, clave, seats, trip } = await reserveOne({ days: 10 });
    const referencia = await startSafetyPay(view.codigo, clave);
    clock += 31 * 60_000;
    expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'anulada', motivo: 'vencido' });
    expect((await freeSeats(api.app, trip)).map((s) => s.cviaje_asiento)).toContain(seats[0]!.cviaje_asiento);
    const start = await post(api.app, '/rest/safetypay', { codigo: view.codigo, clave_bloqueo: clave, metodo: 'tarjeta' });
    expect(start.json()).toMatchObject({ code: 'sale.reserva.vencida' });

    await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos) }, now()));
    expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'pagada', motivo: null });
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([82]);
  });

  it('flags a late payment for refund and tells the buyer when the seats were sold meanwhile', async () => {
    const buyer = { ...BUYER, email: 'tarde@example.pe' };
    const trip = await findTrip(api.app, 'LIM', 'ICA', 11);
    const { clave, seats } = await heldPurchase(api.app, [trip], 1);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true })).json().data as ReservationView;
    const referencia = await startSafetyPay(view.codigo, clave);
    clock += 31 * 60_000;
    expect((await hold(api.app, trip, seats[0]!)).statusCode).toBe(200);

    await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos) }, now()));
    expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'reembolso', motivo: 'asientos_ocupados', boletos: [] });
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([84]);
    const mails = await mailsAfterCode(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Su pago de la compra ${view.codigo} será devuelto`]);
  });

  it('flags a second payment of a paid reservation, and acknowledges notices it does not act on', async () => {
    const { view, clave } = await reserveOne({ days: 14 });
    const first = await startSafetyPay(view.codigo, clave);
    const second = await startSafetyPay(view.codigo, clave);
    await notify(safetyPayNotice(sandbox(), { referencia: first, amount: decimalOf(view.total_centimos) }, now()));
    const pending = await notify(safetyPayNotice(sandbox(), { referencia: second, amount: decimalOf(view.total_centimos), status: '101' }, now()));
    expect(pending.statusCode).toBe(200);
    await notify(safetyPayNotice(sandbox(), { referencia: second, amount: decimalOf(view.total_centimos) }, now()));
    const after = await consult(view.codigo, clave);
    expect(after.estado).toBe('pagada');
    expect(after.boletos).toHaveLength(1);
    expect(after.pagos.map((p) => p.estado)).toEqual(['pagado', 'pagado']);
    expect((await db().select().from(reserva).where(eq(reserva.codigo, view.codigo)))[0]!.alerta).toBe('pago_duplicado');

    const unknown = await notify(safetyPayNotice(sandbox(), { referencia: 'NOEXISTE-000000000000', amount: '10.00', referenceNo: '4242' }, now()));
    expect(unknown.statusCode).toBe(200);
    expect((await db().select().from(pago_aviso).where(eq(pago_aviso.operacion, '4242')))[0]!.resultado).toBe('desconocido');
  });

  it('keeps a pending reservation’s seats: holding again does not shorten them, releasing is refused', async () => {
    const { view, clave, seats, trip } = await reserveOne({ days: 13 });
    const again = await hold(api.app, trip, seats[0]!, clave);
    expect(again.statusCode).toBe(200);
    const [row] = await db().select().from(viaje_asiento).where(eq(viaje_asiento.cviaje_asiento, seats[0]!.cviaje_asiento!));
    expect(row!.expira!.toISOString()).toBe(view.expira);
    const release = await post(api.app, '/rest/asiento/bloquear', seatBody(trip, seats[0]!, 83, clave));
    expect(release.statusCode).toBe(409);
    expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([84]);
  });

  it('refunds a payment that arrives after the departure’s sales closed', async () => {
    const buyer = { ...BUYER, email: 'cerrado@example.pe' };
    const trip = await findTrip(api.app, 'LIM', 'ICA', 2);
    const { clave, seats } = await heldPurchase(api.app, [trip], 1);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true })).json().data as ReservationView;
    const referencia = await startSafetyPay(view.codigo, clave);
    const saved = clock;
    clock = new Date(trip.fecha_salida).getTime() - 10 * 60_000;
    try {
      await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos) }, now()));
      expect(await consult(view.codigo, clave)).toMatchObject({ estado: 'reembolso', motivo: 'vencido', boletos: [] });
      expect(await seatStates([seats[0]!.cviaje_asiento!])).toEqual([83]);
      expect((await mailsAfterCode(buyer.email)).map((m) => m.subject)).toEqual([`Su pago de la compra ${view.codigo} será devuelto`]);
    } finally {
      clock = saved;
    }
  });

  it('re-sends the tickets to the buyer only, answering the same to anyone, and serves the PDF', async () => {
    const buyer = { ...BUYER, email: 'reenvio@example.pe' };
    const trip = await findTrip(api.app, 'LIM', 'ICA', 12);
    const { clave } = await heldPurchase(api.app, [trip], 1);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true }, { 'accept-language': 'en-EN' })).json().data as ReservationView;
    const unpaid = await post(api.app, '/rest/venta/pdf', { codigo: view.codigo, clave_bloqueo: clave });
    expect(unpaid.statusCode).toBe(409);
    const referencia = await startSafetyPay(view.codigo, clave);
    await notify(safetyPayNotice(sandbox(), { referencia, amount: decimalOf(view.total_centimos) }, now()));
    expect(await mailsAfterCode(buyer.email)).toHaveLength(1);

    const wrong = await post(api.app, '/rest/venta/confirmar/recuperar/', { codigo: view.codigo, email: 'otro@example.pe' });
    const right = await post(api.app, '/rest/venta/confirmar/recuperar/', { codigo: view.codigo, email: 'REENVIO@example.pe' });
    expect([wrong.statusCode, right.statusCode]).toEqual([202, 202]);
    expect(wrong.json()).toEqual(right.json());
    const mails = await mailsAfterCode(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toContain('Your Rumbo Andino tickets');

    const pdf = await post(api.app, '/rest/venta/pdf', { codigo: view.codigo, clave_bloqueo: clave });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The sender attaches the PDF when it delivers the mail.
    const peer = await startSmtpPeer();
    const transport = createSmtpTransport(peer.url);
    try {
      const sender = createMailSender({ db: db(), transport, from: 'x@rumboandino.pe', log: { warn() {}, error() {} }, attachments: ticketAttachments(db(), now) });
      // Issue 44: the tickets mail waits for the sale's voucher, signed by the vouchers' outbox.
      await signVouchers(db(), now());
      await sender.drainOutbox(new Date(Date.now() + 60 * 60_000));
      const delivered = peer.received.filter((m) => m.to.includes(buyer.email));
      // The payment code, and the tickets twice, each with their PDF (a batch is sent in no set order).
      expect(delivered).toHaveLength(3);
      const pdf = /Content-Type: application\/pdf; name=boletos-[A-Z0-9]{8}\.pdf/;
      const isCode = (raw: string) => /^Subject: Your Rumbo Andino payment code/m.test(raw);
      expect(delivered.filter((m) => isCode(m.raw)).map((m) => pdf.test(m.raw))).toEqual([false]);
      expect(delivered.filter((m) => !isCode(m.raw)).map((m) => pdf.test(m.raw))).toEqual([true, true]);
      // Issue 34: with the electronic voucher, its printed copy and its signed XML.
      const voucher = (raw: string) => /Content-Type: application\/pdf; name=comprobantes-[A-Z0-9]{8}\.pdf/.test(raw) && /Content-Type: application\/xml; name=B001-\d+\.xml/.test(raw);
      expect(delivered.filter((m) => !isCode(m.raw)).map((m) => voucher(m.raw))).toEqual([true, true]);
    } finally {
      transport.close();
      await peer.close();
    }
    expect((await db().select().from(outbox).where(and(eq(outbox.to, buyer.email)))).every((m) => m.sent_at !== null)).toBe(true);
    // A sale, two PDFs, a signed voucher and an SMTP exchange: more than the file's 30 s on a loaded CI machine.
  }, 90_000);
});
