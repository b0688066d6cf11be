import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { requestLanguage } from '../http/language';
import { OPERATOR } from '../operator';
import { listCities } from '../cities/cities.queries';
import { findPage, listPages } from './content.queries';
import { findDestination, listDestinations } from './destinations.queries';

export const contentRoutes: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  app.get('/rest/informacion', async (request) => ({ data: await listPages(db, requestLanguage(request)) }));

  // Declared before `/:id`; Fastify prefers the static path anyway, this keeps it obvious.
  app.get('/rest/informacion/representante', async () => ({ data: OPERATOR }));

  app.get<{ Params: { id: string } }>('/rest/informacion/:id', async (request) => {
    const page = await findPage(db, request.params.id, requestLanguage(request));
    if (!page) throw new NotFoundError();
    return { data: page };
  });

  app.get('/rest/iata', async () => ({ data: await listCities(db) }));

  /** The destination pages with their lowest "from" price of the coming days. */
  app.get('/rest/destino', async (request) => ({ data: await listDestinations(db, requestLanguage(request), now()) }));

  app.get<{ Params: { slug: string } }>('/rest/destino/:slug', async (request) => {
    const destination = await findDestination(db, request.params.slug, requestLanguage(request), now());
    if (!destination) throw new NotFoundError();
    return { data: destination };
  });
};
