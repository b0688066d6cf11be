import type { City } from '@rumbo/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ciudad } from './cities.tables';

export function listCities(db: Database): Promise<City[]> {
  return db
    .select({ cciudad: ciudad.cciudad, nombre: ciudad.nombre, codigo: ciudad.codigo, slug: ciudad.slug })
    .from(ciudad)
    .orderBy(asc(ciudad.cciudad));
}

/** The city's name, for texts such as the complaint copy; undefined for an unknown code. */
export async function cityName(db: Database, cciudad: number): Promise<string | undefined> {
  const [row] = await db.select({ nombre: ciudad.nombre }).from(ciudad).where(eq(ciudad.cciudad, cciudad));
  return row?.nombre;
}
