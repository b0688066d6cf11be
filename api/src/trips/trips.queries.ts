import { addDays, fromPrice, type FareDay, type Terminal, type Trip, type TripSearch, type TripStop } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { rootOf, type Database } from '../db/client';
import { queryRows } from '../db/rows';
import { STATE_SQL } from '../db/seat-states';
import { delayAt, disruptionsJson, disruptionsOf, isCancelled, NO_DISRUPTION, toDisruptions } from '../disruptions/effects';

/** Sales of a departure close this long before it leaves. */
export const SALES_CLOSE_MINUTES = 30;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** PostgreSQL drivers hand numerics and counts back as strings; the API answers numbers. */
const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export async function listTerminals(db: Database): Promise<Terminal[]> {
  const rows = await queryRows<Terminal>(db, sql`
    select t.cterminal, t.nombre, t.direccion, t.cciudad, c.nombre as ciudad, c.codigo
    from terminal t join ciudad c on c.cciudad = t.cciudad
    order by c.nombre, t.nombre`);
  return rows;
}

/** A stop of a route: its position (0 first terminal … n + 1 last), city, terminal and time from departure. */
export interface RouteStop {
  pos: number;
  cciudad: number;
  codigo: string;
  terminal: Terminal;
  minutos: number;
}

/** A route with its terminals (cities included), stops in order (both ends included) and base fare. */
export interface RouteInfo {
  cruta: number;
  origen: Terminal;
  destino: Terminal;
  duracion_min: number;
  escalas: number;
  precio_base: number;
  stops: RouteStop[];
}

/**
 * A stretch of a route (issue 19): boarding at stop `desde`, alighting at stop `hasta`; `paradas`
 * is the stored int4range `[desde,hasta)`. Its fares are the trip's fares times `ratio` (FARE RULE:
 * the base fare of the operator's direct route between the two cities over the base fare of the
 * trip's route when such a route exists, else the share of the route's minutes; rounded to whole
 * soles, at least S/ 1; the whole route is exactly the trip's fares).
 */
export interface Stretch {
  desde: number;
  hasta: number;
  paradas: string;
  origen: RouteStop;
  destino: RouteStop;
  ratio: number;
}

interface Network {
  routes: Map<number, RouteInfo>;
  /** Lowest base fare of a direct route between two cities, keyed `a-b`. */
  direct: Map<string, number>;
}

/**
 * Terminals and routes are reference data (seeded from code, changed only by a deploy): each
 * process reads them once, so a trip search touches only the departures of the day.
 */
const networkCache = new WeakMap<Database, Promise<Network>>();

function networkOf(db: Database): Promise<Network> {
  // Keyed on the database a transaction belongs to: a sale's transaction reads the cached network.
  const root = rootOf(db);
  let network = networkCache.get(root);
  if (!network) {
    network = (async () => {
      const list = await listTerminals(db);
      const terminals = new Map(list.map((t) => [t.cterminal, t]));
      // An intermediate stop boards and alights at its city's first terminal (lowest code).
      const cityTerminal = new Map<number, Terminal>();
      for (const t of [...list].sort((a, b) => a.cterminal - b.cterminal)) if (!cityTerminal.has(t.cciudad)) cityTerminal.set(t.cciudad, t);
      const routes = await queryRows<{ cruta: number; cterminal_origen: number; cterminal_destino: number; duracion_min: number; precio_base: number }>(
        db,
        sql`select r.cruta, r.cterminal_origen, r.cterminal_destino, r.duracion_min, r.precio_base::float8 as precio_base from ruta r`,
      );
      const escalas = await queryRows<{ cruta: number; orden: number; cciudad: number; minutos: number }>(
        db,
        sql`select cruta, orden, cciudad, minutos from ruta_escala order by cruta, orden`,
      );
      const byRoute = new Map<number, RouteStop[]>();
      for (const e of escalas) {
        const terminal = cityTerminal.get(Number(e.cciudad))!;
        const list = byRoute.get(Number(e.cruta)) ?? [];
        list.push({ pos: Number(e.orden), cciudad: terminal.cciudad, codigo: terminal.codigo, terminal, minutos: Number(e.minutos) });
        byRoute.set(Number(e.cruta), list);
      }
      const direct = new Map<string, number>();
      const result = new Map<number, RouteInfo>();
      for (const route of routes) {
        const origen = terminals.get(route.cterminal_origen)!;
        const destino = terminals.get(route.cterminal_destino)!;
        const middle = byRoute.get(Number(route.cruta)) ?? [];
        const stops: RouteStop[] = [
          { pos: 0, cciudad: origen.cciudad, codigo: origen.codigo, terminal: origen, minutos: 0 },
          ...middle,
          { pos: middle.length + 1, cciudad: destino.cciudad, codigo: destino.codigo, terminal: destino, minutos: Number(route.duracion_min) },
        ];
        const key = `${origen.cciudad}-${destino.cciudad}`;
        direct.set(key, Math.min(direct.get(key) ?? Infinity, Number(route.precio_base)));
        result.set(Number(route.cruta), {
          cruta: Number(route.cruta),
          origen,
          destino,
          duracion_min: Number(route.duracion_min),
          escalas: middle.length,
          precio_base: Number(route.precio_base),
          stops,
        });
      }
      return { routes: result, direct };
    })();
    network.catch(() => networkCache.delete(root));
    networkCache.set(root, network);
  }
  return network;
}

