import { SeatHoldSchema, SeatMapRequestSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { changeSeat, seatMap } from './seats.service';

export const seatsRoutes: FastifyPluginAsync<{ db: Database; now: () => Date; seatRateLimit: RateLimit }> = async (
  app,
  { db, now, seatRateLimit },
) => {
  app.post('/rest/maqueta', async (request) => ({ data: await seatMap(db, parseBody(SeatMapRequestSchema, request.body), now()) }));

  app.post('/rest/asiento/bloquear', { config: { rateLimit: seatRateLimit } }, async (request) => ({
    data: await changeSeat(db, parseBody(SeatHoldSchema, request.body), now()),
  }));
};
