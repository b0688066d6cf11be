import type { Terminal, Trip, TripSearch, TripStop } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';

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

/** A route with its terminals (cities included) and number of stops. */
interface RouteInfo {
  cruta: number;
  origen: Terminal;
  destino: Terminal;
  duracion_min: number;
  escalas: number;
}

/**
 * Terminals and routes are reference data (seeded from code, changed only by a deploy): each
 * process reads them once, so a trip search touches only the departures of the day.
 */
const networkCache = new WeakMap<Database, Promise<RouteInfo[]>>();

function networkOf(db: Database): Promise<RouteInfo[]> {
  let network = networkCache.get(db);
  if (!network) {
    network = (async () => {
      const terminals = new Map((await listTerminals(db)).map((t) => [t.cterminal, t]));
      const routes = await queryRows<{ cruta: number; cterminal_origen: number; cterminal_destino: number; duracion_min: number; escalas: number }>(
        db,
        sql`select r.cruta, r.cterminal_origen, r.cterminal_destino, r.duracion_min,
                   (select count(*)::int from ruta_escala e where e.cruta = r.cruta) as escalas
            from ruta r`,
      );
      return routes.map((route) => ({
        cruta: route.cruta,
        origen: terminals.get(route.cterminal_origen)!,
        destino: terminals.get(route.cterminal_destino)!,
        duracion_min: route.duracion_min,
        escalas: Number(route.escalas),
      }));
    })();
    network.catch(() => networkCache.delete(db));
    networkCache.set(db, network);
  }
  return network;
}

/** Seats sold or held (a hold past its expiry is free again) on trip `v`. */
const takenSeats = (now: Date) => sql`(
  select count(*)::int from viaje_asiento va
  where va.cviaje = v.cviaje
    and (va.gestado_asiento = 82 or (va.gestado_asiento = 84 and va.expira > ${now.toISOString()}::timestamptz)))`;

/**
 * The day's departures (Lima date) between two cities, any of their terminals, still on sale
 * at `now`, in departure order, each with its free seats and number of stops.
 */