function stretchOf(network: Network, route: RouteInfo, desde: number, hasta: number): Stretch {
  const origen = route.stops[desde]!;
  const destino = route.stops[hasta]!;
  const whole = desde === 0 && hasta === route.stops.length - 1;
  const directFare = network.direct.get(`${origen.cciudad}-${destino.cciudad}`);
  const ratio = whole
    ? 1
    : directFare !== undefined && route.precio_base > 0
      ? Math.min(1, directFare / route.precio_base)
      : (destino.minutos - origen.minutos) / route.duracion_min;
  return { desde, hasta, paradas: `[${desde},${hasta})`, origen, destino, ratio };
}

/** The stretch of `route` from terminal `cterminal_origen` to `cterminal_destino`, in road order; undefined if it has none. */
export function stretchBetween(network: Network, route: RouteInfo, cterminal_origen: number, cterminal_destino: number): Stretch | undefined {
  const desde = route.stops.findIndex((s) => s.terminal.cterminal === cterminal_origen);
  const hasta = route.stops.findIndex((s) => s.terminal.cterminal === cterminal_destino);
  if (desde < 0 || hasta <= desde) return undefined;
  return stretchOf(network, route, desde, hasta);
}

/** The stretch stored as `paradas` (`[a,b)`) on `route`. */
function stretchOfRange(network: Network, route: RouteInfo, paradas: string): Stretch {
  const match = /^\[(\d+),(\d+)\)$/.exec(paradas);
  if (!match) throw new Error(`not a stretch: ${paradas}`);
  return stretchOf(network, route, Number(match[1]), Number(match[2]));
}

/** A fare of the trip over a stretch (see Stretch). */
export function stretchFare(fare: number | null, ratio: number): number | null {
  if (fare === null || ratio === 1) return fare;
  return Math.max(1, Math.round(fare * ratio));
}

/** Seats sold or held (a hold past its expiry is free again) on trip `v` over the stretch `l.paradas`. */
const takenSeats = (now: Date) => sql`(
  select count(distinct va.nasiento)::int from viaje_asiento va
  where va.cviaje = v.cviaje and va.paradas && l.paradas::int4range
    and (va.gestado_asiento = ${STATE_SQL.SOLD} or (va.gestado_asiento = ${STATE_SQL.HELD} and va.expira > ${now.toISOString()}::timestamptz)))`;

/**
 * The day's departures (Lima date, at the boarding stop) of every route that passes the two
 * cities in that order, any of their terminals, still on sale at `now` (at the boarding stop), in
 * departure order, each with its free seats, stops and fares over that stretch.
 */
export async function searchTrips(db: Database, search: Pick<TripSearch, 'origen' | 'destino' | 'fecha'>, now: Date): Promise<Trip[]> {
  return (await tripsOfDays(db, search, search.fecha, search.fecha, now)).map(({ trip }) => trip);
}

/** A trip of `tripsOfDays` with the Lima day it leaves the boarding stop (before any delay). */
export interface DayTrip {
  dia: string;
  trip: Trip;
}

