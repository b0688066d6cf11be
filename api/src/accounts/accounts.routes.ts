import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { customerOfToken } from './accounts.service';

/** The bearer token of a request: the Authorization header, else the `token` cookie (spec §7). */
function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return bearer || request.cookies.token || undefined;
}

export const accountsRoutes: FastifyPluginAsync<{ db: Database; sessionSecret: string }> = async (
  app,
  { db, sessionSecret },
) => {
  // The spec's user-data call: a POST with only the token. Editing the profile through its body
  // belongs to the accounts issue; the body is ignored until then.
  app.post('/rest/user/editar', async (request, reply) => {
    const customer = await customerOfToken(db, sessionToken(request), sessionSecret);
    return reply.header('cache-control', 'no-store').send({ data: customer });
  });
};
