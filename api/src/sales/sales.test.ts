import { addDays, limaToday, RESERVATION_CODE_PATTERN, type ReservationView, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { openSession } from '../accounts/sessions';
import { cuenta, puntosMovimiento } from '../accounts/accounts.tables';
import { outbox } from '../mail/mail.tables';
import { createMailSender } from '../mail/sender';
import { createSmtpTransport } from '../mail/transport';
import { decimalOf } from '../payments/signing';
import { viaje_asiento } from '../seats/seats.tables';
import { createTestApp, TEST_SECRET } from '../test/app';
import {
  ADULT,
  BUYER,
  cipPaidNotice,
  findTrip,
  freeSeats,
  heldPurchase,
  hold,
  notifySafetyPay,
  post,
  safetyPayNotice,
  seatBody,
  setupSandboxApp,
  startSafetyPay as startPayment,
  STORE,
} from '../test/purchase';
import { startSmtpPeer } from '../test/smtp-peer';
import { ticketAttachments } from './ticket-attachments';
import { boleto, pago, pago_aviso, reserva } from './sales.tables';
import { verifyTicketQr } from './tickets';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now);

const db = () => api.db;
const sandbox = () => api.sandbox;

async function reserveOne(options: { days?: number; count?: number; headers?: Record<string, string>; destino?: string } = {}) {
  const trip = await findTrip(api.app, 'LIM', options.destino ?? 'ICA', options.days ?? 5);
  const purchase = await heldPurchase(api.app, [trip], options.count ?? 1);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: purchase.clave, comprador: BUYER, terminos: true }, options.headers);
  expect(res.statusCode).toBe(201);
  return { ...purchase, trip, view: res.json().data as ReservationView };
}

const startSafetyPay = (codigo: string, clave: string) => startPayment(api.app, api.db, codigo, clave);
const notify = (body: string) => notifySafetyPay(api.app, body);

const consult = async (codigo: string, clave: string) => (await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: clave })).json().data as ReservationView;

const seatStates = async (ids: number[]) =>
  (await db().select({ id: viaje_asiento.cviaje_asiento, estado: viaje_asiento.gestado_asiento }).from(viaje_asiento).where(inArray(viaje_asiento.cviaje_asiento, ids))).map((s) => s.estado);

const mailsTo = async (to: string) => db().select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
/** The mails after the reservation's payment-code mail. */
const mailsAfterCode = async (to: string) => (await mailsTo(to)).filter((m) => !/código de pago|payment code/.test(m.subject));

describe('/rest/invitado and /rest/persona/obtener', () => {
  it('records a guest and says whether the e-mail has an account', async () => {
    const guest = await post(api.app, '/rest/invitado', { nombre: 'Ana', email: 'Ana@Example.pe' });
    expect(guest.statusCode).toBe(201);
    expect(guest.json().data).toEqual({ cinvitado: expect.any(Number), tiene_cuenta: false });
    expect((await post(api.app, '/rest/invitado', { nombre: 'Demo', email: 'demo@rumboandino.pe' })).json().data.tiene_cuenta).toBe(true);
    const bad = await post(api.app, '/rest/invitado', { nombre: '', email: 'x' }, { 'accept-language': 'en-EN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Enter the given names', code: 'sale.nombres.required', field: 'nombre' });
  });

  it('gives a known passenger’s identity (not the contact data, issue 15) only with the right birth date', async () => {
    const person = { ...ADULT, numero: '11223344', nombres: 'Julio' };
    expect((await post(api.app, '/rest/persona/registrar', person)).statusCode).toBe(201);
    const found = await post(api.app, '/rest/persona/obtener', { documento: { ctipo_documento: 19, numero: '11223344' }, nacimiento: ADULT.nacimiento });
    expect(found.json().data).toMatchObject({ nombres: 'Julio', paterno: 'Quispe', nacimiento: ADULT.nacimiento });
    expect(found.json().data).not.toHaveProperty('email');
    expect(found.json().data).not.toHaveProperty('celular');
    const wrong = await post(api.app, '/rest/persona/obtener', { documento: { ctipo_documento: 19, numero: '11223344' }, nacimiento: '1991-05-04' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'No encontramos un pasajero con ese documento y fecha de nacimiento', code: 'sale.persona.noEncontrada' });
  });
});

