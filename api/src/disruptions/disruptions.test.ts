import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, limaToday } from '@rumbo/shared/schemas';
import type { Choice, Disruption, DisruptionTicket, ReservationView, SeatCell, Trip } from '@rumbo/shared/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { credito } from '../credit/credit.tables';
import { outbox } from '../mail/mail.tables';
import { parseOperatorTokens } from '../operators/operators';
import { boleto } from '../sales/sales.tables';
import { BUYER, byPrice, findTrip, freeSeats, hold, holdNewPassenger, payWithSafetyPay, post, seatState as seatStateIn, setupSandboxApp, STORE } from '../test/purchase';
import { boleto_cambio, incidencia_aviso, reembolso } from './disruptions.tables';

const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`), siteUrl: STORE });
afterEach(() => {
  clock = Date.now();
});
const db = () => api.db;
const seatState = (id: number | null) => seatStateIn(db(), id);

const declare = (body: object, headers: Record<string, string> = OPERATOR) => post(api.app, '/rest/operador/incidencia', body, headers);
const REASONS = { motivo_es: 'Derrumbe en la vía', motivo_en: 'Landslide on the road' };

/** One paid ticket on a seat of `trip`, bought in `language`; its purchase code, key and number. */
async function paidTicket(trip: Trip, seat: SeatCell, language = 'es-PE', email = BUYER.email) {
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: { ...BUYER, email }, terminos: true }, { 'accept-language': language });
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  const paid = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView;
  expect(paid.estado).toBe('pagada');
  return { codigo: view.codigo, clave, numero: paid.boletos[0]!.numero, total: view.total_centimos, cviaje_asiento: seat.cviaje_asiento! };
}

const mailsAbout = async (email: string, pattern: RegExp) => (await db().select().from(outbox).where(eq(outbox.to, email))).filter((m) => pattern.test(m.subject));

/** The choice link a mail gives for ticket `numero`: its token. */
function tokenIn(text: string, numero: string): string {
  const match = new RegExp(`/pasajes/incidencia/${numero}\\?t=([^\\s"&]+)`).exec(text);
  if (!match) throw new Error(`no link for ${numero}`);
  return decodeURIComponent(match[1]!);
}

describe('declaring a disruption (operators only)', () => {
  it('refuses a customer, a missing token and a bad body, in the caller language', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 20);
    expect((await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS }, {})).statusCode).toBe(401);
    const bad = await declare({ cviaje: trip.cviaje, tipo: 'retraso', ...REASONS }, { ...OPERATOR, 'accept-language': 'en-EN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/delay in minutes/);
    const noEnglish = await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', motivo_es: 'Huelga', motivo_en: '' });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().code).toBe('disruption.motivo_en.required');
    expect((await declare({ cviaje: 99_999_999, tipo: 'cancelacion', ...REASONS })).json().code).toBe('disruption.viaje.noEncontrado');
  });

  it('a delay moves the times shown everywhere and tells each holder once, in the purchase language', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 21);
    const email = 'delay.buyer@example.pe';
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, 'en-EN', email);
    const first = await declare({ cviaje: trip.cviaje, tipo: 'retraso', minutos: 90, ...REASONS });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ tipo: 'retraso', minutos: 90, revision: 1, nueva: true, boletos: 1, avisos: 1, derecho: false } satisfies Partial<Disruption>);
    // Declared twice (a retry, a double run of the CLI): nothing more.
    expect((await declare({ cviaje: trip.cviaje, tipo: 'retraso', minutos: 90, ...REASONS })).json().data).toMatchObject({ nueva: false, avisos: 0, revision: 1 });
    const mails = await mailsAbout(email, /late/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('90 minutes late');
    expect(mails[0]!.text).toContain('Landslide on the road');
    // 90 minutes gives no right to a refund: no choice link.
    expect(mails[0]!.text).not.toContain('/pasajes/incidencia/');

    const later = (iso: string) => new Date(new Date(iso).getTime() + 90 * 60_000).toISOString().replace('.000Z', 'Z');
    const listed = await findTrip(api.app, 'LIM', 'ICA', 21);
    expect(listed.fecha_salida).toBe(later(trip.fecha_salida));
    expect(listed.fecha_llegada).toBe(later(trip.fecha_llegada));
    const view = (await post(api.app, '/rest/venta/consulta', { codigo: t.codigo, clave_bloqueo: t.clave })).json().data as ReservationView;
    expect(new Date(view.boletos[0]!.salida).getTime()).toBe(new Date(trip.fecha_salida).getTime() + 90 * 60_000);

    // Moved again (150 minutes): a new revision, told again, now with the right to choose.
    const again = (await declare({ cviaje: trip.cviaje, tipo: 'retraso', minutos: 150, ...REASONS })).json().data as Disruption;
    expect(again).toMatchObject({ revision: 2, nueva: true, avisos: 1, derecho: true });
    const second = await mailsAbout(email, /late/);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain(`/pasajes/incidencia/${t.numero}?t=`);
  });

  it('two declarations at once tell each holder once', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 22);
    const seats = byPrice(await freeSeats(api.app, trip)).slice(0, 3);
    const tickets = [];
    for (const seat of seats) tickets.push(await paidTicket(trip, seat));
    const answers = await Promise.all([1, 2, 3].map(() => declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.map((a) => (a.json().data as Disruption).avisos).reduce((x, y) => x + y, 0)).toBe(3);
    const notices = await db().select().from(incidencia_aviso).where(inArray(incidencia_aviso.numero, tickets.map((t) => t.numero)));
    expect(notices).toHaveLength(3);
  });
});

