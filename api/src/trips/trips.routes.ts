import { endpoints } from '@rumbo/shared/contract';
import { fareCalendarDays, limaToday } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { fareCalendar, listStops, listTerminals, searchTrips } from './trips.queries';

export const tripsRoutes: FastifyPluginAsync<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  route(app, endpoints.terminals, async () => listTerminals(db));

  route(app, endpoints.trips, async ({ input: search }) => searchTrips(db, search, now()));

  route(app, endpoints.fareCalendar, async ({ input: search }) => {
    const at = now();
    const { first, last } = fareCalendarDays(search.fecha, limaToday(at));
    return fareCalendar(db, search, first, last, at);
  });

  route(app, endpoints.tripStops, async ({ input: { cviaje, cterminal_origen, cterminal_destino } }) => {
    const stretch = cterminal_origen !== undefined && cterminal_destino !== undefined ? { cterminal_origen, cterminal_destino } : undefined;
    return listStops(db, cviaje, stretch);
  });
};