describe('rate limits', () => {
  it('limit the passenger look-up by document and birth date', async () => {
    const limited = await createTestApp(api.db, { now, lookupRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      const body = { documento: { ctipo_documento: 19, numero: '99887766' }, nacimiento: '1990-01-01' };
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await post(limited, '/rest/persona/obtener', body)).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('/rest/venta/cotizar', () => {
  it('prices the held seats on the server, in céntimos, and applies coupon rules', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 6);
    // AMIGOS10 takes 3 tickets of the same trip (issue 18 item 5; coupon-scope.test.ts has each condition).
    const { clave, seats } = await heldPurchase(api.app, [trip], 3);
    const expected = seats.reduce((sum, s) => sum + Math.round(s.precio! * 100), 0);
    const plain = await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave });
    expect(plain.json().data).toEqual({ subtotal_centimos: expected, descuento_centimos: 0, total_centimos: expected, cupon: null, descuento_pct: null, puntos_canje: 0, canje_centimos: 0 });

    const friends = (await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave, cupon: 'amigos10' })).json().data;
    expect(friends).toEqual({ subtotal_centimos: expected, descuento_centimos: Math.round(expected * 0.1), total_centimos: expected - Math.round(expected * 0.1), cupon: 'AMIGOS10', descuento_pct: 10, puntos_canje: 0, canje_centimos: 0 });

    const cases: [string, string, string][] = [
      ['NOEXISTE', 'sale.cupon.invalid', 'El cupón no existe'],
      ['AREQUIPA12', 'sale.cupon.vencido', 'El cupón no está vigente'],
      ['CUSCO20', 'sale.cupon.destino', 'El cupón no aplica a este destino'],
    ];
    for (const [cupon, code, message] of cases) {
      const res = await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave, cupon });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code, field: 'cupon' });
    }
  });

  it('applies a destination coupon to the legs going there only', async () => {
    // CUSCO20 covers the VIP cama seats from Lima to Cusco (issue 18 item 5): a VIP departure out, any seat back.
    let out: Trip | undefined;
    let vip: SeatCell | undefined;
    for (let index = 0; !vip; index += 1) {
      out = await findTrip(api.app, 'LIM', 'CUZ', 7, index);
      vip = (await freeSeats(api.app, out)).find((s) => s.gcategoria_asiento === 180);
    }
    const back = await findTrip(api.app, 'CUZ', 'LIM', 9);
    const first = await hold(api.app, out!, vip);
    const clave = first.json().data.clave_bloqueo as string;
    const backSeat = (await freeSeats(api.app, back))[0]!;
    expect((await hold(api.app, back, backSeat, clave)).statusCode).toBe(200);
    const [ida, vuelta] = [vip, backSeat].map((s) => Math.round(s.precio! * 100));
    const q = (await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave, cupon: 'CUSCO20' })).json().data;
    expect(q).toMatchObject({ subtotal_centimos: ida! + vuelta!, descuento_centimos: Math.round(ida! * 0.2), descuento_pct: 20 });
  });

  it('needs held seats', async () => {
    const res = await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('seat.notHeld');
  });
});

