import { DEVICE_HEADER, endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { RateLimit } from '../http/rate-limit';
import { route } from '../http/endpoint';
import { extendHold } from './hold-extension';
import { declaredClientAddress } from '../http/proxy';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import { blockSeats, releaseSeatBlock, seatBlocks } from './seat-blocks';
import { changeSeat, holdClientOf, seatMap } from './seats.service';

export interface SeatsRoutesOptions {
  db: Database;
  now: () => Date;
  seatRateLimit: RateLimit;
  /** Keys the hash of the client address stored with a hold (the session secret). */
  clientSecret: string;
  /** The X-Forwarded-For hops the operator declared (see declaredClientAddress). */
  proxyHops: number;
  /** OPERATOR_TOKENS: who may block and release seats (`/rest/operador/bloqueo*`). */
  operators: readonly OperatorCredential[];
}

export const seatsRoutes: FastifyPluginAsync<SeatsRoutesOptions> = async (app, { db, now, seatRateLimit, clientSecret, proxyHops, operators }) => {
  route(app, endpoints.seatMap, async ({ input }) => seatMap(db, input, now()));

  route(app, endpoints.seatHold, async ({ input, request }) => {
    const device = request.headers[DEVICE_HEADER];
    const client = holdClientOf(declaredClientAddress(request, proxyHops), request.headers['user-agent'], clientSecret, typeof device === 'string' ? device : undefined);
    return changeSeat(db, input, now(), client);
  }, { rateLimit: seatRateLimit });

  route(app, endpoints.holdExtension, async ({ input }) => extendHold(db, input, now()), { rateLimit: seatRateLimit });

  // Operators' seat blocks for group and counter sales (docs/decisions.md, "Seat blocks").
  const staff = { operators: operatorResolver(operators) };
  route(app, endpoints.operatorSeatBlock, async ({ input, session }) => blockSeats(db, input, session.name, now()), staff);
  route(app, endpoints.operatorSeatBlockRelease, async ({ input, session }) => releaseSeatBlock(db, input.cbloqueo, session.name, now()), staff);
  route(app, endpoints.operatorSeatBlocks, async () => seatBlocks(db, now()), staff);
};