describe('a disruption on one stretch of a route', () => {
  // The Lima → Arequipa bus stops at Paracas (1), Ica (2) and Nasca (3) and ends at Arequipa (4).
  const ICA = 81;
  const AREQUIPA = 11;
  const NASCA = 91;
  const search = async (origen: string, destino: string, days: number) =>
    (await post(api.app, '/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), cusuario: 50005, coficina_venta: 577 })).json().data as Trip[];

  it('a cancelled stretch stops only the sales and tickets it overlaps; a delay from a stop moves only the times after it', async () => {
    const bus = (await search('LIM', 'AQP', 28)).find((t) => t.ruta_origen.codigo === 'LIM' && t.ruta_destino.codigo === 'AQP')!;
    const limaIca = (await search('LIM', 'ICA', 28)).find((t) => t.cviaje === bus.cviaje)!;
    const nascaAqp = (await search('NZC', 'AQP', 28)).find((t) => t.cviaje === bus.cviaje)!;
    const early = await paidTicket(limaIca, byPrice(await freeSeats(api.app, limaIca))[0]!, 'es-PE', 'stretch.early@example.pe');
    const late = await paidTicket(nascaAqp, byPrice(await freeSeats(api.app, nascaAqp))[0]!, 'es-PE', 'stretch.late@example.pe');

    // Delayed 60 minutes from Nasca on: the Lima → Ica passenger is not told, nor are their times moved.
    const delayed = (await declare({ cviaje: bus.cviaje, cterminal_origen: NASCA, cterminal_destino: AREQUIPA, tipo: 'retraso', minutos: 60, ...REASONS })).json().data as Disruption;
    expect(delayed).toMatchObject({ boletos: 1, avisos: 1 });
    expect((await search('LIM', 'ICA', 28)).find((t) => t.cviaje === bus.cviaje)!.fecha_salida).toBe(limaIca.fecha_salida);
    const movedLeg = (await search('NZC', 'AQP', 28)).find((t) => t.cviaje === bus.cviaje)!;
    expect(new Date(movedLeg.fecha_salida).getTime() - new Date(nascaAqp.fecha_salida).getTime()).toBe(60 * 60_000);
    expect(await mailsAbout('stretch.early@example.pe', /retraso|cancelado/)).toHaveLength(0);

    // Ica → Arequipa cancelled: sold no more over it (Lima → Arequipa neither), Lima → Ica still on sale.
    const cancelled = (await declare({ cviaje: bus.cviaje, cterminal_origen: ICA, cterminal_destino: AREQUIPA, tipo: 'cancelacion', ...REASONS })).json().data as Disruption;
    expect(cancelled).toMatchObject({ boletos: 1, avisos: 1, derecho: true });
    expect((await search('ICA', 'AQP', 28)).some((t) => t.cviaje === bus.cviaje)).toBe(false);
    expect((await search('LIM', 'AQP', 28)).some((t) => t.cviaje === bus.cviaje)).toBe(false);
    expect((await search('LIM', 'ICA', 28)).some((t) => t.cviaje === bus.cviaje)).toBe(true);
    expect(await mailsAbout('stretch.late@example.pe', /cancelado/)).toHaveLength(1);
    expect(await mailsAbout('stretch.early@example.pe', /cancelado/)).toHaveLength(0);
    expect(early.numero).not.toBe(late.numero);
  });
});

describe('the operators CLI', () => {
  it('declares a delay and a cancellation with the reason in both languages', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 27);
    const { port } = api.app.server.address() as AddressInfo;
    const cli = (...args: string[]) =>
      promisify(execFile)('node', [path.join(__dirname, '../../scripts/operator.mjs'), ...args], { env: { ...process.env, API_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN: TOKEN } });
    const delayed = JSON.parse((await cli('disrupt', String(trip.cviaje), '--delay', '45', '--reason-es', 'Neblina', '--reason-en', 'Fog')).stdout) as Disruption;
    expect(delayed).toMatchObject({ cviaje: trip.cviaje, tipo: 'retraso', minutos: 45, nueva: true });
    const cancelled = JSON.parse((await cli('cancel-trip', String(trip.cviaje), '--reason-es', 'Huelga', '--reason-en', 'Strike')).stdout) as Disruption;
    expect(cancelled).toMatchObject({ tipo: 'cancelacion', derecho: true });
    await expect(cli('cancel-trip', String(trip.cviaje), '--reason-es', 'Huelga')).rejects.toMatchObject({ stderr: expect.stringContaining('400') });
  });
});

