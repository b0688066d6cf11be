import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { queryRows, toDate } from '../db/rows';
import { delayAt, disruptionsJson, isCancelled, NO_DISRUPTION, toDisruptions } from '../disruptions/effects';
import { stretchOnRoute } from '../trips/trips.queries';
import { viaje_asiento } from '../seats/seats.tables';
import { maqueta, viaje } from '../trips/trips.tables';
import type { MailLeg } from './sales-mail';
import { reserva_asiento } from './sales.tables';

type DisruptionRow = { tipo: string; paradas: string; minutos: number };

// A sold seat's trip over its stretch, as the views, the mails and after-sales show it.

/**
 * A trip as sales and after-sales show and check it, over the stretch its seats were sold on: the
 * boarding and alighting stops (cities and terminals), times at them, service.
 */
export interface LegRow {
  cviaje: number;
  origen: string;
  destino: string;
  terminal_origen: string;
  terminal_destino: string;
  /** The boarding and alighting terminals' street addresses (calendar entries, wallet passes, reminders). */
  direccion_origen: string;
  direccion_destino: string;
  salida: Date;
  llegada: Date;
  servicio: string;
  cterminal_origen: number;
  cterminal_destino: number;
  origen_cciudad: number;
  destino_cciudad: number;
  origen_codigo: string;
  destino_codigo: string;
  /** Issue 35: minutes late at the boarding stop (already in `salida`; `llegada` has its own stop's). */
  retraso_min: number;
  /** Issue 35: the operator cancelled a stretch this one overlaps. */
  cancelado: boolean;
}

/** The trips of these seat rows over their rows' stretches, by `cviaje` (one query for all; a purchase has one stretch per trip). */
export async function legsOf(db: Database, seats: { cviaje: number; cviaje_asiento: number }[]): Promise<Map<number, LegRow>> {
  const bySeat = await legsBySeat(db, seats);
  return new Map([...bySeat.values()].map((leg) => [leg.cviaje, leg]));
}

/** The trip of each seat row over its row's stretch, by `cviaje_asiento` (one query for all). */
export async function legsBySeat(db: Database, seats: { cviaje_asiento: number }[]): Promise<Map<number, LegRow>> {
  if (seats.length === 0) return new Map();
  // The trips' disruptions come in the same query (one round trip: a paid notice reads its legs in the sale's transaction).
  const rows = await queryRows<{ cviaje_asiento: number; cviaje: number; cruta: number; paradas: string; salida: unknown; servicio: string; incidencias: DisruptionRow[] | string | null }>(db, sql`
    select va.cviaje_asiento, va.cviaje, v.cruta, va.paradas::text as paradas, v.salida, m.servicio, ${disruptionsJson} as incidencias
    from viaje_asiento va
    join viaje v on v.cviaje = va.cviaje
    join maqueta m on m.cmaqueta = v.cmaqueta
    where va.cviaje_asiento in (${sql.join([...new Set(seats.map((s) => s.cviaje_asiento))].map((c) => sql`${c}`), sql`, `)})
    order by va.cviaje_asiento`);
  const legs = new Map<number, LegRow>();
  for (const row of rows) legs.set(Number(row.cviaje_asiento), await legOf(db, row));
  return legs;
}

/**
 * A reservation's seat rows, in ticket order (stretch, seat), and their trips by `cviaje` as
 * legsOf gives them, in one query: a paid notice reads both in the sale's transaction.
 */
export async function seatsWithLegs(db: Database, creserva: number): Promise<{ seats: (typeof reserva_asiento.$inferSelect)[]; legs: Map<number, LegRow> }> {
  // disruptionsJson names the trip `v`.
  const v = alias(viaje, 'v');
  const rows = await db
    .select({
      seat: reserva_asiento,
      cviaje: viaje_asiento.cviaje,
      cruta: v.cruta,
      paradas: sql<string>`${viaje_asiento.paradas}::text`,
      salida: v.salida,
      servicio: maqueta.servicio,
      incidencias: sql<DisruptionRow[] | string | null>`${disruptionsJson}`,
    })
    .from(reserva_asiento)
    .innerJoin(viaje_asiento, eq(viaje_asiento.cviaje_asiento, reserva_asiento.cviaje_asiento))
    .innerJoin(v, eq(v.cviaje, viaje_asiento.cviaje))
    .innerJoin(maqueta, eq(maqueta.cmaqueta, v.cmaqueta))
    .where(eq(reserva_asiento.creserva, creserva))
    .orderBy(asc(reserva_asiento.tramo), asc(reserva_asiento.nasiento));
  const legs = new Map<number, LegRow>();
  for (const row of rows) legs.set(row.cviaje, await legOf(db, row));
  return { seats: rows.map((row) => row.seat), legs };
}

/** A seat row's trip over the row's stretch, from the columns legsBySeat and seatsWithLegs read. */
async function legOf(db: Database, row: { cviaje: number; cruta: number; paradas: string; salida: unknown; servicio: string; incidencias: DisruptionRow[] | string | null }): Promise<LegRow> {
  const stretch = await stretchOnRoute(db, Number(row.cruta), row.paradas);
  const salida = toDate(row.salida).getTime();
  // Issue 35: a declared delay moves every time shown of the stops it reaches.
  const incidencias = typeof row.incidencias === 'string' ? (JSON.parse(row.incidencias) as DisruptionRow[]) : row.incidencias;
  const d = incidencias?.length ? toDisruptions(incidencias) : NO_DISRUPTION;
  const [late, lateThere] = [delayAt(d, stretch.desde), delayAt(d, stretch.hasta)];
  const { origen, destino } = stretch;
  return {
    cviaje: Number(row.cviaje),
    origen: origen.terminal.ciudad,
    destino: destino.terminal.ciudad,
    terminal_origen: origen.terminal.nombre,
    terminal_destino: destino.terminal.nombre,
    direccion_origen: origen.terminal.direccion,
    direccion_destino: destino.terminal.direccion,
    salida: new Date(salida + (origen.minutos + late) * 60_000),
    llegada: new Date(salida + (destino.minutos + lateThere) * 60_000),
    servicio: row.servicio,
    cterminal_origen: origen.terminal.cterminal,
    cterminal_destino: destino.terminal.cterminal,
    origen_cciudad: origen.cciudad,
    destino_cciudad: destino.cciudad,
    origen_codigo: origen.codigo,
    destino_codigo: destino.codigo,
    retraso_min: late,
    cancelado: isCancelled(d, stretch),
  };
}

/** The trips a tickets mail names, in departure order. */
export const mailLegs = (legs: Map<number, LegRow>): MailLeg[] =>
  [...legs.values()]
    .sort((a, b) => a.salida.getTime() - b.salida.getTime())
    .map((leg) => ({ origen: leg.origen, destino: leg.destino, terminal_origen: leg.terminal_origen, terminal_destino: leg.terminal_destino, salida: leg.salida.toISOString() }));
