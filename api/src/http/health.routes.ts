import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';

/** For load balancers and start scripts: answers once the database answers. */
export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/rest/health', async (_request, reply) => {
    await db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ data: { status: 'ok' } });
  });
};
