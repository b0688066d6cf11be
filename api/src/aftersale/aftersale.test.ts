import { addDays, limaToday, type DeclarationTicket, type PostponableTicket, type PostponeAnswer, type RecoveryAnswer, type ReservationView, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { cuenta } from '../accounts/accounts.tables';
import { openSession } from '../accounts/sessions';
import { outbox } from '../mail/mail.tables';
import { boleto, boleto_movimiento, reserva } from '../sales/sales.tables';
import { comprobante } from '../vouchers/vouchers.tables';
import { verifyTicketQr } from '../sales/tickets';
import { signVouchers, TEST_SECRET } from '../test/app';
import { BUYER, byPrice, findTrip, freeSeats, hold, holdNewPassenger, payWithSafetyPay, post, seatState as seatStateIn, setupSandboxApp } from '../test/purchase';

let clock = Date.now();
const now = () => new Date(clock);

const api = setupSandboxApp(now, { recoveryPerCodeLimit: { max: 3, timeWindow: 60_000 } });
const vouchersOfCode = async (codigo: string) =>
  (await api.db.select({ v: comprobante }).from(comprobante).innerJoin(reserva, eq(reserva.creserva, comprobante.creserva)).where(eq(reserva.codigo, codigo))).map((row) => row.v);

afterEach(() => {
  clock = Date.now();
});

const db = () => api.db;
const bearer = async (ccuenta: number) => ({ authorization: `Bearer ${await openSession(db(), ccuenta, 3600, TEST_SECRET)}` });
const seatState = (id: number | null) => seatStateIn(db(), id);
const holdWithPassenger = (trip: Trip, seat: SeatCell, clave?: string) => holdNewPassenger(api.app, trip, seat, clave);

/** Pays a reservation through the SafetyPay sandbox: start, then the provider's signed "paid" notice. */
const pay = (codigo: string, clave: string, total: number) => payWithSafetyPay(api, now(), codigo, clave, total);

/** One paid ticket on `seat` of `trip` (a guest, or the customer of `headers`). */
async function paidTicket(trip: Trip, seat: SeatCell, headers: Record<string, string> = {}) {
  const clave = await holdWithPassenger(trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, headers);
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await pay(view.codigo, clave, view.total_centimos);
  const paid = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView;
  expect(paid.estado).toBe('pagada');
  return { codigo: view.codigo, clave, view: paid, numero: paid.boletos[0]!.numero, seat };
}

/** The one-time code last mailed to the buyer to recover purchase `codigo`. */
async function recoveryCode(codigo: string): Promise<string> {
  const mails = await db().select().from(outbox).where(eq(outbox.to, BUYER.email.toLowerCase())).orderBy(desc(outbox.id));
  const mail = mails.find((m) => m.subject.includes(codigo) && /\b\d{6}\b/.test(m.subject));
  if (!mail) throw new Error(`no recovery code mailed for ${codigo}`);
  return /\b(\d{6})\b/.exec(mail.subject)![1]!;
}

describe('/rest/venta/recovery', () => {
  it('answers the purchase and an access key for the right code and e-mail, the same 404 otherwise', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 7);
    const { codigo, numero } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);

    const wrongMail = await post(api.app, '/rest/venta/recovery', { codigo, email: 'otra@example.pe' });
    const wrongCode = await post(api.app, '/rest/venta/recovery', { codigo: 'ZZZZ2222', email: BUYER.email });
    expect(wrongMail.statusCode).toBe(404);
    expect(wrongCode.statusCode).toBe(404);
    expect(wrongMail.json()).toEqual(wrongCode.json());
    expect(wrongMail.json()).toMatchObject({ code: 'sale.reserva.noEncontrada', message: 'No encontramos una compra con ese código' });

    // Issue 15: the code and e-mail only send a one-time code to the buyer's address; that proves the buyer.
    const asked = await post(api.app, '/rest/venta/recovery', { codigo: codigo.toLowerCase(), email: ' ROSA@example.pe ' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ data: { enviado: true } });
    const res = await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email, verificacion: await recoveryCode(codigo) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as RecoveryAnswer;
    expect(data.reserva).toMatchObject({ codigo, estado: 'pagada' });
    expect(data.acceso).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

    // The key opens the purchase like its purchase key: consult, PDF, a ticket.
    expect((await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: data.acceso })).statusCode).toBe(200);
    const pdf = await post(api.app, '/rest/venta/pdf', { codigo, clave_bloqueo: data.acceso });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await post(api.app, '/rest/venta/boleto', { numero, codigo, clave_bloqueo: data.acceso })).statusCode).toBe(200);
    // ...for two hours only, and only for its own purchase.
    expect((await post(api.app, '/rest/venta/consulta', { codigo: 'ZZZZ2222', clave_bloqueo: data.acceso })).statusCode).toBe(404);
    clock += 2 * 3_600_000 + 1000;
    expect((await post(api.app, '/rest/venta/consulta', { codigo, clave_bloqueo: data.acceso })).statusCode).toBe(404);
  });

  it("a passenger's ticket (code and buyer's e-mail) gives no power over the purchase without the buyer's mailed code", async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 7);
    const { codigo, numero } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    // What the ticket PDF prints is not enough.
    const res = await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email });
    expect(res.json().data?.acceso).toBeUndefined();
    expect((await post(api.app, '/rest/venta/boleto', { numero, codigo, clave_bloqueo: res.json().data?.acceso ?? 'x'.repeat(32) })).statusCode).not.toBe(200);
    // Guessing the mailed code: a wrong one is refused, and after five tries even the right one.
    const right = await recoveryCode(codigo);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email, verificacion: wrong }, { 'accept-language': 'en-EN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'aftersale.verificacion.invalid', field: 'verificacion' });
  });

  it('limits attempts per code, whatever e-mail is tried', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 7);
    const { codigo } = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    for (const n of [1, 2, 3]) expect((await post(api.app, '/rest/venta/recovery', { codigo, email: `guess${n}@example.pe` })).statusCode).toBe(404);
    const blocked = await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email }, { 'accept-language': 'en-EN' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'request.tooMany' });
  });
});