describe('a cancelled trip', () => {
  it('stops its sales: not listed, no hold, and a late payment is not issued', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 23);
    const [seat, other] = byPrice(await freeSeats(api.app, trip));
    // A purchase waiting for its payment when the trip is cancelled.
    const clave = await holdNewPassenger(api.app, trip, seat!);
    const view = (await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true })).json().data as ReservationView;
    expect((await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS })).statusCode).toBe(200);

    const listed = (await post(api.app, '/rest/viaje', { origen: 'LIM', destino: 'ICA', fecha: trip.fecha_salida.slice(0, 10), cusuario: 50005, coficina_venta: 577 })).json().data as Trip[];
    expect(listed.map((t) => t.cviaje)).not.toContain(trip.cviaje);
    const held = await hold(api.app, trip, other!);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('trip.closed');
    await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
    const after = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView;
    expect(after.estado).toBe('reembolso');
    expect(after.boletos).toHaveLength(0);
  });

  it('lets one holder rebook in one tap and the other take a refund, each once, and frees the seats', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 24);
    const [s1, s2] = byPrice(await freeSeats(api.app, trip));
    const a = await paidTicket(trip, s1!, 'es-PE', 'ana.rebook@example.pe');
    const b = await paidTicket(trip, s2!, 'en-EN', 'bob.refund@example.pe');
    const declared = (await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS })).json().data as Disruption;
    expect(declared).toMatchObject({ boletos: 2, avisos: 2, derecho: true });
    const [mailA] = await mailsAbout('ana.rebook@example.pe', /cancelado/);
    const [mailB] = await mailsAbout('bob.refund@example.pe', /cancelled/);
    const tokenA = tokenIn(mailA!.text, a.numero);
    const tokenB = tokenIn(mailB!.text, b.numero);

    // The link opens the choice without a session; another ticket's token, or a changed one, does not.
    const page = await post(api.app, '/rest/incidencia/boleto', { numero: a.numero, token: tokenA });
    expect(page.statusCode).toBe(200);
    const choice = page.json().data as DisruptionTicket;
    expect(choice).toMatchObject({ derecho: true, eleccion: null, incidencia: { tipo: 'cancelacion', motivo: REASONS.motivo_es }, reembolso_centimos: a.total });
    expect(choice.viajes.length).toBeGreaterThan(0);
    expect(choice.viajes.every((t) => t.cviaje !== trip.cviaje && t.asientos_libres > 0)).toBe(true);
    expect((await post(api.app, '/rest/incidencia/boleto', { numero: a.numero, token: tokenB })).json().code).toBe('disruption.link.invalid');
    expect((await post(api.app, '/rest/incidencia/boleto', { numero: a.numero, token: `${tokenA.slice(0, -2)}xx` })).statusCode).toBe(400);

    // Rebook: a double click (two at once) makes one new ticket.
    const target = choice.viajes[0]!;
    const rebooks = await Promise.all([1, 2].map(() => post(api.app, '/rest/incidencia/reprogramar', { numero: a.numero, token: tokenA, cviaje: target.cviaje })));
    expect(rebooks.map((r) => r.statusCode)).toEqual([200, 200]);
    const [r1, r2] = rebooks.map((r) => r.json().data as Choice);
    expect(r1!.tipo).toBe('reprogramacion');
    expect(r1!.boleto_nuevo!.numero).toBe(r2!.boleto_nuevo!.numero);
    expect(r1!.boleto_nuevo!.cviaje).toBe(target.cviaje);
    const old = (await db().select().from(boleto).where(eq(boleto.numero, a.numero)))[0]!;
    expect(old).toMatchObject({ estado: 'postergado', postergado_a: r1!.boleto_nuevo!.numero });
    expect(await seatState(a.cviaje_asiento)).toBe(83);
    // No seat stays held by the losing click.
    const newTickets = await db().select().from(boleto).where(eq(boleto.postergado_a, r1!.boleto_nuevo!.numero));
    expect(newTickets).toHaveLength(1);
    // Rebooked, it cannot also be refunded.
    expect((await post(api.app, '/rest/incidencia/reembolso', { numero: a.numero, token: tokenA, destino: 'original' })).json().code).toBe('disruption.yaElegido');

    // Refund to the card: twice at once, refunded once, and the sandbox shows it once.
    const refunds = await Promise.all([1, 2].map(() => post(api.app, '/rest/incidencia/reembolso', { numero: b.numero, token: tokenB, destino: 'original' }, { 'accept-language': 'en-EN' })));
    expect(refunds.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(refunds.map((r) => (r.json().data as Choice).tipo)).toEqual(['reembolso', 'reembolso']);
    const rows = await db().select().from(reembolso).where(eq(reembolso.numero, b.numero));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ estado: 'hecho', monto_centimos: b.total, proveedor: 'safetypay' });
    const sandbox = (await api.app.inject({ url: '/sandbox/safetypay/reembolsos' })).json() as { refundId: string; refundNo: string }[];
    expect(sandbox.filter((r) => r.refundId === rows[0]!.clave)).toHaveLength(1);
    expect(sandbox.find((r) => r.refundId === rows[0]!.clave)!.refundNo).toBe(rows[0]!.operacion);
    expect(await seatState(b.cviaje_asiento)).toBe(83);
    expect((await db().select().from(boleto).where(eq(boleto.numero, b.numero)))[0]!.estado).toBe('anulado');
    expect(await mailsAbout('bob.refund@example.pe', /Refund of ticket/)).toHaveLength(1);
    // The page now shows the choice made and offers nothing more.
    const done = (await post(api.app, '/rest/incidencia/boleto', { numero: b.numero, token: tokenB })).json().data as DisruptionTicket;
    expect(done.eleccion).toMatchObject({ tipo: 'reembolso', reembolso: 'hecho' });
    expect(done.viajes).toEqual([]);
  });

  it('turns a ticket into travel credit with the operator bonus, once, for the guest purchase', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 25);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, 'es-PE', 'credit.guest@example.pe');
    await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS });
    const token = tokenIn((await mailsAbout('credit.guest@example.pe', /cancelado/))[0]!.text, t.numero);
    const answers = await Promise.all([1, 2].map(() => post(api.app, '/rest/incidencia/reembolso', { numero: t.numero, token, destino: 'credito' })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const chosen = answers[0]!.json().data as Choice;
    expect(chosen).toMatchObject({ tipo: 'credito', monto_centimos: t.total + Math.round(t.total * 0.1) });
    const lots = await db().select().from(credito).where(eq(credito.origen, t.numero));
    expect(lots).toHaveLength(1);
    expect(lots[0]!.ccuenta).toBeNull();
    expect(new Date(chosen.credito_vence!).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(await db().select().from(reembolso).where(eq(reembolso.numero, t.numero))).toHaveLength(0);
    expect(await db().select().from(boleto_cambio).where(and(eq(boleto_cambio.numero, t.numero)))).toHaveLength(1);
  });

  it('refuses an expired link and a choice without the right', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 26);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, 'es-PE', 'late.link@example.pe');
    await declare({ cviaje: trip.cviaje, tipo: 'cancelacion', ...REASONS });
    const token = tokenIn((await mailsAbout('late.link@example.pe', /cancelado/))[0]!.text, t.numero);
    clock += 60 * 86_400_000;
    const late = await post(api.app, '/rest/incidencia/reembolso', { numero: t.numero, token, destino: 'original' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('disruption.link.invalid');
  });
});