/**
 * The departures of every day from `first` to `last` (Lima dates, at the boarding stop), as
 * `searchTrips` gives one day's, in one query: the search asks one day, the fare calendar the days
 * around it (issue 48). Cancelled stretches are left out; delays move the times shown.
 */
export async function tripsOfDays(db: Database, search: Pick<TripSearch, 'origen' | 'destino'>, first: string, last: string, now: Date): Promise<DayTrip[]> {
  const network = await networkOf(db);
  const stretches = new Map<number, { route: RouteInfo; stretch: Stretch }>();
  for (const route of network.routes.values()) {
    const desde = route.stops.findIndex((s) => s.codigo === search.origen);
    if (desde < 0) continue;
    const hasta = route.stops.findIndex((s, i) => i > desde && s.codigo === search.destino);
    if (hasta < 0) continue;
    stretches.set(route.cruta, { route, stretch: stretchOf(network, route, desde, hasta) });
  }
  if (stretches.size === 0) return [];
  const legs = sql.join(
    [...stretches.values()].map(({ route, stretch }) => sql`(${route.cruta}::int, ${stretch.paradas}::text, ${stretch.origen.minutos}::int)`),
    sql`, `,
  );
  const closes = new Date(now.getTime() + SALES_CLOSE_MINUTES * 60_000).toISOString();
  const boards = sql.raw(`(v.salida + make_interval(mins => l.minutos))`);
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select v.cviaje, v.cruta, ${iso('v.salida')} as salida_ruta,
           to_char(${boards} at time zone 'America/Lima', 'YYYY-MM-DD') as dia,
           m.servicio, m.pisos, m.asientos - ${takenSeats(now)} as asientos_libres,
           v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
           v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
           v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8,
           v.nprecio_desde::float8, v.promocion_pct, ${disruptionsJson} as incidencias
    from (values ${legs}) as l(cruta, paradas, minutos)
    join viaje v on v.cruta = l.cruta
    join maqueta m on m.cmaqueta = v.cmaqueta
    where v.salida >= (${first}::date)::timestamp at time zone 'America/Lima' - make_interval(mins => l.minutos)
      and v.salida < (${last}::date + 1)::timestamp at time zone 'America/Lima' - make_interval(mins => l.minutos)
      and ${boards} > ${closes}::timestamptz
    order by ${boards}, v.cviaje`);
  // Issue 35: a stretch the operator cancelled is not on sale; a delay moves the times shown.
  const disruptionOf = (row: Record<string, unknown>) => toDisruptions(typeof row.incidencias === 'string' ? JSON.parse(row.incidencias) : (row.incidencias as never));
  const trips: DayTrip[] = [];
  for (const row of rows) {
    const { route, stretch } = stretches.get(Number(row.cruta))!;
    const d = disruptionOf(row);
    if (isCancelled(d, stretch)) continue;
    const salida = new Date(String(row.salida_ruta)).getTime();
    const at = (minutos: number, pos: number) => new Date(salida + (minutos + delayAt(d, pos)) * 60_000).toISOString().replace('.000Z', 'Z');
    const fare = (key: string) => stretchFare(toNumber(row[key]), stretch.ratio);
    trips.push({
      dia: String(row.dia),
      trip: {
        cviaje: Number(row.cviaje),
        cterminal_origen: stretch.origen.terminal.cterminal,
        cterminal_destino: stretch.destino.terminal.cterminal,
        terminal_salida: stretch.origen.terminal,
        terminal_llegada: stretch.destino.terminal,
        ruta_origen: route.origen,
        ruta_destino: route.destino,
        fecha_salida: at(stretch.origen.minutos, stretch.desde),
        fecha_llegada: at(stretch.destino.minutos, stretch.hasta),
        duracion_min: stretch.destino.minutos + delayAt(d, stretch.hasta) - stretch.origen.minutos - delayAt(d, stretch.desde),
        servicio: String(row.servicio),
        pisos: Number(row.pisos),
        asientos_libres: Number(row.asientos_libres),
        escalas: stretch.hasta - stretch.desde - 1,
        edd_calc_140_p1: fare('edd_calc_140_p1'),
        edd_calc_140_p2: fare('edd_calc_140_p2'),
        edd_calc_160_p1: fare('edd_calc_160_p1'),
        edd_calc_160_p1_individual: fare('edd_calc_160_p1_individual'),
        edd_calc_160_p2: fare('edd_calc_160_p2'),
        edd_calc_180_p1: fare('edd_calc_180_p1'),
        edd_calc_180_p2: fare('edd_calc_180_p2'),
        nprecio_desde: fare('nprecio_desde'),
        promocion_pct: Number(row.promocion_pct),
      },
    });
  }
  return trips;
}

/**
 * The fare calendar (issue 48): for each day from `first` to `last`, the lowest "from" price
 * (spec §9, `fromPrice`) among that day's departures with a free seat, as step 1 shows each of
 * them, and how many such departures there are; `desde` is null on a day with none.
 */
export async function fareCalendar(db: Database, search: Pick<TripSearch, 'origen' | 'destino'>, first: string, last: string, now: Date): Promise<FareDay[]> {
  const days = new Map<string, FareDay>();
  for (let day = first; day <= last; day = addDays(day, 1)) days.set(day, { fecha: day, desde: null, viajes: 0 });
  for (const { dia, trip } of await tripsOfDays(db, search, first, last, now)) {
    const entry = days.get(dia);
    const price = fromPrice(trip);
    if (!entry || trip.asientos_libres <= 0 || price === undefined) continue;
    entry.viajes += 1;
    entry.desde = entry.desde === null ? price : Math.min(entry.desde, price);
  }
  return [...days.values()];
}

/** The state of one seat over a stretch: [nasiento, cviaje_asiento of its row for that stretch (null before it exists), gestado_asiento]. */
export type SeatState = [number, number | null, number];

/** One trip over one stretch with what selling its seats needs: layout, departure at the boarding stop, terminals, stretch fares. */
export interface TripForSale {
  cviaje: number;
  cruta: number;
  cmaqueta: number;
  /** The stretch's boarding and alighting terminals. */
  cterminal_origen: number;
  cterminal_destino: number;
  /** Departure from the boarding stop. */
  salida: Date;
  stretch: Stretch;
  route: RouteInfo;
  promocion_pct: number;
  /** The trip's fares over the stretch. */
  fares: Record<string, number | null>;
  /** Issue 35: the operator cancelled a stretch this one overlaps: nothing is sold on it. */
  cancelado: boolean;
  /** With `seatsAt`: every seat's state over the stretch at that instant (an expired hold reads 83). */
  seats?: SeatState[];
}

/** Where a trip is wanted: the stretch between two terminals, or one stored as `paradas`; the whole route by default. */
export type StretchWanted = { cterminal_origen: number; cterminal_destino: number } | { paradas: string };

/** A trip's route never changes: each process remembers it, so a seat map is one round trip. */
const routeOfTrip = new WeakMap<Database, Map<number, number>>();

async function routeOf(db: Database, cviaje: number): Promise<number | undefined> {
  let known = routeOfTrip.get(db);
  if (!known) routeOfTrip.set(db, (known = new Map()));
  const cached = known.get(cviaje);
  if (cached !== undefined) return cached;
  const rows = await queryRows<{ cruta: number }>(db, sql`select cruta from viaje where cviaje = ${cviaje}`);
  if (!rows[0]) return undefined;
  known.set(cviaje, Number(rows[0].cruta));
  return Number(rows[0].cruta);
}

/**
 * The trip over a stretch, and with `seatsAt` the state of its seats over that stretch, in one
 * round trip to the database: the seat map is the hottest call of the site. Undefined when the
 * trip does not exist or its route has no such stretch.
 */
export async function findTripForSale(db: Database, cviaje: number, seatsAt?: Date, wanted?: StretchWanted): Promise<TripForSale | undefined> {
  const network = await networkOf(db);
  const cruta = await routeOf(db, cviaje);
  const route = cruta === undefined ? undefined : network.routes.get(cruta);
  if (!route) return undefined;
  const stretch = !wanted
    ? stretchOf(network, route, 0, route.stops.length - 1)
    : 'paradas' in wanted
      ? stretchOfRange(network, route, wanted.paradas)
      : stretchBetween(network, route, wanted.cterminal_origen, wanted.cterminal_destino);
  if (!stretch) return undefined;
  const seats = seatsAt
    ? sql`(select json_agg(json_build_array(s.nasiento, s.cviaje_asiento, s.estado)) from (
             select va.nasiento,
                    max(va.cviaje_asiento) filter (where va.paradas = ${stretch.paradas}::int4range) as cviaje_asiento,
                    coalesce(min(case when va.gestado_asiento = ${STATE_SQL.SOLD} then ${STATE_SQL.SOLD}
                                      when va.gestado_asiento = ${STATE_SQL.HELD} and va.expira > ${seatsAt.toISOString()}::timestamptz then ${STATE_SQL.HELD} end), ${STATE_SQL.AVAILABLE}) as estado
             from viaje_asiento va
             where va.cviaje = v.cviaje and va.paradas && ${stretch.paradas}::int4range
             group by va.nasiento) s)`
    : sql`null`;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select v.cviaje, v.cmaqueta, ${iso('v.salida')} as salida, v.promocion_pct,
           v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
           v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
           v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8,
           ${seats} as seats, ${disruptionsJson} as incidencias
    from viaje v
    where v.cviaje = ${cviaje}`);
  const row = rows[0];
  if (!row) return undefined;
  const fares: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith('edd_calc_')) fares[key] = stretchFare(toNumber(value), stretch.ratio);
  const states = typeof row.seats === 'string' ? JSON.parse(row.seats) : row.seats;
  const d = toDisruptions(typeof row.incidencias === 'string' ? JSON.parse(row.incidencias) : (row.incidencias as never));
  return {
    cviaje: Number(row.cviaje),
    cruta: route.cruta,
    cmaqueta: Number(row.cmaqueta),
    cterminal_origen: stretch.origen.terminal.cterminal,
    cterminal_destino: stretch.destino.terminal.cterminal,
    salida: new Date(new Date(String(row.salida)).getTime() + (stretch.origen.minutos + delayAt(d, stretch.desde)) * 60_000),
    cancelado: isCancelled(d, stretch),
    stretch,
    route,
    promocion_pct: Number(row.promocion_pct),
    fares,
    ...(seatsAt ? { seats: (states ?? []) as SeatState[] } : {}),
  };
}

