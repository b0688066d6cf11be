import { TripSearchSchema, TripStopsSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { parseBody } from '../http/validate';
import { listStops, listTerminals, searchTrips } from './trips.queries';

export const tripsRoutes: FastifyPluginAsync<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.post('/rest/terminales', async () => ({ data: await listTerminals(db) }));

  app.post('/rest/viaje', async (request) => {
    const search = parseBody(TripSearchSchema, request.body);
    return { data: await searchTrips(db, search, now()) };
  });

  app.post('/rest/viaje/escalas', async (request) => {
    const { cviaje, cterminal_origen, cterminal_destino } = parseBody(TripStopsSchema, request.body);
    const stretch = cterminal_origen !== undefined && cterminal_destino !== undefined ? { cterminal_origen, cterminal_destino } : undefined;
    return { data: await listStops(db, cviaje, stretch) };
  });
};
