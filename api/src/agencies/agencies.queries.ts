import type { Agency } from '@rumbo/shared/schemas';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { ciudad } from '../cities/cities.tables';
import type { Database } from '../db/client';
import { agencia } from './agencies.tables';

export interface AgencyFilter {
  /** A city code (`LIM`) or number (`4`). */
  ciudad?: string;
  /** Only agencies that take cargo. */
  carga?: boolean;
}

export async function listAgencies(db: Database, filter: AgencyFilter = {}): Promise<Agency[]> {
  const where: SQL[] = [];
  if (filter.ciudad) {
    where.push(
      /^\d{1,3}$/.test(filter.ciudad)
        ? eq(agencia.cciudad, Number(filter.ciudad))
        : eq(ciudad.codigo, filter.ciudad.toUpperCase()),
    );
  }
  if (filter.carga) where.push(eq(agencia.carga, true));
  const rows = await db
    .select({ agencia, ciudad: ciudad.nombre, codigo: ciudad.codigo, slug: ciudad.slug })
    .from(agencia)
    .innerJoin(ciudad, eq(ciudad.cciudad, agencia.cciudad))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(ciudad.nombre), asc(agencia.cterminal), asc(agencia.nombre));
  return rows.map(({ agencia: a, ciudad: nombreCiudad, codigo, slug }) => ({
    cagencia: a.cagencia,
    cciudad: a.cciudad,
    ciudad: nombreCiudad,
    codigo,
    slug,
    cterminal: a.cterminal,
    nombre: a.nombre,
    direccion: a.direccion,
    latitud: a.latitud,
    longitud: a.longitud,
    telefono: a.telefono,
    horario: { dias: a.dias, abre: a.abre, cierra: a.cierra },
    servicios: { pasajes: a.pasajes, carga: a.carga },
  }));
}