export async function searchTrips(db: Database, search: Pick<TripSearch, 'origen' | 'destino' | 'fecha'>, now: Date): Promise<Trip[]> {
  const routes = (await networkOf(db)).filter((r) => r.origen.codigo === search.origen && r.destino.codigo === search.destino);
  if (routes.length === 0) return [];
  const byId = new Map(routes.map((route) => [route.cruta, route]));
  const closes = new Date(now.getTime() + SALES_CLOSE_MINUTES * 60_000).toISOString();
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select v.cviaje, v.cruta, ${iso('v.salida')} as fecha_salida, ${iso('v.llegada')} as fecha_llegada,
           m.servicio, m.pisos, m.asientos - ${takenSeats(now)} as asientos_libres,
           v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
           v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
           v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8,
           v.nprecio_desde::float8, v.promocion_pct
    from viaje v join maqueta m on m.cmaqueta = v.cmaqueta
    where v.cruta in (${sql.join([...byId.keys()], sql`, `)})
      and v.salida >= (${search.fecha}::date)::timestamp at time zone 'America/Lima'
      and v.salida < (${search.fecha}::date + 1)::timestamp at time zone 'America/Lima'
      and v.salida > ${closes}::timestamptz
    order by v.salida, v.cviaje`);
  return rows.map((row): Trip => {
    const route = byId.get(Number(row.cruta))!;
    return {
      cviaje: Number(row.cviaje),
      cterminal_origen: route.origen.cterminal,
      cterminal_destino: route.destino.cterminal,
      terminal_salida: route.origen,
      terminal_llegada: route.destino,
      fecha_salida: String(row.fecha_salida),
      fecha_llegada: String(row.fecha_llegada),
      duracion_min: route.duracion_min,
      servicio: String(row.servicio),
      pisos: Number(row.pisos),
      asientos_libres: Number(row.asientos_libres),
      escalas: route.escalas,
      edd_calc_140_p1: toNumber(row.edd_calc_140_p1),
      edd_calc_140_p2: toNumber(row.edd_calc_140_p2),
      edd_calc_160_p1: toNumber(row.edd_calc_160_p1),
      edd_calc_160_p1_individual: toNumber(row.edd_calc_160_p1_individual),
      edd_calc_160_p2: toNumber(row.edd_calc_160_p2),
      edd_calc_180_p1: toNumber(row.edd_calc_180_p1),
      edd_calc_180_p2: toNumber(row.edd_calc_180_p2),
      nprecio_desde: toNumber(row.nprecio_desde),
      promocion_pct: Number(row.promocion_pct),
    };
  });
}

/** The state of one seat row of a trip: [nasiento, cviaje_asiento, gestado_asiento]. */
export type SeatState = [number, number, number];

/** One trip with what selling its seats needs: layout, departure, terminals, fares. */
export interface TripForSale {
  cviaje: number;
  cmaqueta: number;
  cterminal_origen: number;
  cterminal_destino: number;
  salida: Date;
  asientos_creados: boolean;
  promocion_pct: number;
  fares: Record<string, number | null>;
  /** With `seatsAt`: every seat row's state at that instant (an expired hold reads 83). */
  seats?: SeatState[];
}

/**
 * The trip, and with `seatsAt` the state of its seats, in one round trip to the database: the
 * seat map is the hottest call of the site.
 */
export async function findTripForSale(db: Database, cviaje: number, seatsAt?: Date): Promise<TripForSale | undefined> {
  const seats = seatsAt
    ? sql`(select json_agg(json_build_array(va.nasiento, va.cviaje_asiento,
             case when va.gestado_asiento = 84 and va.expira <= ${seatsAt.toISOString()}::timestamptz then 83
                  else va.gestado_asiento end))
           from viaje_asiento va where va.cviaje = v.cviaje)`
    : sql`null`;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select v.cviaje, v.cmaqueta, r.cterminal_origen, r.cterminal_destino, ${iso('v.salida')} as salida,
           v.asientos_creados, v.promocion_pct,
           v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
           v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
           v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8,
           ${seats} as seats
    from viaje v join ruta r on r.cruta = v.cruta
    where v.cviaje = ${cviaje}`);
  const row = rows[0];
  if (!row) return undefined;
  const fares: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith('edd_calc_')) fares[key] = toNumber(value);
  const states = typeof row.seats === 'string' ? JSON.parse(row.seats) : row.seats;
  return {
    cviaje: Number(row.cviaje),
    cmaqueta: Number(row.cmaqueta),
    cterminal_origen: Number(row.cterminal_origen),
    cterminal_destino: Number(row.cterminal_destino),
    salida: new Date(String(row.salida)),
    asientos_creados: Boolean(row.asientos_creados),
    promocion_pct: Number(row.promocion_pct),
    fares,
    ...(seatsAt ? { seats: (states ?? []) as SeatState[] } : {}),
  };
}

export function isOnSale(trip: Pick<TripForSale, 'salida'>, now: Date): boolean {
  return trip.salida.getTime() - now.getTime() > SALES_CLOSE_MINUTES * 60_000;
}

/** The stops of a trip's route, with the time the bus reaches each (ISO). */
export async function listStops(db: Database, cviaje: number): Promise<TripStop[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select e.orden, e.cciudad, c.nombre as ciudad,
           ${iso("(v.salida + make_interval(mins => e.minutos))")} as llegada
    from viaje v
    join ruta_escala e on e.cruta = v.cruta
    join ciudad c on c.cciudad = e.cciudad
    where v.cviaje = ${cviaje}
    order by e.orden`);
  return rows.map((row: Record<string, unknown>) => ({
    orden: Number(row.orden),
    cciudad: Number(row.cciudad),
    ciudad: String(row.ciudad),
    llegada: String(row.llegada),
  }));
}