/**
 * The first LIM→ICA departure from `fromDay` days ahead on (a week at most) with a free seat `pick`
 * chooses among its free seats, cheapest first. Fares change with the bus (its seat classes) and
 * the weekday (a surcharge on Fridays and Sundays, a promotion on Tuesdays and Wednesdays), so a
 * fixed day's first departure is not enough.
 */
async function laterSeat(fromDay: number, pick: (seats: SeatCell[]) => SeatCell | undefined): Promise<{ trip: Trip; seat: SeatCell }> {
  for (let day = fromDay; day < fromDay + 7; day++) {
    const search = { origen: 'LIM', destino: 'ICA', fecha: addDays(limaToday(), day), cusuario: 50005, coficina_venta: 577 };
    for (const trip of (await post(api.app, '/rest/viaje', search)).json().data as Trip[]) {
      const seat = pick(byPrice(await freeSeats(api.app, trip)));
      if (seat) return { trip, seat };
    }
  }
  throw new Error(`no LIM-ICA seat to pick within a week of day ${fromDay}`);
}

describe('/rest/venta/postegarBoletos', () => {
  it('postpones for free to a cheaper or equal seat: old ticket void, old seat freed, new ticket issued and mailed, ledger rows', async () => {
    const tripA = await findTrip(api.app, 'LIM', 'ICA', 8);
    const old = await paidTicket(tripA, byPrice(await freeSeats(api.app, tripA)).at(-1)!);
    const { trip: tripB, seat: target } = await laterSeat(9, (seats) => seats.find((seat) => seat.precio! <= old.seat.precio!));
    expect(target.precio!).toBeLessThanOrEqual(old.seat.precio!);

    const info = (await post(api.app, '/rest/venta/boleto', { numero: old.numero, codigo: old.codigo, clave_bloqueo: old.clave })).json().data as PostponableTicket;
    expect(info).toMatchObject({ postergable: true, motivo: null, origen_codigo: 'LIM', destino_codigo: 'ICA', codigo: old.codigo });
    expect(new Date(info.postergable_hasta).getTime()).toBe(new Date(info.boleto.salida).getTime() - 24 * 3_600_000);

    const clave_nueva = (await hold(api.app, tripB, target)).json().data.clave_bloqueo as string;
    const res = await post(api.app, '/rest/venta/postegarBoletos', { numero: old.numero, codigo: old.codigo, clave_bloqueo: old.clave, clave_nueva, cviaje_asiento: target.cviaje_asiento });
    expect(res.statusCode).toBe(201);
    const answer = res.json().data as Extract<PostponeAnswer, { estado: 'emitido' }>;
    expect(answer).toMatchObject({ estado: 'emitido', diferencia_centimos: 0 });
    expect(answer.boleto).toMatchObject({ cviaje: tripB.cviaje, nasiento: target.nasiento, estado: 'emitido', pasajero: old.view.boletos[0]!.pasajero });
    expect(answer.boleto.numero).not.toBe(old.numero);
    expect(verifyTicketQr(TEST_SECRET, answer.boleto.qr)).toBe(true);

    expect(await seatState(old.seat.cviaje_asiento)).toBe(83);
    expect(await seatState(target.cviaje_asiento)).toBe(82);
    const before = (await post(api.app, '/rest/venta/consulta', { codigo: old.codigo, clave_bloqueo: old.clave })).json().data as ReservationView;
    expect(before.boletos[0]).toMatchObject({ estado: 'postergado', postergado_a: answer.boleto.numero });
    const ledger = await db().select().from(boleto_movimiento).where(inArray(boleto_movimiento.numero, [old.numero, answer.boleto.numero])).orderBy(asc(boleto_movimiento.id));
    expect(ledger.map((m) => [m.numero, m.tipo, m.boleto_hasta])).toEqual([
      [old.numero, 'emision', null],
      [answer.boleto.numero, 'emision', null],
      [old.numero, 'postergacion', answer.boleto.numero],
    ]);
    expect((await db().select().from(outbox).where(eq(outbox.adjunto, `boletos:${answer.codigo}:es-PE`))).length).toBe(1);
    // Issue 34: nothing was charged, so no voucher; the sale's boleta stays as it was.
    expect(await vouchersOfCode(answer.codigo)).toEqual([]);
    expect((await vouchersOfCode(old.codigo)).map((v) => [v.tipo, v.vigencia])).toEqual([['03', 'vigente']]);

    // The voided ticket cannot be postponed again, and says why.
    const again = (await post(api.app, '/rest/venta/boleto', { numero: old.numero, codigo: old.codigo, clave_bloqueo: old.clave })).json().data as PostponableTicket;
    expect(again).toMatchObject({ postergable: false, motivo: 'aftersale.boleto.postergado' });
    // The new ticket is reachable with the original code and key (the guest's recovered purchase).
    expect((await post(api.app, '/rest/venta/boleto', { numero: answer.boleto.numero, codigo: old.codigo, clave_bloqueo: old.clave })).statusCode).toBe(200);
  });

  it('with a fare difference: a pending reservation paid through the same payment flow, then the swap', async () => {
    const demo = (await db().select().from(cuenta).where(eq(cuenta.correo, 'demo@rumboandino.pe')))[0]!;
    const auth = await bearer(demo.ccuenta);
    const tripA = await findTrip(api.app, 'LIM', 'ICA', 10);
    const old = await paidTicket(tripA, byPrice(await freeSeats(api.app, tripA))[0]!, auth);
    const { trip: tripB, seat: target } = await laterSeat(11, (seats) => seats.findLast((seat) => seat.precio! > old.seat.precio!));
    expect(target.precio!).toBeGreaterThan(old.seat.precio!);

    const clave_nueva = (await hold(api.app, tripB, target)).json().data.clave_bloqueo as string;
    // The signed-in buyer needs no code.
    const body = { numero: old.numero, clave_nueva, cviaje_asiento: target.cviaje_asiento };
    const res = await post(api.app, '/rest/venta/postegarBoletos', body, auth);
    expect(res.statusCode).toBe(200);
    const answer = res.json().data as Extract<PostponeAnswer, { estado: 'pendiente' }>;
    expect(answer.estado).toBe('pendiente');
    expect(answer.diferencia_centimos).toBe(Math.round(target.precio! * 100) - old.view.boletos[0]!.precio_centimos);
    // A retry answers the same; another postponement meanwhile is refused.
    expect((await post(api.app, '/rest/venta/postegarBoletos', body, auth)).json().data).toEqual(answer);
    expect((await post(api.app, '/rest/venta/boleto', { numero: old.numero }, auth)).json().data).toMatchObject({ postergable: false, motivo: 'postpone.pending' });
    expect(await seatState(old.seat.cviaje_asiento)).toBe(82);

    await pay(answer.codigo, clave_nueva, answer.diferencia_centimos);
    const paid = (await post(api.app, '/rest/venta/consulta', { codigo: answer.codigo, clave_bloqueo: clave_nueva })).json().data as ReservationView;
    expect(paid).toMatchObject({ estado: 'pagada', tipo: 'postergacion', boleto_origen: old.numero, total_centimos: answer.diferencia_centimos });
    expect(paid.boletos[0]).toMatchObject({ cviaje: tripB.cviaje, nasiento: target.nasiento, precio_centimos: Math.round(target.precio! * 100) });
    expect(await seatState(old.seat.cviaje_asiento)).toBe(83);
    expect(await seatState(target.cviaje_asiento)).toBe(82);
    const [oldRow] = await db().select().from(boleto).where(eq(boleto.numero, old.numero));
    expect(oldRow).toMatchObject({ estado: 'postergado', postergado_a: paid.boletos[0]!.numero });
    const [moved] = await db().select().from(boleto_movimiento).where(and(eq(boleto_movimiento.numero, old.numero), eq(boleto_movimiento.tipo, 'postergacion')));
    expect(moved).toMatchObject({ boleto_hasta: paid.boletos[0]!.numero, monto_centimos: answer.diferencia_centimos });
    // Issue 34: the difference paid gets its own voucher, naming the ticket it replaces (signed by the outbox after the sale, issue 44).
    await signVouchers(db(), now());
    const [difference, ...none] = await vouchersOfCode(answer.codigo);
    expect(none).toEqual([]);
    expect(difference).toMatchObject({ tipo: '03', total_centimos: answer.diferencia_centimos, exonerado_centimos: answer.diferencia_centimos });
    expect(difference!.xml).toContain(`Diferencia de tarifa por postergación del boleto ${old.numero}`);

    // My trips shows both, the old one as postponed.
    const trips = (await api.app.inject({ url: '/rest/user/viajes', headers: auth })).json().data.proximos as { numero: string; estado: string }[];
    expect(trips.find((t) => t.numero === old.numero)?.estado).toBe('postergado');
    expect(trips.find((t) => t.numero === paid.boletos[0]!.numero)?.estado).toBe('emitido');
  });

  it('refuses plainly: too late, other route, a seat not held, a ticket not theirs', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 12);
    const old = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    const access = { numero: old.numero, codigo: old.codigo, clave_bloqueo: old.clave };

    // Another route (Lima → Arequipa).
    const other = await findTrip(api.app, 'LIM', 'AQP', 12);
    const otherSeat = (await freeSeats(api.app, other))[0]!;
    const otherKey = (await hold(api.app, other, otherSeat)).json().data.clave_bloqueo as string;
    const route = await post(api.app, '/rest/venta/postegarBoletos', { ...access, clave_nueva: otherKey, cviaje_asiento: otherSeat.cviaje_asiento }, { 'accept-language': 'en-EN' });
    expect(route.statusCode).toBe(409);
    expect(route.json()).toEqual({ code: 'postpone.otherRoute', message: 'The new trip must have the same origin and destination as the original ticket' });

    // A seat someone else holds.
    const next = await findTrip(api.app, 'LIM', 'ICA', 13);
    const [taken, mine] = await freeSeats(api.app, next);
    await hold(api.app, next, taken!);
    const myKey = (await hold(api.app, next, mine!)).json().data.clave_bloqueo as string;
    const seat = await post(api.app, '/rest/venta/postegarBoletos', { ...access, clave_nueva: myKey, cviaje_asiento: taken!.cviaje_asiento });
    expect(seat.statusCode).toBe(409);
    expect(seat.json().code).toBe('postpone.seatNotHeld');

    // Not theirs: another purchase's key, no access at all.
    expect((await post(api.app, '/rest/venta/boleto', { ...access, clave_bloqueo: myKey })).statusCode).toBe(404);
    expect((await post(api.app, '/rest/venta/boleto', { numero: old.numero })).statusCode).toBe(401);
    expect((await post(api.app, '/rest/venta/boleto', { numero: old.numero, codigo: old.codigo })).statusCode).toBe(400);

    // Less than 24 h before departure.
    clock = new Date(old.view.boletos[0]!.salida).getTime() - 23 * 3_600_000;
    const info = (await post(api.app, '/rest/venta/boleto', access)).json().data as PostponableTicket;
    expect(info).toMatchObject({ postergable: false, motivo: 'postpone.tooLate' });
    const lateKey = (await hold(api.app, next, (await freeSeats(api.app, next))[0]!)).json().data.clave_bloqueo as string;
    const late = await post(api.app, '/rest/venta/postegarBoletos', { ...access, clave_nueva: lateKey, cviaje_asiento: (await freeSeats(api.app, next))[0]!.cviaje_asiento });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'postpone.tooLate', message: 'Ya no se puede postergar: la postergación se permite hasta 24 horas antes de la salida' });
    expect(await seatState(old.seat.cviaje_asiento)).toBe(82);
  });
});

