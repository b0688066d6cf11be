import { addDays, limaToday, WAITLIST_HOLD_MINUTES, type SeatCell, type Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import { parseOperatorTokens } from '../operators/operators';
import { setupTestApp, TEST_SECRET } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { CHANNEL, findTrip, post, seatBody } from '../test/purchase';
import { hashKey } from '../seats/seats.service';
import { customerWithPoints } from '../test/customers';
import { eraseAccount } from '../privacy/close-account';
import { offerFreedSeats, offerKey, placeToken, PLACE_RETENTION_DAYS } from './waitlist.service';

/** The API's clock: the tests move it past an offer's window and a departure's sales close. */
let clock = Date.now();
const now = () => new Date(clock);
const MINUTE = 60_000;
const TOKEN = 'waitlist-operator-token-of-forty-characters';
const SITE = 'http://localhost:3000';
const context = { secret: TEST_SECRET, siteUrl: SITE };

const api = setupTestApp({
  now,
  siteUrl: SITE,
  operators: parseOperatorTokens(`ops-lima=${TOKEN}`),
  seatRateLimit: { max: 10_000, timeWindow: 60_000 },
  writeRateLimit: { max: 10_000, timeWindow: 60_000 },
  lookupRateLimit: { max: 10_000, timeWindow: 60_000 },
});

const join = (trip: Trip, email: string, asientos = 1, language = 'es-PE') =>
  post(api.app, '/rest/espera', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, asientos, email }, { 'accept-language': language });
const offer = (cespera: number, language = 'es-PE') => post(api.app, '/rest/espera/oferta', { cespera, token: placeToken(TEST_SECRET, cespera) }, { 'accept-language': language });
const leave = (cespera: number) => post(api.app, '/rest/espera/baja', { cespera, token: placeToken(TEST_SECRET, cespera) });

