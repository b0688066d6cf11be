import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SeatCell, Trip } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { parseOperatorTokens } from '../operators/operators';
import { setupTestApp, TEST_SECRET } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { CHANNEL, findTrip, post, seatBody } from '../test/purchase';
import { offerFreedSeats } from '../waitlist/waitlist.service';

/** The API's clock: one test moves it to the departure's sales close. */
let clock = Date.now();
const now = () => new Date(clock);
const TOKEN = 'seat-block-operator-token-of-forty-chars';
const context = { secret: TEST_SECRET, siteUrl: 'http://localhost:3000' };

const api = setupTestApp({
  now,
  operators: parseOperatorTokens(`counter-lima=${TOKEN}`),
  seatRateLimit: { max: 10_000, timeWindow: 60_000 },
  writeRateLimit: { max: 10_000, timeWindow: 60_000 },
});

const asOperator = { authorization: `Bearer ${TOKEN}` };
const block = (body: object, headers: Record<string, string> = asOperator) => post(api.app, '/rest/operador/bloqueo', body, headers);
const releaseBlock = (cbloqueo: number, headers: Record<string, string> = asOperator) => post(api.app, '/rest/operador/bloqueo/liberar', { cbloqueo }, headers);

async function seatMap(trip: Trip): Promise<SeatCell[]> {
  const res = await post(api.app, '/rest/maqueta', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, ...CHANNEL });
  return (res.json().data.asientos as SeatCell[]).filter((cell) => cell.gobjeto_sitio === 1);
}

async function freeInSearch(trip: Trip, days: number): Promise<number> {
  const again = await findTrip(api.app, 'LIM', 'TRU', days, 0);
  expect(again.cviaje).toBe(trip.cviaje);
  return again.asientos_libres;
}