describe('/rest/declaracion', () => {
  const answers = { contacto_nombre: 'Juan Quispe', contacto_telefono: '987654321', sin_objetos_prohibidos: true, apto_para_viajar: true, datos_veraces: true };

  it('registers once before departure and shows it on the ticket', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 14);
    const t = await paidTicket(trip, (await freeSeats(api.app, trip))[0]!);
    const access = { numero: t.numero, codigo: t.codigo, clave_bloqueo: t.clave };

    const before = (await post(api.app, '/rest/declaracion/boleto', access)).json().data as DeclarationTicket;
    expect(before).toMatchObject({ declaracion: null, abierta: true, motivo: null, boleto: { numero: t.numero, declaracion: null } });

    const invalid = await post(api.app, '/rest/declaracion/registrar', { ...access, ...answers, apto_para_viajar: false });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'declaration.salud.required', message: 'Debe declarar que está apto para viajar' });

    const res = await post(api.app, '/rest/declaracion/registrar', { ...access, ...answers });
    expect(res.statusCode).toBe(201);
    const data = res.json().data as DeclarationTicket;
    expect(data).toMatchObject({ abierta: false, motivo: 'declaration.exists', declaracion: { contacto_nombre: 'Juan Quispe', contacto_telefono: '987654321' } });
    expect(data.boleto.declaracion).toBe(data.declaracion!.registrada);

    const twice = await post(api.app, '/rest/declaracion/registrar', { ...access, ...answers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('declaration.exists');
    const view = (await post(api.app, '/rest/venta/consulta', { codigo: t.codigo, clave_bloqueo: t.clave })).json().data as ReservationView;
    expect(view.boletos[0]!.declaracion).toBe(data.declaracion!.registrada);
  });

  it('is too late once the bus has left', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 14);
    const t = await paidTicket(trip, (await freeSeats(api.app, trip))[0]!);
    clock = new Date(t.view.boletos[0]!.salida).getTime() + 60_000;
    const res = await post(api.app, '/rest/declaracion/registrar', { numero: t.numero, codigo: t.codigo, clave_bloqueo: t.clave, ...answers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('declaration.tooLate');
  });
});
