import { HoldExtensionSchema, SeatHoldSchema, SeatMapRequestSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { extendHold } from './hold-extension';
import { changeSeat, hashClient, seatMap } from './seats.service';

export interface SeatsRoutesOptions {
  db: Database;
  now: () => Date;
  seatRateLimit: RateLimit;
  /** Keys the hash of the client address stored with a hold (the session secret). */
  clientSecret: string;
}

export const seatsRoutes: FastifyPluginAsync<SeatsRoutesOptions> = async (app, { db, now, seatRateLimit, clientSecret }) => {
  app.post('/rest/maqueta', async (request) => ({ data: await seatMap(db, parseBody(SeatMapRequestSchema, request.body), now()) }));

  app.post('/rest/asiento/bloquear', { config: { rateLimit: seatRateLimit } }, async (request) => ({
    data: await changeSeat(db, parseBody(SeatHoldSchema, request.body), now(), hashClient(request.ip, clientSecret)),
  }));

  app.post('/rest/asiento/extender', { config: { rateLimit: seatRateLimit } }, async (request) => ({
    data: await extendHold(db, parseBody(HoldExtensionSchema, request.body), now()),
  }));
};