describe('/rest/venta/reserva', () => {
  it('needs every seat’s passenger, and a responsible adult for each minor', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 8);
    const [a, b] = (await freeSeats(api.app, trip)).slice(0, 2);
    const clave = (await hold(api.app, trip, a!)).json().data.clave_bloqueo as string;
    await hold(api.app, trip, b!, clave);
    await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: a!.cviaje_asiento, pasajero: ADULT });
    const body = { clave_bloqueo: clave, comprador: BUYER, terminos: true };
    const incomplete = await post(api.app, '/rest/venta/reserva', body, { 'accept-language': 'en-EN' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({ message: 'Enter the passenger of every seat', code: 'sale.pasajeros.incompletos' });

    const child = { ...ADULT, numero: '78912345', nombres: 'Lucía', nacimiento: addDays(limaToday(), -365 * 8) };
    await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento: b!.cviaje_asiento, pasajero: child });
    const noGuardian = await post(api.app, '/rest/venta/reserva', body);
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json().code).toBe('sale.menor.responsable');

    await post(api.app, '/rest/asiento/menor', { clave_bloqueo: clave, casiento: b!.cviaje_asiento, casiento_responsable: a!.cviaje_asiento, parentesco: 'madre' });
    const ok = await post(api.app, '/rest/venta/reserva', body);
    expect(ok.statusCode).toBe(201);
    const view = ok.json().data as ReservationView;
    expect(view.asientos.map((s) => s.pasajero.menor).sort()).toEqual([false, true]);
    expect(view.asientos[0]!.pasajero.numero).toMatch(/^\*{4}\d{4}$/);
  });

  it('turns a round trip into one reservation with a code, an expiry, a factura and extended holds; twice is once', async () => {
    const out = await findTrip(api.app, 'LIM', 'AQP', 10);
    const back = await findTrip(api.app, 'AQP', 'LIM', 12);
    // 3 tickets each way: AMIGOS10 takes 3 tickets of the same trip (issue 18 item 5).
    const { clave, seats } = await heldPurchase(api.app, [out, back], 3);
    const comprador = { nombre: 'Rosa Quispe', email: 'compras@empresa.pe', comprobante: 'factura', ruc: '20518739469', razon_social: 'Empresa S.A.C.' };
    const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador, terminos: true, cupon: 'AMIGOS10' });
    expect(res.statusCode).toBe(201);
    const view = res.json().data as ReservationView;
    expect(view.codigo).toMatch(RESERVATION_CODE_PATTERN);
    expect(view).toMatchObject({ estado: 'pendiente', motivo: null, moneda: 'PEN', cupon: 'AMIGOS10', comprador: { comprobante: 'factura', ruc: '20518739469', razon_social: 'Empresa S.A.C.' } });
    expect(new Date(view.expira).getTime()).toBe(clock + 30 * 60_000);
    expect(view.tramos.map((t) => [t.tramo, t.origen, t.destino])).toEqual([['ida', 'Lima', 'Arequipa'], ['vuelta', 'Arequipa', 'Lima']]);
    expect(view.total_centimos).toBe(view.subtotal_centimos - view.descuento_centimos);
    const holds = await db().select().from(viaje_asiento).where(inArray(viaje_asiento.cviaje_asiento, seats.map((s) => s.cviaje_asiento!)));
    expect(view.descuento_centimos).toBe(Math.round(view.subtotal_centimos * 0.1));
    expect(holds.map((h) => h.expira!.toISOString())).toEqual(seats.map(() => view.expira));

    const again = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador, terminos: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.codigo).toBe(view.codigo);
    expect(await db().select().from(reserva).where(eq(reserva.codigo, view.codigo))).toHaveLength(1);
  });

  it('mails the buyer the payment code once, in the purchase’s language: amount, deadline, each way to pay and the way back', async () => {
    const buyer = { ...BUYER, nombre: 'valeria  ramos', email: 'codigo@example.pe' };
    const trip = await findTrip(api.app, 'LIM', 'ICA', 6);
    const { clave } = await heldPurchase(api.app, [trip], 1);
    const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true }, { 'accept-language': 'en-EN' });
    expect(res.statusCode).toBe(201);
    const view = res.json().data as ReservationView;
    const mails = await mailsTo(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your Rumbo Andino payment code: ${view.codigo}`]);
    const text = mails[0]!.text;
    expect(text).toMatch(/^Hello Valeria,/);
    expect(text).toContain(view.codigo);
    expect(text).toContain(`S/ ${(view.total_centimos / 100).toFixed(2)}`);
    const deadline = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(view.expira));
    expect(text).toContain(deadline);
    for (const method of ['Credit or debit card', 'Online banking', 'Cash', 'QR code']) expect(text).toContain(method);
    expect(text).toContain(`${STORE}/pasajes/recuperar?codigo=${view.codigo}`);
    expect(mails[0]!.html).toContain(`href="${STORE}/pasajes/recuperar?codigo=${view.codigo}"`);
    expect(mails[0]!.html).toContain('<html lang="en">');

    // Reserving again with the same key answers the same reservation and mails nothing more.
    expect((await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true })).statusCode).toBe(200);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('mails the payment code in Spanish to a Spanish purchase', async () => {
    const buyer = { ...BUYER, email: 'codigo-es@example.pe' };
    const trip = await findTrip(api.app, 'LIM', 'ICA', 6);
    const { clave } = await heldPurchase(api.app, [trip], 1);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: buyer, terminos: true })).json().data as ReservationView;
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toBe(`Su código de pago de Rumbo Andino: ${view.codigo}`);
    expect(mail!.text).toMatch(/^Hola, Rosa:/);
    for (const method of ['Tarjeta de crédito o débito', 'Banca por internet', 'Efectivo', 'código QR', 'CIP']) expect(mail!.text).toContain(method);
    expect(mail!.text).toContain(`S/ ${(view.total_centimos / 100).toFixed(2)}`);
  });

  it('refuses a buyer without terms, and a factura without RUC', async () => {
    const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000', comprador: BUYER, terminos: false });
    expect(res.json()).toMatchObject({ code: 'sale.terminos.required' });
    const factura = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: '3f1c2a4e-0000-4000-8000-000000000000', comprador: { ...BUYER, comprobante: 'factura' }, terminos: true });
    expect(factura.statusCode).toBe(400);
    expect(factura.json().code).toBe('sale.ruc.invalid');
  });

  it('lets exactly one of many concurrent buyers reserve a seat', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 4);
    const [seat] = await freeSeats(api.app, trip);
    const buyers = 12;
    const holds = await Promise.all(Array.from({ length: buyers }, () => hold(api.app, trip, seat!)));
    const winners = holds.filter((h) => h.statusCode === 200);
    expect(winners).toHaveLength(1);

    // The winner's hold lapses; another buyer takes the seat while the first one reserves.
    const first = winners[0]!.json().data.clave_bloqueo as string;
    await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: first, cviaje_asiento: seat!.cviaje_asiento, pasajero: ADULT });
    clock += 11 * 60_000;
    const second = (await hold(api.app, trip, seat!)).json().data.clave_bloqueo as string;
    await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: second, cviaje_asiento: seat!.cviaje_asiento, pasajero: ADULT });
    const results = await Promise.all(
      [first, second, first, second].map((clave) => post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201, 409, 409]);
    const rows = await db().select().from(reserva).where(eq(reserva.clave_hash, (await import('../seats/seats.service')).hashKey(second)));
    expect(rows).toHaveLength(1);
  });
});

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
      await sender.drainOutbox(new Date(Date.now() + 60 * 60_000));
      const delivered = peer.received.filter((m) => m.to.includes(buyer.email));
      // the payment code, then the tickets twice (with their PDF)
      expect(delivered).toHaveLength(3);
      expect(delivered[1]!.raw).toMatch(/Content-Type: application\/pdf; name=boletos-[A-Z0-9]{8}\.pdf/);
    } finally {
      transport.close();
      await peer.close();
    }
    expect((await db().select().from(outbox).where(and(eq(outbox.to, buyer.email)))).every((m) => m.sent_at !== null)).toBe(true);
  });
});