export function isOnSale(trip: Pick<TripForSale, 'salida' | 'cancelado'>, now: Date): boolean {
  return !trip.cancelado && trip.salida.getTime() - now.getTime() > SALES_CLOSE_MINUTES * 60_000;
}

/**
 * The stops of a trip's route, with the time the bus reaches each (ISO); with a stretch, only the
 * stops between its boarding and alighting stops (none when the route has no such stretch).
 */
export async function listStops(db: Database, cviaje: number, stretch?: { cterminal_origen: number; cterminal_destino: number }): Promise<TripStop[]> {
  let between: [number, number] | undefined;
  if (stretch) {
    const trip = await findTripForSale(db, cviaje, undefined, stretch);
    if (!trip) return [];
    between = [trip.stretch.desde, trip.stretch.hasta];
  }
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select e.orden, e.cciudad, c.nombre as ciudad,
           ${iso('(v.salida + make_interval(mins => e.minutos))')} as llegada
    from viaje v
    join ruta_escala e on e.cruta = v.cruta
    join ciudad c on c.cciudad = e.cciudad
    where v.cviaje = ${cviaje} ${between ? sql`and e.orden > ${between[0]} and e.orden < ${between[1]}` : sql``}
    order by e.orden`);
  const d = (await disruptionsOf(db, [cviaje])).get(cviaje) ?? NO_DISRUPTION;
  return rows.map((row: Record<string, unknown>) => {
    const late = delayAt(d, Number(row.orden));
    return {
      orden: Number(row.orden),
      cciudad: Number(row.cciudad),
      ciudad: String(row.ciudad),
      llegada: late === 0 ? String(row.llegada) : new Date(new Date(String(row.llegada)).getTime() + late * 60_000).toISOString().replace('.000Z', 'Z'),
    };
  });
}

/** The stretch stored as `paradas` on route `cruta`: its stops, terminals and minutes from departure. */
export async function stretchOnRoute(db: Database, cruta: number, paradas: string): Promise<Stretch> {
  const network = await networkOf(db);
  const route = network.routes.get(cruta);
  if (!route) throw new Error(`no route ${cruta}`);
  return stretchOfRange(network, route, paradas);
}
