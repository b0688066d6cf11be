import type { Language } from '@rumbo/shared/schemas';
import { and, asc, eq, gt, lt, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Agency } from '@rumbo/shared/schemas';
import { listAgencies } from '../agencies/agencies.queries';
import type { Database } from '../db/client';
import { ruta, terminal, viaje } from '../trips/trips.tables';
import { ciudad } from './content.tables';
import { destino } from './destinations.tables';

/** How far ahead "from" prices look. */
export const FROM_PRICE_DAYS = 30;

/** The fare columns of a trip (`edd_calc_*`, shared/src/contracts.ts FARE_FIELDS), read from the table itself. */
const FARE_COLUMNS = Object.entries(viaje)
  .filter(([name]) => name.startsWith('edd_calc_'))
  .map(([, column]) => column as typeof viaje.nprecio_desde);

/** A trip's "from" price: `nprecio_desde`, else its lowest positive fare (DECISIONS.md, Seat map). */
const fromPrice = sql<number>`coalesce(${viaje.nprecio_desde}, least(${sql.join(
  FARE_COLUMNS.map((column) => sql`case when ${column} > 0 then ${column} end`),
  sql`, `,
)}))`;

export interface RouteFromPrice {
  origen: { cciudad: number; nombre: string; codigo: string };
  destino: { cciudad: number; nombre: string; codigo: string; slug: string };
  duracion_min: number;
  /** Lowest "from" price of the coming days, in soles; null when no trip is on sale. */
  precio_desde: number | null;
}

/** Routes arriving in a city (or all routes), each with the lowest "from" price of the coming days. */
export async function routesWithFromPrice(db: Database, now: Date, toCity?: number): Promise<RouteFromPrice[]> {
  const from = alias(terminal, 't_origen');
  const to = alias(terminal, 't_destino');
  const fromCity = alias(ciudad, 'c_origen');
  const toCityT = alias(ciudad, 'c_destino');
  const until = new Date(now.getTime() + FROM_PRICE_DAYS * 86_400_000);
  const rows = await db
    .select({
      oc: fromCity.cciudad,
      on: fromCity.nombre,
      ocode: fromCity.codigo,
      dc: toCityT.cciudad,
      dn: toCityT.nombre,
      dcode: toCityT.codigo,
      dslug: toCityT.slug,
      duracion: min(ruta.duracion_min),
      precio: min(fromPrice),
    })
    .from(ruta)
    .innerJoin(from, eq(from.cterminal, ruta.cterminal_origen))
    .innerJoin(to, eq(to.cterminal, ruta.cterminal_destino))
    .innerJoin(fromCity, eq(fromCity.cciudad, from.cciudad))
    .innerJoin(toCityT, eq(toCityT.cciudad, to.cciudad))
    .leftJoin(viaje, and(eq(viaje.cruta, ruta.cruta), gt(viaje.salida, now), lt(viaje.salida, until)))
    .where(toCity === undefined ? undefined : eq(toCityT.cciudad, toCity))
    .groupBy(fromCity.cciudad, fromCity.nombre, fromCity.codigo, toCityT.cciudad, toCityT.nombre, toCityT.codigo, toCityT.slug)
    .orderBy(asc(fromCity.nombre));
  return rows.map((r) => ({
    origen: { cciudad: r.oc, nombre: r.on, codigo: r.ocode },
    destino: { cciudad: r.dc, nombre: r.dn, codigo: r.dcode, slug: r.dslug },
    duracion_min: Number(r.duracion),
    precio_desde: r.precio === null ? null : Number(r.precio),
  }));
}

export interface DestinationSummary {
  cciudad: number;
  nombre: string;
  codigo: string;
  slug: string;
  resumen: string;
  /** Lowest "from" price of any route to the city in the coming days. */
  precio_desde: number | null;
}

export interface Destination extends Omit<DestinationSummary, 'precio_desde'> {
  descripcion: string;
  terminales: { cterminal: number; nombre: string; direccion: string }[];
  agencias: Agency[];
  rutas: RouteFromPrice[];
}

const lowest = (routes: RouteFromPrice[]) =>
  routes.reduce<number | null>((best, r) => (r.precio_desde !== null && (best === null || r.precio_desde < best) ? r.precio_desde : best), null);

/** `GET /rest/destino`: the destination pages with their lowest "from" price. */
export async function listDestinations(db: Database, language: Language, now: Date): Promise<DestinationSummary[]> {
  const rows = await db.select({ d: destino, c: ciudad }).from(destino).innerJoin(ciudad, eq(ciudad.cciudad, destino.cciudad)).orderBy(asc(ciudad.nombre));
  const routes = await routesWithFromPrice(db, now);
  return rows.map(({ d, c }) => ({
    cciudad: c.cciudad,
    nombre: c.nombre,
    codigo: c.codigo,
    slug: c.slug,
    resumen: language === 'en-EN' ? d.resumen_en : d.resumen_es,
    precio_desde: lowest(routes.filter((r) => r.destino.cciudad === c.cciudad)),
  }));
}

/** `GET /rest/destino/:slug`: one destination page; undefined for a city without one. */
export async function findDestination(db: Database, slug: string, language: Language, now: Date): Promise<Destination | undefined> {
  if (!/^[a-z-]{1,40}$/.test(slug)) return undefined;
  const [row] = await db.select({ d: destino, c: ciudad }).from(destino).innerJoin(ciudad, eq(ciudad.cciudad, destino.cciudad)).where(eq(ciudad.slug, slug));
  if (!row) return undefined;
  const { d, c } = row;
  const en = language === 'en-EN';
  const [terminales, agencias, rutas] = await Promise.all([
    db
      .select({ cterminal: terminal.cterminal, nombre: terminal.nombre, direccion: terminal.direccion })
      .from(terminal)
      .where(eq(terminal.cciudad, c.cciudad))
      .orderBy(asc(terminal.cterminal)),
    listAgencies(db, { ciudad: String(c.cciudad) }),
    routesWithFromPrice(db, now, c.cciudad),
  ]);
  return {
    cciudad: c.cciudad,
    nombre: c.nombre,
    codigo: c.codigo,
    slug: c.slug,
    resumen: en ? d.resumen_en : d.resumen_es,
    descripcion: en ? d.descripcion_en : d.descripcion_es,
    terminales,
    agencias,
    rutas,
  };
}
