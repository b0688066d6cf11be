import type { Choice, RecoveryAnswer, ReservationView, SeatCell, TicketChanges, Trip } from '@rumbo/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import { credito } from '../credit/credit.tables';
import { outbox } from '../mail/mail.tables';
import { parseOperatorTokens } from '../operators/operators';
import { boleto, reserva } from '../sales/sales.tables';
import { customerWithPoints } from '../test/customers';
import { ADULT, BUYER, byPrice, findTrip, freeSeats, hold, holdNewPassenger, payWithSafetyPay, post, seatState as seatStateIn, setupSandboxApp, STORE } from '../test/purchase';
import { comprobante } from '../vouchers/vouchers.tables';
import { reembolso } from './disruptions.tables';

const TOKEN = 'f3a9c1d47e8b20c6a5d9e1f07b3c8a4d2e6f1b9c';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const HOUR = 3_600_000;

let clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now, { operators: parseOperatorTokens(`ops-lima=${TOKEN}`), siteUrl: STORE });
afterEach(() => {
  clock = Date.now();
});
const db = () => api.db;
const seatState = (id: number | null) => seatStateIn(db(), id);

async function paidTicket(trip: Trip, seat: SeatCell, headers: Record<string, string> = {}) {
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, headers);
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  const paid = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView;
  return { codigo: view.codigo, clave, numero: paid.boletos[0]!.numero, qr: paid.boletos[0]!.qr, total: view.total_centimos };
}

/** A guest's recovery key for purchase `codigo` (the recovery page's way in). */
async function recoveryKey(codigo: string): Promise<string> {
  await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email });
  // The newest mail of this purchase that carries a code (its tickets' and vouchers' mails carry none).
  const mails = await db().select().from(outbox).where(eq(outbox.to, BUYER.email)).orderBy(asc(outbox.id));
  const code = mails.map((m) => m.subject.includes(codigo) && /\b(\d{6})\b/.exec(m.subject)?.[1]).filter(Boolean).at(-1) as string;
  return ((await post(api.app, '/rest/venta/recovery', { codigo, email: BUYER.email, verificacion: code })).json().data as RecoveryAnswer).acceso;
}

const reservationOf = async (codigo: string) => (await db().select().from(reserva).where(eq(reserva.codigo, codigo)))[0]!;

const boards = async (qr: string) => (await post(api.app, '/rest/operador/abordaje', { qr }, OPERATOR)).json().data as { valido: boolean };

describe('a customer cancels a ticket alone (Mi cuenta)', () => {
  it('shows the fee first, refunds the price less 10 % once, and puts the seat back on sale at once', async () => {
    const { auth } = await customerWithPoints(db(), 0);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 33);
    const seat = byPrice(await freeSeats(api.app, trip))[0]!;
    const t = await paidTicket(trip, seat, auth);
    const quote = (await post(api.app, '/rest/venta/cambios', { numero: t.numero }, auth)).json().data as TicketChanges;
    const fee = Math.round(t.total * 0.1);
    expect(quote).toMatchObject({ anulable: true, transferible: true, reembolso_centimos: t.total - fee, cargo_centimos: fee, credito_centimos: t.total, credito_meses: 12, motivo: null });
    expect((await post(api.app, '/rest/venta/cambios', { numero: t.numero })).statusCode).toBe(401);

    const answers = await Promise.all([1, 2].map(() => post(api.app, '/rest/venta/anular', { numero: t.numero, destino: 'original' }, auth)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((answers[0]!.json().data as Choice)).toMatchObject({ tipo: 'anulacion', monto_centimos: t.total - fee, reembolso: 'hecho' });
    const refunds = await db().select().from(reembolso).where(eq(reembolso.numero, t.numero));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.monto_centimos).toBe(t.total - fee);
    // Issue 34: what went back is reversed on the sale's boleta by one credit note (the fee kept
    // stays on the boleta, which therefore stays valid).
    const vouchers = await db().select().from(comprobante).where(eq(comprobante.creserva, (await reservationOf(t.codigo)).creserva));
    const boleta = vouchers.find((v) => v.tipo === '03')!;
    const notes = vouchers.filter((v) => v.tipo === '07');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ ccomprobante_origen: boleta.ccomprobante, total_centimos: t.total - fee, serie: 'BC01' });
    expect(boleta.vigencia).toBe('vigente');
    expect(await seatState(seat.cviaje_asiento)).toBe(83);
    // On sale again at once: another customer holds it.
    expect((await hold(api.app, trip, seat)).statusCode).toBe(200);
    expect(await boards(t.qr)).toMatchObject({ valido: false });
    // Cancelled, it cannot be transferred.
    expect((await post(api.app, '/rest/venta/transferir', { numero: t.numero, pasajero: ADULT }, auth)).json().code).toBe('disruption.yaElegido');
  });

  it('respects the limits: cancel until 6 h before boarding, transfer until 3 h', async () => {
    const { auth } = await customerWithPoints(db(), 0);
    const trip = await findTrip(api.app, 'LIM', 'ICA', 34);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!, auth);
    clock = new Date(trip.fecha_salida).getTime() - 5 * HOUR;
    const quote = (await post(api.app, '/rest/venta/cambios', { numero: t.numero }, auth)).json().data as TicketChanges;
    expect(quote).toMatchObject({ anulable: false, transferible: true });
    const late = await post(api.app, '/rest/venta/anular', { numero: t.numero, destino: 'credito' }, auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('change.tooLate');
    clock = new Date(trip.fecha_salida).getTime() - 2 * HOUR;
    const tooLate = await post(api.app, '/rest/venta/transferir', { numero: t.numero, pasajero: { ...ADULT, numero: '41234567' } }, { ...auth, 'accept-language': 'en-EN' });
    expect(tooLate.json()).toMatchObject({ code: 'change.tooLate', message: 'The time for this change before departure has passed' });
  });
});

