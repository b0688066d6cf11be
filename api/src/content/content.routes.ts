import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { requestLanguage } from '../http/language';
import { OPERATOR } from '../operator';
import { findPage, listCities, listPages } from './content.queries';

export const contentRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/rest/informacion', async (request) => ({ data: await listPages(db, requestLanguage(request)) }));

  // Declared before `/:id`; Fastify prefers the static path anyway, this keeps it obvious.
  app.get('/rest/informacion/representante', async () => ({ data: OPERATOR }));

  app.get<{ Params: { id: string } }>('/rest/informacion/:id', async (request) => {
    const page = await findPage(db, request.params.id, requestLanguage(request));
    if (!page) throw new NotFoundError();
    return { data: page };
  });

  app.get('/rest/iata', async () => ({ data: await listCities(db) }));
};
