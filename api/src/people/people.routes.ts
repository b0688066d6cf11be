import { DocumentSchema, PassengerSchema } from '@rumbo/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { persona } from './people.tables';

export interface PeopleRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
}

/**
 * `/rest/persona/*`. The callers are public (guests), so a lookup by document must not disclose a
 * stranger's data: `buscar` answers only whether the document is known and the given names (to
 * greet / confirm), never the surnames, e-mail, mobile or birth date. The full record is only
 * written (`registrar`), never read back by a public caller.
 */
export const peopleRoutes: FastifyPluginAsync<PeopleRoutesOptions> = async (app, { db, now, writeRateLimit }) => {
  app.post('/rest/persona/buscar', { config: { rateLimit: writeRateLimit } }, async (request) => {
    const doc = parseBody(DocumentSchema, request.body);
    const [row] = await db
      .select({ nombres: persona.nombres })
      .from(persona)
      .where(and(eq(persona.ctipo_documento, doc.ctipo_documento), eq(persona.numero, doc.numero)))
      .limit(1);
    return { data: row ? { encontrado: true, nombres: row.nombres } : { encontrado: false } };
  });

  app.post('/rest/persona/registrar', { config: { rateLimit: writeRateLimit } }, async (request, reply) => {
    const p = parseBody(PassengerSchema, request.body);
    const values = { ...p, actualizado: now() };
    const [row] = await db
      .insert(persona)
      .values(values)
      .onConflictDoUpdate({
        target: [persona.ctipo_documento, persona.numero],
        set: {
          nombres: sql`excluded.nombres`,
          paterno: sql`excluded.paterno`,
          materno: sql`excluded.materno`,
          email: sql`excluded.email`,
          celular: sql`excluded.celular`,
          genero: sql`excluded.genero`,
          nacimiento: sql`excluded.nacimiento`,
          actualizado: sql`excluded.actualizado`,
        },
      })
      .returning({ cpersona: persona.cpersona });
    return reply.code(201).send({ data: { cpersona: row?.cpersona } });
  });
};