describe('a guest transfers a ticket from the recovery page', () => {
  it('issues a new ticket and QR in the new name, the old QR stops boarding; once; then cancels it for credit', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 35);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    const acceso = await recoveryKey(t.codigo);
    const access = { codigo: t.codigo, clave_bloqueo: acceso };
    expect(await boards(t.qr)).toMatchObject({ valido: true });
    const newcomer = { ...ADULT, numero: '43216789', nombres: 'Luis', paterno: 'Huamán', materno: 'Ccori' };
    // A child cannot take a ticket online.
    expect((await post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: { ...newcomer, nacimiento: '2020-01-01' } })).json().code).toBe('change.minor');
    const answers = await Promise.all([1, 2].map(() => post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: newcomer })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => r.json().data as Choice);
    expect(a!.tipo).toBe('transferencia');
    expect(a!.boleto_nuevo!.numero).toBe(b!.boleto_nuevo!.numero);
    expect(a!.boleto_nuevo!.pasajero.nombres).toBe('Luis');
    expect(a!.boleto_nuevo!.qr).not.toBe(t.qr);
    expect(await boards(t.qr)).toMatchObject({ valido: false });
    expect(await boards(a!.boleto_nuevo!.qr)).toMatchObject({ valido: true });
    // The old ticket keeps its own passenger (card, PDF, Mi cuenta): only the new one names Luis.
    const view = (await post(api.app, '/rest/venta/consulta', { codigo: t.codigo, clave_bloqueo: t.clave })).json().data as ReservationView;
    const old = view.boletos.find((x) => x.numero === t.numero)!;
    expect(old.estado).toBe('transferido');
    expect(old.pasajero).toMatchObject({ nombres: ADULT.nombres, paterno: ADULT.paterno });
    expect(old.pasajero.numero).not.toBe('****6789');
    expect(view.boletos.find((x) => x.numero === a!.boleto_nuevo!.numero)!.pasajero).toMatchObject({ nombres: 'Luis', numero: '****6789' });
    expect((await db().select().from(boleto).where(eq(boleto.creserva, (await db().select().from(boleto).where(eq(boleto.numero, t.numero)))[0]!.creserva))).map((x) => x.estado).sort()).toEqual(['emitido', 'transferido']);
    // A new PDF goes to the buyer.
    const mails = await db().select().from(outbox).where(eq(outbox.to, BUYER.email));
    expect(mails.filter((m) => m.adjunto === `boletos:${t.codigo}:es-PE`).length).toBeGreaterThanOrEqual(2);

    const cancelled = await post(api.app, '/rest/venta/anular', { numero: a!.boleto_nuevo!.numero, ...access, destino: 'credito' });
    expect(cancelled.json().data).toMatchObject({ tipo: 'anulacion', monto_centimos: t.total });
    expect(await db().select().from(credito).where(eq(credito.origen, a!.boleto_nuevo!.numero))).toHaveLength(1);
  });

  it('a disrupted ticket goes through its free choice, not a paid cancellation', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 36);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    await post(api.app, '/rest/operador/incidencia', { cviaje: trip.cviaje, tipo: 'cancelacion', motivo_es: 'Paro', motivo_en: 'Strike' }, OPERATOR);
    const refused = await post(api.app, '/rest/venta/anular', { numero: t.numero, codigo: t.codigo, clave_bloqueo: t.clave, destino: 'original' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('change.disrupted');
  });
});
