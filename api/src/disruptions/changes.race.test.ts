import type { Choice, ReservationView, SeatCell, Trip } from '@rumbo/shared/schemas';
import { validationText } from '@rumbo/shared/schemas';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { boleto, boleto_movimiento, reserva } from '../sales/sales.tables';
import { TEST_ENGINE } from '../test/database';
import { ADULT, BUYER, byPrice, findTrip, freeSeats, holdNewPassenger, payWithSafetyPay, post, setupSandboxApp } from '../test/purchase';
import { boleto_cambio } from './disruptions.tables';
import { lockWaiters } from '../test/locks';

// Issue 45 item 7: a cancellation and a transfer of one ticket, or two transfers of it, at once.

const clock = Date.now();
const now = () => new Date(clock);
const api = setupSandboxApp(now);

async function paidTicket(trip: Trip, seat: SeatCell) {
  const clave = await holdNewPassenger(api.app, trip, seat);
  const res = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true });
  expect(res.statusCode).toBe(201);
  const view = res.json().data as ReservationView;
  await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
  const paid = (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data as ReservationView;
  return { codigo: view.codigo, clave, numero: paid.boletos[0]!.numero, cviaje_asiento: seat.cviaje_asiento! };
}

const LUIS = { ...ADULT, numero: '43216789', nombres: 'Luis', paterno: 'Huamán', materno: 'Ccori' };
const ANA = { ...ADULT, numero: '43216790', nombres: 'Ana', paterno: 'Flores', materno: 'Ticona' };

describe('issue 45 item 7: two transfers of one ticket to different passengers', () => {
  it('issue 45 item 7: the first applies and answers 200; the other a 409 saying it was already transferred, in its language', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 37);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    const access = { codigo: t.codigo, clave_bloqueo: t.clave };
    const answers = await Promise.all([
      post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: LUIS }, { 'accept-language': 'es-PE' }),
      post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: ANA }, { 'accept-language': 'en-EN' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const loser = 1 - winner;
    const applied = (answers[winner]!.json().data as Choice).boleto_nuevo!;
    expect(applied.pasajero.nombres).toBe(winner === 0 ? 'Luis' : 'Ana');
    const language = loser === 0 ? 'es-PE' : 'en-EN';
    expect(answers[loser]!.json()).toEqual({ code: 'change.yaTransferido', message: validationText(language, 'change.yaTransferido') });
    // Only one new ticket; the same transfer again (a double click) still answers what it did.
    const [r] = await api.db.select().from(reserva).where(eq(reserva.codigo, t.codigo));
    expect((await api.db.select().from(boleto).where(eq(boleto.creserva, r!.creserva))).map((b) => b.estado).sort()).toEqual(['emitido', 'transferido']);
    const again = await post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: winner === 0 ? LUIS : ANA });
    expect(again.statusCode).toBe(200);
    expect((again.json().data as Choice).boleto_nuevo!.numero).toBe(applied.numero);
    // Sequentially too: a later transfer to someone else is refused, not answered with the first.
    const later = await post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: winner === 0 ? ANA : LUIS }, { 'accept-language': 'en-EN' });
    expect(later.statusCode).toBe(409);
    expect(later.json().code).toBe('change.yaTransferido');
  });
});

/**
 * The cancellation locked the ticket, then its ledger row's foreign key took a share lock on the
 * reservation; the transfer locks the reservation, then the ticket: each waited for the other
 * (PostgreSQL 40P01, a 500). The seat's row is held from outside so that the cancellation is
 * stopped between the two while the transfer starts. PostgreSQL only: PGlite runs one transaction
 * at a time.
 */
const describeOnPostgres = TEST_ENGINE === 'postgres' ? describe : describe.skip;
describeOnPostgres('issue 45 item 7: a cancellation and a transfer of one ticket at once', () => {
  it('issue 45 item 7: no deadlock: the cancellation applies, the transfer answers 409 in its language', async () => {
    const trip = await findTrip(api.app, 'LIM', 'ICA', 38);
    const t = await paidTicket(trip, byPrice(await freeSeats(api.app, trip))[0]!);
    const access = { codigo: t.codigo, clave_bloqueo: t.clave };
    const outside = new pg.Client({ connectionString: api.database.databaseUrl });
    await outside.connect();
    const waiting = (count: number) => lockWaiters(outside, count);
    try {
      await outside.query('begin');
      await outside.query('select 1 from viaje_asiento where cviaje_asiento = $1 for update', [t.cviaje_asiento]);
      const cancelled = post(api.app, '/rest/venta/anular', { numero: t.numero, ...access, destino: 'original' }, { 'accept-language': 'es-PE' });
      await waiting(1);
      const transferred = post(api.app, '/rest/venta/transferir', { numero: t.numero, ...access, pasajero: LUIS }, { 'accept-language': 'en-EN' });
      await waiting(2);
      await outside.query('commit');
      const [cancel, transfer] = await Promise.all([cancelled, transferred]);
      expect(cancel.statusCode).toBe(200);
      expect((cancel.json().data as Choice).tipo).toBe('anulacion');
      expect(transfer.statusCode).toBe(409);
      expect(transfer.json()).toEqual({ code: 'disruption.yaElegido', message: validationText('en-EN', 'disruption.yaElegido') });
    } finally {
      await outside.end();
    }
    const [change] = await api.db.select().from(boleto_cambio).where(eq(boleto_cambio.numero, t.numero));
    expect(change!.tipo).toBe('anulacion');
    expect((await api.db.select().from(boleto_movimiento).where(eq(boleto_movimiento.numero, t.numero))).map((m) => m.tipo)).toEqual(['emision', 'anulacion']);
  }, 60_000);
});
