import { fromPrice, type FareField, type Language } from '@rumbo/shared/schemas';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Agency } from '@rumbo/shared/schemas';
import { listAgencies } from '../agencies/agencies.queries';
import type { Database } from '../db/client';
import { ruta, terminal, viaje } from '../trips/trips.tables';
import { ciudad } from '../cities/cities.tables';
import { destino } from './destinations.tables';

/** How far ahead "from" prices look. */
export const FROM_PRICE_DAYS = 30;

/** The fare columns of a trip (`edd_calc_*`, FARE_FIELDS of shared), read from the table itself. */
const FARE_COLUMNS = {
  edd_calc_140_p1: viaje.edd_calc_140_p1,
  edd_calc_140_p2: viaje.edd_calc_140_p2,
  edd_calc_160_p1: viaje.edd_calc_160_p1,
  edd_calc_160_p1_individual: viaje.edd_calc_160_p1_individual,
  edd_calc_160_p2: viaje.edd_calc_160_p2,
  edd_calc_180_p1: viaje.edd_calc_180_p1,
  edd_calc_180_p2: viaje.edd_calc_180_p2,
} satisfies Record<FareField, unknown>;

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
  // One row per route and trip on sale in the window (a route without trips: one row, no trip);
  // each trip's "from" price is the shared rule's, the browser's too.
  const rows = await db
    .select({
      oc: fromCity.cciudad,
      on: fromCity.nombre,
      ocode: fromCity.codigo,
      dc: toCityT.cciudad,
      dn: toCityT.nombre,
      dcode: toCityT.codigo,
      dslug: toCityT.slug,
      duracion: ruta.duracion_min,
      nprecio_desde: viaje.nprecio_desde,
      ...FARE_COLUMNS,
    })
    .from(ruta)
    .innerJoin(from, eq(from.cterminal, ruta.cterminal_origen))
    .innerJoin(to, eq(to.cterminal, ruta.cterminal_destino))
    .innerJoin(fromCity, eq(fromCity.cciudad, from.cciudad))
    .innerJoin(toCityT, eq(toCityT.cciudad, to.cciudad))
    .leftJoin(viaje, and(eq(viaje.cruta, ruta.cruta), gt(viaje.salida, now), lt(viaje.salida, until)))
    .where(toCity === undefined ? undefined : eq(toCityT.cciudad, toCity))
    .orderBy(asc(fromCity.nombre), asc(toCityT.nombre));
  const byPair = new Map<string, RouteFromPrice>();
  for (const r of rows) {
    const key = `${r.oc}-${r.dc}`;
    let route = byPair.get(key);
    if (!route) {
      route = {
        origen: { cciudad: r.oc, nombre: r.on, codigo: r.ocode },
        destino: { cciudad: r.dc, nombre: r.dn, codigo: r.dcode, slug: r.dslug },
        duracion_min: Number(r.duracion),
        precio_desde: null,
      };
      byPair.set(key, route);
    }
    route.duracion_min = Math.min(route.duracion_min, Number(r.duracion));
    const price = fromPrice(r);
    if (price !== undefined && (route.precio_desde === null || price < route.precio_desde)) route.precio_desde = price;
  }
  return [...byPair.values()];
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
