import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { listStops, listTerminals, searchTrips } from './trips.queries';

export const tripsRoutes: FastifyPluginAsync<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  route(app, endpoints.terminals, async () => listTerminals(db));

  route(app, endpoints.trips, async ({ input: search }) => searchTrips(db, search, now()));

  route(app, endpoints.tripStops, async ({ input: { cviaje, cterminal_origen, cterminal_destino } }) => {
    const stretch = cterminal_origen !== undefined && cterminal_destino !== undefined ? { cterminal_origen, cterminal_destino } : undefined;
    return listStops(db, cviaje, stretch);
  });
};