async function seatMap(trip: Trip): Promise<SeatCell[]> {
  const res = await post(api.app, '/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...CHANNEL });
  return (res.json().data.asientos as SeatCell[]).filter((cell) => cell.gobjeto_sitio === 1);
}

/**
 * Sells a trip out: its first seat held by a customer through the API (their purchase key is
 * answered, to release it later), every other seat held by someone else for two hours.
 */
async function soldOut(trip: Trip): Promise<{ seat: SeatCell; clave: string }> {
  const seats = await seatMap(trip);
  const seat = seats[0]!;
  const held = await post(api.app, '/rest/asiento/bloquear', seatBody(trip, seat, 84));
  expect(held.statusCode).toBe(200);
  await api.db.execute(sql`
    update viaje_asiento set gestado_asiento = 84, clave_hash = ${hashKey(`otro-${trip.cviaje}`)}, expira = ${new Date(clock + 120 * MINUTE).toISOString()}::timestamptz
    where cviaje = ${trip.cviaje} and gestado_asiento = 83`);
  return { seat, clave: held.json().data.clave_bloqueo };
}

const release = (trip: Trip, seat: SeatCell, clave: string) => post(api.app, '/rest/asiento/bloquear', seatBody(trip, seat, 83, clave));

const mailsTo = (to: string) => queryRows<{ subject: string; text: string }>(api.db, sql`select subject, text from outbox where "to" = ${to} order by id`);
const placeState = async (cespera: number) => (await queryRows<{ estado: string }>(api.db, sql`select estado from lista_espera where cespera = ${cespera}`))[0]!.estado;

describe(`the waitlist of a sold-out trip (issue 48, ${TEST_ENGINE})`, () => {
  beforeEach(() => {
    clock = Date.now();
  });

  it('is joined only when the stretch has fewer free seats than asked, once per customer, validated by the shared schema', async () => {
    const trip = await findTrip(api.app, 'LIM', 'AQP', 9);
    const notYet = await join(trip, 'ana@example.pe');
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ code: 'waitlist.notSoldOut', message: 'Este viaje aún tiene asientos libres: elíjalos en el mapa de asientos' });
    await soldOut(trip);
    const first = await join(trip, 'Ana@Example.pe', 2);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ estado: 'esperando', posicion: 1, asientos: 2 });
    expect(first.json().data.token).toBe(placeToken(TEST_SECRET, first.json().data.cespera));
    const second = await join(trip, 'beto@example.pe');
    expect(second.json().data).toMatchObject({ posicion: 2 });
    const again = await join(trip, 'ana@example.pe', 1, 'en-EN');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'waitlist.already', message: 'You are already on the waitlist of this trip' });
    const bad = await join(trip, 'not-an-email', 9);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('waitlist.');
  });

  it('takes at most 3 active places per customer for departures of one day', async () => {
    const trips = await Promise.all([0, 1, 2, 3].map((index) => findTrip(api.app, 'LIM', 'AQP', 10, index)));
    expect(new Set(trips.map((trip) => trip.cviaje)).size).toBe(4);
    for (const trip of trips) await soldOut(trip);
    const answers = [];
    for (const trip of trips) answers.push(await join(trip, 'cata@example.pe'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 409]);
    expect(answers[3]!.json().code).toBe('waitlist.limit');
    // Leaving one makes room.
    expect((await leave(answers[0]!.json().data.cespera)).json().data.estado).toBe('retirado');
    expect((await join(trips[3]!, 'cata@example.pe')).statusCode).toBe(200);
  });

  it('two instances seeing the same freed seat tell the first in line once; who does not come in 15 minutes loses it to the next', async () => {
    const trip = await findTrip(api.app, 'LIM', 'AQP', 11);
    const { seat, clave } = await soldOut(trip);
    const ana = (await join(trip, 'ana.w@example.pe')).json().data.cespera as number;
    const beto = (await join(trip, 'beto.w@example.pe', 1, 'en-EN')).json().data.cespera as number;
    // Nothing is free yet: nothing is offered.
    expect(await offerFreedSeats(api.db, context, now())).toBe(0);

    expect((await release(trip, seat, clave)).statusCode).toBe(200);
    // Two instances (two connection pools on PostgreSQL) run the job at the same moment, several times.
    const second: DatabaseHandle | undefined = api.database.databaseUrl ? await openDatabase({ databaseUrl: api.database.databaseUrl }) : undefined;
    try {
      const other: Database = second?.db ?? api.db;
      const runs = await Promise.all([0, 1, 2, 3].map((i) => offerFreedSeats(i % 2 === 0 ? api.db : other, context, now())));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await second?.close();
    }
    expect(await offerFreedSeats(api.db, context, now())).toBe(0);
    expect(await placeState(ana)).toBe('ofrecido');
    expect(await placeState(beto)).toBe('esperando');
    const anaMails = await mailsTo('ana.w@example.pe');
    expect(anaMails).toHaveLength(1);
    expect(anaMails[0]!.text).toContain(`${SITE}/pasajes/asientos?espera=${ana}&token=${placeToken(TEST_SECRET, ana)}`);
    expect(anaMails[0]!.text).toContain(`asiento ${seat.nasiento}`);
    expect(await mailsTo('beto.w@example.pe')).toHaveLength(0);

    // The link's call opens step 2 with the seat held under the offer's key.
    const opened = await offer(ana);
    expect(opened.statusCode).toBe(200);
    const data = opened.json().data;
    expect(data).toMatchObject({ origen: 'LIM', destino: 'AQP', fecha: addDays(limaToday(), 11), cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino });
    expect(data.asientos.map((s: { nasiento: number }) => s.nasiento)).toEqual([seat.nasiento]);
    expect(new Date(data.expira).getTime()).toBe(clock + WAITLIST_HOLD_MINUTES * MINUTE);
    const [row] = await queryRows<{ clave_hash: string }>(api.db, sql`select clave_hash from viaje_asiento where cviaje_asiento = ${seat.cviaje_asiento}`);
    expect(row!.clave_hash).toBe(hashKey(data.clave_bloqueo));
    // The seat is the offer's: someone else's hold is refused.
    expect((await post(api.app, '/rest/asiento/bloquear', seatBody(trip, seat, 84))).json().code).toBe('seat.taken');
    // The key is the purchase's: step 3 quotes the held seat with it.
    const quote = await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: data.clave_bloqueo });
    expect(quote.statusCode).toBe(200);

    // Ana does not come: 15 minutes later the seat goes to Beto, told in English.
    // (This file's other trips whose holds lapsed meanwhile may be offered in the same run.)
    clock += WAITLIST_HOLD_MINUTES * MINUTE + 1_000;
    expect(await offerFreedSeats(api.db, context, now())).toBeGreaterThanOrEqual(1);
    expect(await placeState(ana)).toBe('vencido');
    expect(await placeState(beto)).toBe('ofrecido');
    const late = await offer(ana);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('waitlist.offer.expired');
    const betoMails = await mailsTo('beto.w@example.pe');
    expect(betoMails).toHaveLength(1);
    expect(betoMails[0]!.subject).toMatch(/^Seats freed up/);
    const betoOffer = (await offer(beto)).json().data;
    expect(betoOffer.asientos.map((s: { nasiento: number }) => s.nasiento)).toEqual([seat.nasiento]);
    expect(betoOffer.clave_bloqueo).toBe(offerKey(TEST_SECRET, beto, now()));
    expect(await mailsTo('ana.w@example.pe')).toHaveLength(1);

    // Beto lets it go: the seat is free on the map at once.
    expect((await leave(beto)).json().data.estado).toBe('retirado');
    const cell = (await seatMap(trip)).find((c) => c.nasiento === seat.nasiento)!;
    expect(cell.gestado_asiento).toBe(83);
  });

  it('keeps the head of the line first: a head wanting 2 seats blocks the one behind it wanting 1', async () => {
    const trip = await findTrip(api.app, 'LIM', 'CUZ', 12);
    const { seat, clave } = await soldOut(trip);
    const big = (await join(trip, 'big@example.pe', 2)).json().data.cespera as number;
    const small = (await join(trip, 'small@example.pe', 1)).json().data.cespera as number;
    await release(trip, seat, clave);
    expect(await offerFreedSeats(api.db, context, now())).toBe(0);
    expect([await placeState(big), await placeState(small)]).toEqual(['esperando', 'esperando']);
  });

  it('closes when sales close for the departure, and shows operators the demand per departure', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 13);
    await soldOut(trip);
    await join(trip, 'dora@example.pe', 3);
    await join(trip, 'eva@example.pe', 2);
    const res = await api.app.inject({ method: 'GET', url: '/rest/operador/espera', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((row: { cviaje: number }) => row.cviaje === trip.cviaje)).toMatchObject({ esperando: 2, asientos: 5, ofrecidos: 0 });
    expect((await api.app.inject({ method: 'GET', url: '/rest/operador/espera' })).statusCode).toBe(401);

    const [departure] = await queryRows<{ salida: string | Date }>(api.db, sql`select salida from viaje where cviaje = ${trip.cviaje}`);
    clock = new Date(departure!.salida).getTime() - 29 * MINUTE;
    await offerFreedSeats(api.db, context, now());
    const states = await queryRows<{ estado: string }>(api.db, sql`select estado from lista_espera where cviaje = ${trip.cviaje}`);
    expect(states.map((s) => s.estado)).toEqual(['cerrado', 'cerrado']);
  });

  it("a closed account's places go with it; every place goes a week after its departure", async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 14);
    await soldOut(trip);
    const customer = await customerWithPoints(api.db, 0, now());
    // Signed in, no e-mail in the body: the account's.
    const signedIn = await post(api.app, '/rest/espera', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, asientos: 1 }, customer.auth);
    expect(signedIn.statusCode).toBe(200);
    const place = signedIn.json().data as { cespera: number };
    const [stored] = await queryRows<{ ccuenta: number; correo: string }>(api.db, sql`select ccuenta, correo from lista_espera where cespera = ${place.cespera}`);
    expect(Number(stored!.ccuenta)).toBe(customer.ccuenta);
    expect(stored!.correo).toMatch(/^ana\..*@example\.pe$/);
    const guest = (await join(trip, 'fina@example.pe')).json().data.cespera as number;
    await eraseAccount(api.db, customer.ccuenta, now());
    const left = await queryRows<{ cespera: number }>(api.db, sql`select cespera from lista_espera where cviaje = ${trip.cviaje}`);
    expect(left.map((row) => Number(row.cespera))).toEqual([guest]);
    expect(place.cespera).not.toBe(guest);
    const [departure] = await queryRows<{ salida: string | Date }>(api.db, sql`select salida from viaje where cviaje = ${trip.cviaje}`);
    clock = new Date(departure!.salida).getTime() + PLACE_RETENTION_DAYS * 24 * 60 * MINUTE + MINUTE;
    await offerFreedSeats(api.db, context, now());
    expect(await queryRows(api.db, sql`select cespera from lista_espera where cviaje = ${trip.cviaje}`)).toEqual([]);
  });
});
