import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import type { RateLimit } from '../http/rate-limit';
import { estimateCargo, trackShipment } from './cargo.service';

export const cargoRoutes: FastifyPluginAsync<{ db: Database; lookupRateLimit: RateLimit }> = async (app, { db, lookupRateLimit }) => {
  // POST: the receiver's document number never ends up in a URL or an access log.
  route(app, endpoints.tracking, async ({ input }) => trackShipment(db, input), { rateLimit: lookupRateLimit });

  route(app, endpoints.cargoEstimate, async ({ input }) => estimateCargo(db, input));
};
