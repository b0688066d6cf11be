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

/** A trip row as the queries read it: fare fields as float8, times as ISO strings. */
const TRIP_COLUMNS = sql`
  v.cviaje, r.cterminal_origen, r.cterminal_destino,
  ${iso('v.salida')} as fecha_salida, ${iso('v.llegada')} as fecha_llegada,
  r.duracion_min, m.servicio, m.pisos,
  v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
  v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
  v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8,
  v.nprecio_desde::float8, v.promocion_pct,
  json_build_object('cterminal', ts.cterminal, 'nombre', ts.nombre, 'direccion', ts.direccion,
                    'cciudad', cs.cciudad, 'ciudad', cs.nombre, 'codigo', cs.codigo) as terminal_salida,
  json_build_object('cterminal', tl.cterminal, 'nombre', tl.nombre, 'direccion', tl.direccion,
                    'cciudad', cl.cciudad, 'ciudad', cl.nombre, 'codigo', cl.codigo) as terminal_llegada`;

const TRIP_JOINS = sql`
  from viaje v
  join ruta r on r.cruta = v.cruta
  join maqueta m on m.cmaqueta = v.cmaqueta
  join terminal ts on ts.cterminal = r.cterminal_origen
  join ciudad cs on cs.cciudad = ts.cciudad
  join terminal tl on tl.cterminal = r.cterminal_destino
  join ciudad cl on cl.cciudad = tl.cciudad`;

/** Seats sold or held (a hold past its expiry is free again) on trip `v`. */
const takenSeats = (now: Date) => sql`(
  select count(*) from viaje_asiento va
  where va.cviaje = v.cviaje
    and (va.gestado_asiento = 82 or (va.gestado_asiento = 84 and va.expira > ${now.toISOString()}::timestamptz)))`;

function toTrip(row: Record<string, unknown>): Trip {
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Terminal;
  return {
    ...(row as unknown as Trip),
    edd_calc_140_p1: toNumber(row.edd_calc_140_p1),
    edd_calc_140_p2: toNumber(row.edd_calc_140_p2),
    edd_calc_160_p1: toNumber(row.edd_calc_160_p1),
    edd_calc_160_p1_individual: toNumber(row.edd_calc_160_p1_individual),
    edd_calc_160_p2: toNumber(row.edd_calc_160_p2),
    edd_calc_180_p1: toNumber(row.edd_calc_180_p1),
    edd_calc_180_p2: toNumber(row.edd_calc_180_p2),
    nprecio_desde: toNumber(row.nprecio_desde),
    asientos_libres: Number(row.asientos_libres),
    escalas: Number(row.escalas),
    terminal_salida: parse(row.terminal_salida),
    terminal_llegada: parse(row.terminal_llegada),
  };
}

/**
 * The day's departures (Lima date) between two cities, any of their terminals, still on sale
 * at `now`, in departure order, each with its free seats and number of stops.
 */
export async function searchTrips(db: Database, search: Pick<TripSearch, 'origen' | 'destino' | 'fecha'>, now: Date): Promise<Trip[]> {
  const closes = new Date(now.getTime() + SALES_CLOSE_MINUTES * 60_000).toISOString();
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select ${TRIP_COLUMNS},
           m.asientos - ${takenSeats(now)} as asientos_libres,
           (select count(*) from ruta_escala e where e.cruta = r.cruta) as escalas
    ${TRIP_JOINS}
    where cs.codigo = ${search.origen} and cl.codigo = ${search.destino}
      and v.salida >= (${search.fecha}::date)::timestamp at time zone 'America/Lima'
      and v.salida < (${search.fecha}::date + 1)::timestamp at time zone 'America/Lima'
      and v.salida > ${closes}::timestamptz
    order by v.salida, v.cviaje`);
  return rows.map(toTrip);
}

/** One trip with what selling its seats needs: layout, departure, terminals. */
export interface TripForSale {
  cviaje: number;
  cmaqueta: number;
  cterminal_origen: number;
  cterminal_destino: number;
  salida: Date;
  asientos_creados: boolean;
  promocion_pct: number;
  fares: Record<string, number | null>;
}

export async function findTripForSale(db: Database, cviaje: number): Promise<TripForSale | undefined> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    select v.cviaje, v.cmaqueta, r.cterminal_origen, r.cterminal_destino, ${iso('v.salida')} as salida,
           v.asientos_creados, v.promocion_pct,
           v.edd_calc_140_p1::float8, v.edd_calc_140_p2::float8, v.edd_calc_160_p1::float8,
           v.edd_calc_160_p1_individual::float8, v.edd_calc_160_p2::float8,
           v.edd_calc_180_p1::float8, v.edd_calc_180_p2::float8
    from viaje v join ruta r on r.cruta = v.cruta
    where v.cviaje = ${cviaje}`);
  const row = rows[0];
  if (!row) return undefined;
  const fares: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith('edd_calc_')) fares[key] = toNumber(value);
  return {
    cviaje: Number(row.cviaje),
    cmaqueta: Number(row.cmaqueta),
    cterminal_origen: Number(row.cterminal_origen),
    cterminal_destino: Number(row.cterminal_destino),
    salida: new Date(String(row.salida)),
    asientos_creados: Boolean(row.asientos_creados),
    promocion_pct: Number(row.promocion_pct),
    fares,
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
