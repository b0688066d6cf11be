import { CargoEstimateSchema, TrackingQuerySchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { estimateCargo, trackShipment } from './cargo.service';

export const cargoRoutes: FastifyPluginAsync<{ db: Database; lookupRateLimit: RateLimit }> = async (app, { db, lookupRateLimit }) => {
  // POST: the receiver's document number never ends up in a URL or an access log.
  app.post('/rest/carga/seguimiento', { config: { rateLimit: lookupRateLimit } }, async (request) => ({
    data: await trackShipment(db, parseBody(TrackingQuerySchema, request.body)),
  }));

  app.post('/rest/carga/cotizar', async (request) => ({
    data: await estimateCargo(db, parseBody(CargoEstimateSchema, request.body)),
  }));
};
