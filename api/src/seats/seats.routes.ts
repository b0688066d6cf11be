import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { route } from '../http/endpoint';
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
  route(app, endpoints.seatMap, async ({ input }) => seatMap(db, input, now()));

  route(app, endpoints.seatHold, async ({ input, request }) => changeSeat(db, input, now(), hashClient(request.ip, clientSecret)), { rateLimit: seatRateLimit });

  route(app, endpoints.holdExtension, async ({ input }) => extendHold(db, input, now()), { rateLimit: seatRateLimit });
};