describe(`operators' seat blocks for group and counter sales (${TEST_ENGINE})`, () => {
  beforeEach(() => {
    clock = Date.now();
  });

  it('are for operators only, and a wrong body is a 400 with its message in both languages', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 14);
    expect((await block({ cviaje: trip.cviaje, asientos: 2, motivo: 'Colegio San Juan' }, {})).statusCode).toBe(401);
    expect((await block({ cviaje: trip.cviaje, asientos: 2, motivo: 'Colegio San Juan' }, { authorization: 'Bearer not-an-operator-token-at-all-0000000' })).statusCode).toBe(401);
    expect((await releaseBlock(1, {})).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/rest/operador/bloqueos' })).statusCode).toBe(401);

    const bad = await block({ cviaje: trip.cviaje, asientos: 0, motivo: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Indique de 1 a 60 asientos');
    const badEn = await post(api.app, '/rest/operador/bloqueo', { cviaje: trip.cviaje, asientos: 3, motivo: 'x' }, { ...asOperator, 'accept-language': 'en-EN' });
    expect(badEn.statusCode).toBe(400);
    expect(JSON.stringify(badEn.json())).toContain('Say what the seats are set aside for');
    expect((await block({ cviaje: 99_999_999, asientos: 1, motivo: 'Grupo' })).statusCode).toBe(404);
    const unknown = await releaseBlock(99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('seatBlock.notFound');
  });

  it('sets aside the lowest free seats: taken on the seat map, in the search and for a customer, until released', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 15);
    const before = await freeInSearch(trip, 15);
    const seats = await seatMap(trip);
    // A customer holds the first seat: the block takes the next ones.
    const customer = await post(api.app, '/rest/asiento/bloquear', seatBody(trip, seats[0]!, 84));
    expect(customer.statusCode).toBe(200);

    const res = await block({ cviaje: trip.cviaje, asientos: 3, motivo: '  Colegio San Juan, promoción 2026  ' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    const expected = seats.slice(1, 4).map((seat) => Number(seat.nasiento)).sort((a, b) => a - b);
    expect(answer).toMatchObject({ cviaje: trip.cviaje, asientos: expected, motivo: 'Colegio San Juan, promoción 2026', operador: 'counter-lima', liberado: null });
    expect(new Date(answer.hasta).getTime()).toBeGreaterThan(clock);
    expect(res.headers['cache-control']).toContain('no-store');

    const map = await seatMap(trip);
    for (const nasiento of expected) expect(map.find((seat) => seat.nasiento === nasiento)!.gestado_asiento).toBe(84);
    expect(await freeInSearch(trip, 15)).toBe(before - 4);
    const taken = await post(api.app, '/rest/asiento/bloquear', seatBody(trip, map.find((seat) => seat.nasiento === expected[0])!, 84));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('seat.taken');
    // No purchase key is answered or stored: only its hash, unknown to anyone.
    expect(JSON.stringify(answer)).not.toMatch(/clave/);
    const listed = await api.app.inject({ method: 'GET', url: '/rest/operador/bloqueos', headers: asOperator });
    expect(listed.json().data.map((row: { cbloqueo: number }) => row.cbloqueo)).toContain(answer.cbloqueo);

    const released = await releaseBlock(answer.cbloqueo);
    expect(released.statusCode).toBe(200);
    expect(released.json().data.liberado).toEqual(now().toISOString());
    const after = await seatMap(trip);
    for (const nasiento of expected) expect(after.find((seat) => seat.nasiento === nasiento)!.gestado_asiento).toBe(83);
    expect(await freeInSearch(trip, 15)).toBe(before - 1);
    // Released again (a retry): the same answer, nothing else freed (the customer's seat stays theirs).
    clock += 60_000;
    const again = await releaseBlock(answer.cbloqueo);
    expect(again.json().data).toEqual(released.json().data);
    expect((await seatMap(trip)).find((seat) => seat.nasiento === seats[0]!.nasiento)!.gestado_asiento).toBe(84);
  });

  it('a block that sells a trip out counts for the waitlist; its release offers the seats to the first in line, once', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 16);
    const free = await freeInSearch(trip, 16);
    const res = await block({ cviaje: trip.cviaje, asientos: free, motivo: 'Delegación deportiva' });
    expect(res.statusCode).toBe(200);
    expect(await freeInSearch(trip, 16)).toBe(0);
    const more = await block({ cviaje: trip.cviaje, asientos: 1, motivo: 'Otro grupo' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ code: 'seatBlock.notEnough', message: 'Ese viaje no tiene tantos asientos libres en todo su recorrido' });

    const joined = await post(api.app, '/rest/espera', { cviaje: trip.cviaje, cterminal_origen: trip.cterminal_origen, cterminal_destino: trip.cterminal_destino, asientos: 1, email: 'delia@example.pe' });
    expect(joined.statusCode).toBe(200);
    expect(await offerFreedSeats(api.db, context, now())).toBe(0);

    expect((await releaseBlock(res.json().data.cbloqueo)).statusCode).toBe(200);
    expect(await offerFreedSeats(api.db, context, now())).toBe(1);
    expect(await offerFreedSeats(api.db, context, now())).toBe(0);
    const mails = await queryRows<{ subject: string }>(api.db, sql`select subject from outbox where "to" = 'delia@example.pe'`);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Se liberaron asientos para su viaje/)]);
  });

  it('is refused once the departure closed its sales', async () => {
    const trip = await findTrip(api.app, 'LIM', 'TRU', 17);
    clock = new Date(trip.fecha_salida).getTime() - 10 * 60_000;
    const res = await block({ cviaje: trip.cviaje, asientos: 1, motivo: 'Grupo tarde' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('trip.closed');
  });

  it('are set aside, listed and released from the operators CLI', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const cli = async (...args: string[]) =>
      JSON.parse((await promisify(execFile)('node', [path.join(__dirname, '../../scripts/operator.mjs'), ...args], { env: { ...process.env, API_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN: TOKEN } })).stdout);
    const trip = await findTrip(api.app, 'LIM', 'TRU', 18);
    const made = await cli('block', String(trip.cviaje), '2', '--reason', 'Venta en counter');
    expect(made).toMatchObject({ cviaje: trip.cviaje, motivo: 'Venta en counter', operador: 'counter-lima', liberado: null });
    expect(made.asientos).toHaveLength(2);
    expect((await cli('blocks')).map((row: { cbloqueo: number }) => row.cbloqueo)).toContain(made.cbloqueo);
    expect((await cli('release-block', String(made.cbloqueo))).liberado).not.toBeNull();
  });
});
