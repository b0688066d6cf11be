import { addDays, limaToday, RESERVATION_CODE_PATTERN, type ReservationView, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { eq, inArray } from 'drizzle-orm';
import { viaje_asiento } from '../seats/seats.tables';
import { createTestApp } from '../test/app';
import { salesSteps } from '../test/sales';
import { ADULT, BUYER, findTrip, freeSeats, heldPurchase, hold, post, setupSandboxApp, STORE } from '../test/purchase';
import { reserva } from './sales.tables';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now);

const db = () => api.db;
const { mailsTo } = salesSteps(api);

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
