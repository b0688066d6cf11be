import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';

// What declared disruptions change on a trip: the times at its stops, and the stretches not run.

/** A stretch of stop positions, `[desde, hasta)`. */
export interface StopSpan {
  desde: number;
  hasta: number;
}

/** The disruptions of one trip: delays (from a stop on) and cancelled stretches. */
export interface TripDisruptions {
  delays: (StopSpan & { minutos: number })[];
  cancelled: StopSpan[];
}

export const NO_DISRUPTION: TripDisruptions = { delays: [], cancelled: [] };

/** `[a,b)` as stored in an int4range's text. */
export function spanOf(paradas: string): StopSpan {
  const match = /^\[(\d+),(\d+)\)$/.exec(paradas);
  if (!match) throw new Error(`not a stretch: ${paradas}`);
  return { desde: Number(match[1]), hasta: Number(match[2]) };
}

const overlaps = (a: StopSpan, b: StopSpan) => a.desde < b.hasta && b.desde < a.hasta;

/**
 * Minutes late the bus reaches stop `pos`: a delay declared over a stretch holds from its boarding
 * stop on (a bus late at one stop is late at every later one); the largest when several apply.
 */
export function delayAt(d: TripDisruptions, pos: number): number {
  return d.delays.reduce((late, delay) => (delay.desde <= pos ? Math.max(late, delay.minutos) : late), 0);
}

/** Whether a stretch of the trip overlaps one the operator cancelled (no sales, no travel on it). */
export function isCancelled(d: TripDisruptions, span: StopSpan): boolean {
  return d.cancelled.some((c) => overlaps(c, span));
}

/** The rows as `disruptionsOf` and the SQL of `findTripForSale` read them. */
export function toDisruptions(rows: readonly { tipo: string; paradas: string; minutos: number }[] | null | undefined): TripDisruptions {
  const d: TripDisruptions = { delays: [], cancelled: [] };
  for (const row of rows ?? []) {
    const span = spanOf(row.paradas);
    if (row.tipo === 'cancelacion') d.cancelled.push(span);
    else if (Number(row.minutos) > 0) d.delays.push({ ...span, minutos: Number(row.minutos) });
  }
  return d;
}

/** The disruptions of these trips, by `cviaje` (one query; trips without any are left out). */
export async function disruptionsOf(db: Database, cviajes: readonly number[]): Promise<Map<number, TripDisruptions>> {
  const ids = [...new Set(cviajes)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ cviaje: number; tipo: string; paradas: string; minutos: number }>(db, sql`
    select cviaje, tipo, paradas::text as paradas, minutos from viaje_incidencia
    where cviaje in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byTrip = new Map<number, { tipo: string; paradas: string; minutos: number }[]>();
  for (const row of rows) byTrip.set(Number(row.cviaje), [...(byTrip.get(Number(row.cviaje)) ?? []), row]);
  return new Map([...byTrip].map(([cviaje, list]) => [cviaje, toDisruptions(list)]));
}

/** The SQL of a trip's disruptions as a JSON array (for a query that reads the trip in one round trip); `v` is the trip. */
export const disruptionsJson = sql`(select json_agg(json_build_object('tipo', i.tipo, 'paradas', i.paradas::text, 'minutos', i.minutos))
  from viaje_incidencia i where i.cviaje = v.cviaje)`;
