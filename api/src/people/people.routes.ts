import { endpoints } from '@rumbo/shared/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { persona } from './people.tables';

export interface PeopleRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
}

/**
 * `/rest/persona/*`. The callers are public (guests), so a lookup by document must not disclose a
 * stranger's data: `buscar` answers only whether the document is known and the given names (to
 * greet / confirm), never the surnames, e-mail, mobile or birth date. The record is written once
 * (`registrar`; a later anonymous registration does not overwrite it), never read back whole by a
 * public caller.
 */
export const peopleRoutes: FastifyPluginAsync<PeopleRoutesOptions> = async (app, { db, now, writeRateLimit }) => {
  const writes = { rateLimit: writeRateLimit };
  route(app, endpoints.personFound, async ({ input: doc }) => {
    const [row] = await db
      .select({ nombres: persona.nombres })
      .from(persona)
      .where(and(eq(persona.ctipo_documento, doc.ctipo_documento), eq(persona.numero, doc.numero)))
      .limit(1);
    return row ? { encontrado: true as const, nombres: row.nombres } : { encontrado: false as const };
  }, writes);

  route(app, endpoints.person, async ({ input: p }) => {
    // Anonymous input fills a purchase (the seat's passenger row), never overwrites what someone
    // stored before (issue 15): a known document keeps its record as it is.
    await db
      .insert(persona)
      .values({ ...p, actualizado: now() })
      .onConflictDoNothing({ target: [persona.ctipo_documento, persona.numero] });
    const [row] = await db
      .select({ cpersona: persona.cpersona })
      .from(persona)
      .where(and(eq(persona.ctipo_documento, p.ctipo_documento), eq(persona.numero, p.numero)));
    return { cpersona: row?.cpersona };
  }, writes);
};
