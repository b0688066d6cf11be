import { addDays, FARE_FIELDS, limaToday, type ReservationView, type SeatCell, type Trip, type TripStop } from '@rumbo/shared/schemas';
import { and, eq, like, sql } from 'drizzle-orm';
import { outbox } from '../mail/mail.tables';
import { queryRows } from '../db/rows';
import { ADULT, BUYER, CHANNEL, payWithSafetyPay, post, seatBody, setupSandboxApp } from '../test/purchase';

/**
 * Issue 19: a seat is sold per stretch of its bus's route. The Lima → Arequipa bus stops at
 * Paracas (1), Ica (2) and Nasca (3) and ends at Arequipa (4).
 */
const now = () => new Date();
const api = setupSandboxApp(now);

const LIMA = 41;
const PARACAS = 191;
const ICA = 81;
const NASCA = 91;
const AREQUIPA = 11;

type Stretch = Pick<Trip, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>;

async function search(origen: string, destino: string, days: number): Promise<Trip[]> {
  const res = await post(api.app, '/rest/viaje', { origen, destino, fecha: addDays(limaToday(), days), ...{ cusuario: 50005, coficina_venta: 577 } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The `index`-th bus of the day `days` ahead that runs Lima → Arequipa as its whole route. */
async function limaArequipaBus(days: number, index = 0): Promise<Trip> {
  return (await search('LIM', 'AQP', days)).filter((t) => t.ruta_origen.codigo === 'LIM' && t.ruta_destino.codigo === 'AQP')[index]!;
}

const stretch = (trip: Pick<Trip, 'cviaje'>, from: number, to: number): Stretch => ({ cviaje: trip.cviaje, cterminal_origen: from, cterminal_destino: to });

async function seatsOn(leg: Stretch): Promise<SeatCell[]> {
  const res = await post(api.app, '/rest/maqueta', { ...leg, ...CHANNEL });
  expect(res.statusCode).toBe(200);
  return (res.json().data.asientos as SeatCell[]).filter((cell) => cell.gobjeto_sitio === 1);
}

async function seatOn(leg: Stretch, nasiento: number): Promise<SeatCell> {
  return (await seatsOn(leg)).find((cell) => cell.nasiento === nasiento)!;
}

/** Holds seat `nasiento` over `leg` (its map's row), from the client `address`. */
async function holdOn(leg: Stretch, nasiento: number, clave?: string, address = '10.0.0.1') {
  const seat = await seatOn(leg, nasiento);
  return api.app.inject({
    method: 'POST',
    url: '/rest/asiento/bloquear',
    payload: seatBody(leg, seat, 84, clave),
    remoteAddress: address,
    headers: { 'accept-language': 'es-PE' },
  });
}

describe('POST /rest/viaje between any two cities a bus passes', () => {
  it('answers the Lima → Arequipa bus for Lima → Ica with the times, terminals, stops and fares of that stretch', async () => {
    const whole = await limaArequipaBus(4);
    const stops: TripStop[] = (await post(api.app, '/rest/viaje/escalas', { cviaje: whole.cviaje })).json().data;
    const ica = stops.find((s) => s.ciudad === 'Ica')!;
    const leg = (await search('LIM', 'ICA', 4)).find((t) => t.cviaje === whole.cviaje)!;
    expect(leg).toMatchObject({ cterminal_origen: LIMA, cterminal_destino: ICA, escalas: 1, servicio: whole.servicio, asientos_libres: whole.asientos_libres });
    expect(leg.terminal_llegada).toMatchObject({ cterminal: ICA, ciudad: 'Ica' });
    expect(leg.ruta_destino).toMatchObject({ cterminal: AREQUIPA });
    expect(leg.fecha_salida).toBe(whole.fecha_salida);
    expect(new Date(leg.fecha_llegada).getTime()).toBe(new Date(ica.llegada).getTime());
    expect(leg.duracion_min).toBe((new Date(ica.llegada).getTime() - new Date(whole.fecha_salida).getTime()) / 60_000);
    // The fare rule: the direct Lima → Ica route's base fare (S/ 30) over Lima → Arequipa's (S/ 70).
    for (const field of ['edd_calc_160_p2', 'edd_calc_180_p1'] as const) {
      if (whole[field] === null) continue;
      expect(leg[field]).toBe(Math.round((whole[field]! * 30) / 70));
    }
    // Its stops: only those between Lima and Ica.
    const legStops: TripStop[] = (await post(api.app, '/rest/viaje/escalas', { cviaje: leg.cviaje, cterminal_origen: LIMA, cterminal_destino: ICA })).json().data;
    expect(legStops.map((s) => s.ciudad)).toEqual(['Paracas']);
  });

  it("answers Nasca → Arequipa leaving at the bus's time in Nasca, and nothing against the road order", async () => {
    const whole = await limaArequipaBus(4, 1);
    const stops: TripStop[] = (await post(api.app, '/rest/viaje/escalas', { cviaje: whole.cviaje })).json().data;
    const nasca = stops.find((s) => s.ciudad === 'Nasca')!;
    // The Nasca departure may fall on the next Lima day: search the day it falls on.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date(nasca.llegada));
    const days = Math.round((Date.parse(day) - Date.parse(limaToday())) / 86_400_000);
    const leg = (await search('NZC', 'AQP', days)).find((t) => t.cviaje === whole.cviaje)!;
    expect(leg).toMatchObject({ cterminal_origen: NASCA, cterminal_destino: AREQUIPA, escalas: 0 });
    expect(new Date(leg.fecha_salida).getTime()).toBe(new Date(nasca.llegada).getTime());
    expect(leg.fecha_llegada).toBe(whole.fecha_llegada);
    const field = FARE_FIELDS.find((f) => whole[f] !== null)!;
    expect(leg[field]!).toBeLessThan(whole[field]!);
    expect((await search('ICA', 'LIM', 4)).some((t) => t.cviaje === whole.cviaje)).toBe(false);
  });
});

describe('seats per stretch', () => {
  it('a seat held Lima → Ica is free for Ica → Arequipa and taken for Lima → Nasca; the adjacent stretch sells too', async () => {
    const bus = await limaArequipaBus(5);
    const nasiento = (await seatsOn(stretch(bus, LIMA, ICA))).find((s) => s.gestado_asiento === 83)!.nasiento!;
    const first = await holdOn(stretch(bus, LIMA, ICA), nasiento);
    expect(first.statusCode).toBe(200);

    expect((await seatOn(stretch(bus, ICA, AREQUIPA), nasiento)).gestado_asiento).toBe(83);
    expect((await seatOn(stretch(bus, LIMA, NASCA), nasiento)).gestado_asiento).toBe(84);
    expect((await seatOn(stretch(bus, LIMA, AREQUIPA), nasiento)).gestado_asiento).toBe(84);
    const before = (await search('ICA', 'AQP', 5)).find((t) => t.cviaje === bus.cviaje)!;
    const during = (await search('LIM', 'NZC', 5)).find((t) => t.cviaje === bus.cviaje)!;
    expect(before.asientos_libres).toBe(bus.asientos_libres);
    expect(during.asientos_libres).toBe(bus.asientos_libres - 1);

    const overlapping = await holdOn(stretch(bus, PARACAS, NASCA), nasiento, undefined, '10.0.0.2');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('seat.taken');
    const adjacent = await holdOn(stretch(bus, ICA, AREQUIPA), nasiento, undefined, '10.0.0.3');
    expect(adjacent.statusCode).toBe(200);
    expect((await seatOn(stretch(bus, LIMA, AREQUIPA), nasiento)).gestado_asiento).toBe(84);
  });

  it('50 buyers racing for one seat over overlapping stretches: exactly one wins', async () => {
    const bus = await limaArequipaBus(6);
    // Every stretch here covers Ica → Nasca.
    const legs = [stretch(bus, LIMA, NASCA), stretch(bus, PARACAS, AREQUIPA), stretch(bus, ICA, NASCA), stretch(bus, LIMA, AREQUIPA), stretch(bus, ICA, AREQUIPA)];
    const nasiento = (await seatsOn(legs[0]!)).find((s) => s.gestado_asiento === 83)!.nasiento!;
    const seats = await Promise.all(legs.map((leg) => seatOn(leg, nasiento)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.app.inject({
          method: 'POST',
          url: '/rest/asiento/bloquear',
          payload: seatBody(legs[i % legs.length]!, seats[i % legs.length]!, 84),
          remoteAddress: `10.1.0.${i + 1}`,
          headers: { 'accept-language': 'es-PE' },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(answers.filter((res) => res.statusCode === 409).every((res) => res.json().code === 'seat.taken')).toBe(true);
    const live = await queryRows<{ n: number }>(api.db, sql`
      select count(*)::int as n from viaje_asiento where cviaje = ${bus.cviaje} and nasiento = ${nasiento} and gestado_asiento = 84`);
    expect(Number(live[0]!.n)).toBe(1);
  });

  it('two buyers racing for one seat over adjacent stretches: both win', async () => {
    const bus = await limaArequipaBus(7);
    const nasiento = (await seatsOn(stretch(bus, LIMA, ICA))).find((s) => s.gestado_asiento === 83)!.nasiento!;
    const [a, b] = await Promise.all([seatOn(stretch(bus, LIMA, ICA), nasiento), seatOn(stretch(bus, ICA, AREQUIPA), nasiento)]);
    const answers = await Promise.all([
      api.app.inject({ method: 'POST', url: '/rest/asiento/bloquear', payload: seatBody(stretch(bus, LIMA, ICA), a!, 84), remoteAddress: '10.2.0.1' }),
      api.app.inject({ method: 'POST', url: '/rest/asiento/bloquear', payload: seatBody(stretch(bus, ICA, AREQUIPA), b!, 84), remoteAddress: '10.2.0.2' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
  });

  it('an expired hold over an overlapping stretch does not stand in the way', async () => {
    const bus = await limaArequipaBus(8);
    const nasiento = (await seatsOn(stretch(bus, LIMA, NASCA))).find((s) => s.gestado_asiento === 83)!.nasiento!;
    expect((await holdOn(stretch(bus, LIMA, NASCA), nasiento)).statusCode).toBe(200);
    await api.db.execute(sql`update viaje_asiento set expira = now() - interval '1 minute' where cviaje = ${bus.cviaje} and nasiento = ${nasiento} and gestado_asiento = 84`);
    expect((await seatOn(stretch(bus, ICA, AREQUIPA), nasiento)).gestado_asiento).toBe(83);
    expect((await holdOn(stretch(bus, ICA, AREQUIPA), nasiento, undefined, '10.3.0.2')).statusCode).toBe(200);
  });

  it('a purchase holds one stretch of a trip: holding on another releases its holds on the first', async () => {
    const bus = await limaArequipaBus(11);
    const free = (await seatsOn(stretch(bus, LIMA, ICA))).filter((s) => s.gestado_asiento === 83);
    const first = await holdOn(stretch(bus, LIMA, ICA), free[0]!.nasiento!, undefined, '10.5.0.1');
    expect(first.statusCode).toBe(200);
    const clave = first.json().data.clave_bloqueo as string;
    expect((await holdOn(stretch(bus, NASCA, AREQUIPA), free[1]!.nasiento!, clave, '10.5.0.1')).statusCode).toBe(200);
    expect((await seatOn(stretch(bus, LIMA, ICA), free[0]!.nasiento!)).gestado_asiento).toBe(83);
    expect((await seatOn(stretch(bus, NASCA, AREQUIPA), free[1]!.nasiento!)).gestado_asiento).toBe(84);
    const quote = await post(api.app, '/rest/venta/cotizar', { clave_bloqueo: clave });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().data.subtotal_centimos).toBe((await seatOn(stretch(bus, NASCA, AREQUIPA), free[1]!.nasiento!)).precio! * 100);
  });

  it('the database itself refuses two sales of one seat over overlapping stretches', async () => {
    const bus = await limaArequipaBus(9);
    await seatsOn(stretch(bus, LIMA, ICA));
    const insert = (paradas: string) =>
      api.db.execute(sql`
        insert into viaje_asiento (cviaje, nasiento, paradas, gnivel_piso, gcategoria_asiento, gestado_asiento)
        select cviaje, 1000 + nasiento, ${paradas}::int4range, gnivel_piso, gcategoria_asiento, 82
        from viaje_asiento where cviaje = ${bus.cviaje} and nasiento = 1 and paradas = '[0,2)'::int4range`);
    await insert('[0,2)');
    await insert('[2,4)');
    const error = await insert('[1,3)').then(
      () => undefined,
      (e: unknown) => e,
    );
    const codes: unknown[] = [];
    for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) codes.push(e.code);
    expect(codes).toContain('23P01');
  });
});

describe('buying a stretch', () => {
  async function buy(leg: Stretch, nasiento: number, numero: string, language = 'es-PE'): Promise<ReservationView> {
    const held = await holdOn(leg, nasiento, undefined, `10.4.0.${nasiento}`);
    expect(held.statusCode).toBe(200);
    const { clave_bloqueo: clave, cviaje_asiento } = held.json().data;
    const tied = await post(api.app, '/rest/asiento/asociar', { clave_bloqueo: clave, cviaje_asiento, pasajero: { ...ADULT, numero } });
    expect(tied.statusCode).toBe(200);
    const reserved = await post(api.app, '/rest/venta/reserva', { clave_bloqueo: clave, comprador: BUYER, terminos: true }, { 'accept-language': language });
    expect(reserved.statusCode).toBe(201);
    const view = reserved.json().data as ReservationView;
    await payWithSafetyPay(api, now(), view.codigo, clave, view.total_centimos);
    return (await post(api.app, '/rest/venta/consulta', { codigo: view.codigo, clave_bloqueo: clave })).json().data;
  }

  it("sells Lima → Ica and then Ica → Arequipa on the same seat; the tickets name each passenger's own stops", async () => {
    const bus = await limaArequipaBus(10);
    const limaIca = (await search('LIM', 'ICA', 10)).find((t) => t.cviaje === bus.cviaje)!;
    const nasiento = (await seatsOn(stretch(bus, LIMA, ICA))).find((s) => s.gestado_asiento === 83 && s.ipromocion_asiento === 0)!.nasiento!;
    const price = (await seatOn(stretch(bus, LIMA, ICA), nasiento)).precio!;
    const first = await buy(stretch(bus, LIMA, ICA), nasiento, '41000001');
    expect(first.estado).toBe('pagada');
    expect(first.total_centimos).toBe(price * 100);
    expect(first.tramos).toEqual([expect.objectContaining({ cviaje: bus.cviaje, origen: 'Lima', destino: 'Ica', salida: new Date(limaIca.fecha_salida).toISOString(), llegada: new Date(limaIca.fecha_llegada).toISOString() })]);
    expect(first.boletos).toEqual([
      expect.objectContaining({ origen: 'Lima', destino: 'Ica', terminal_origen: 'Terminal Javier Prado', terminal_destino: 'Terminal Ica', nasiento }),
    ]);
    const [mail] = await api.db.select().from(outbox).where(and(eq(outbox.to, BUYER.email), like(outbox.subject, `%${first.codigo}%`), like(outbox.adjunto, 'boletos:%')));
    expect(mail!.text).toContain('Lima → Ica: embarque en Terminal Javier Prado (Lima)');
    expect(mail!.text).toContain('desembarque en Terminal Ica (Ica)');

    expect((await seatOn(stretch(bus, ICA, AREQUIPA), nasiento)).gestado_asiento).toBe(83);
    expect((await seatOn(stretch(bus, LIMA, NASCA), nasiento)).gestado_asiento).toBe(82);

    const second = await buy(stretch(bus, ICA, AREQUIPA), nasiento, '41000002', 'en-EN');
    expect(second.estado).toBe('pagada');
    expect(second.boletos).toEqual([expect.objectContaining({ origen: 'Ica', destino: 'Arequipa', terminal_origen: 'Terminal Ica', terminal_destino: 'Terminal Arequipa', nasiento })]);
    const [mailEn] = await api.db.select().from(outbox).where(and(eq(outbox.to, BUYER.email), like(outbox.subject, `%${second.codigo}%`), like(outbox.adjunto, 'boletos:%')));
    expect(mailEn!.text).toContain('Ica → Arequipa: board at Terminal Ica (Ica)');
    expect(mailEn!.text).toContain('alight at Terminal Arequipa (Arequipa)');
    expect((await seatOn(stretch(bus, LIMA, AREQUIPA), nasiento)).gestado_asiento).toBe(82);
    const sold = await queryRows<{ paradas: string }>(api.db, sql`
      select paradas::text as paradas from viaje_asiento where cviaje = ${bus.cviaje} and nasiento = ${nasiento} and gestado_asiento = 82 order by paradas`);
    expect(sold.map((row) => row.paradas)).toEqual(['[0,2)', '[2,4)']);
  });
});
