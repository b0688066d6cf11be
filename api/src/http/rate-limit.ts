import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A per-client (IP) limit: at most `max` requests per `timeWindow` milliseconds. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/**
 * Endpoints that write (complaints now; sign-up, codes, sales later). Generous enough for a
 * family filling forms behind one IP, low enough to stop a script filling the database.
 */
export const WRITE_RATE_LIMIT: RateLimit = { max: 20, timeWindow: 60_000 };

/**
 * Seat holds and releases: a customer clicks a seat on and off while choosing, a family picks
 * five; a script hammering the map from one address is stopped.
 */
export const SEAT_RATE_LIMIT: RateLimit = { max: 120, timeWindow: 60_000 };

/** Look-ups by a code (shipment tracking, RUC): enough for a person, too few to enumerate codes. */
export const LOOKUP_RATE_LIMIT: RateLimit = { max: 30, timeWindow: 60_000 };

/** Recovering a purchase (`/rest/venta/recovery`), per payment code: too few to guess an e-mail. */
export const RECOVERY_PER_CODE_LIMIT: RateLimit = { max: 5, timeWindow: 15 * 60_000 };

/** A 429 the error handler answers with the translated "too many requests". */
export class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * A limit per key of the request's body (an e-mail, a code) on top of the per-IP one: the
 * returned `check(request, reply, key)` throws a 429 past the limit. Needs @fastify/rate-limit registered.
 */
export function perKeyLimit(app: FastifyInstance, name: string, limit: RateLimit) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}` });
  return async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    keys.set(request, key);
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new TooManyRequests(`rate limit per ${name}`);
    }
  };
}
