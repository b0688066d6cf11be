import { clock } from '@rumbo/shared/clock';
import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { OPERATOR } from '../operator';
import { listCities } from '../cities/cities.queries';
import { findPage, listPages } from './content.queries';
import { findDestination, listDestinations } from './destinations.queries';

export const contentRoutes: FastifyPluginAsync<{ db: Database; now?: () => Date }> = async (app, { db, now = clock.now }) => {
  route(app, endpoints.pages, async ({ request }) => listPages(db, requestLanguage(request)));

  // Declared before `/:id`; Fastify prefers the static path anyway, this keeps it obvious.
  route(app, endpoints.operator, async () => OPERATOR);

  route(app, endpoints.page, async ({ request }) => {
    const { id } = request.params as { id: string };
    const page = await findPage(db, id, requestLanguage(request));
    if (!page) throw new NotFoundError();
    return page;
  });

  route(app, endpoints.cities, async () => listCities(db));

  /** The destination pages with their lowest "from" price of the coming days. */
  route(app, endpoints.destinations, async ({ request }) => listDestinations(db, requestLanguage(request), now()));

  route(app, endpoints.destination, async ({ request }) => {
    const { slug } = request.params as { slug: string };
    const destination = await findDestination(db, slug, requestLanguage(request), now());
    if (!destination) throw new NotFoundError();
    return destination;
  });
};
