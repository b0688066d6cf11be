import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

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

/** Passenger look-ups (`/rest/persona/obtener`) per document, whatever the address: too few to guess a birth date. */
export const PERSON_LOOKUP_PER_DOCUMENT_LIMIT: RateLimit = { max: 5, timeWindow: 15 * 60_000 };

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
      if (app.hasDecorator('metrics')) app.metrics.limitRefusals.inc({ limit: name });
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new TooManyRequests(`rate limit per ${name}`);
    }
  };
}

/**
 * A budget per key that never refuses the request: `allowed(request, key)` answers whether the
 * request is still within it (e.g. to leave out a courtesy answer past it). Counted by
 * @fastify/rate-limit, so it is shared by the API instances like the other limits.
 */
export function perKeyBudget(app: FastifyInstance, name: string, limit: RateLimit) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}` });
  return async (request: FastifyRequest, key: string): Promise<boolean> => {
    keys.set(request, key);
    const result = await limiter(request);
    return result.isAllowed || !result.isExceeded;
  };
}

/**
 * Issue 32 item 8: the one cap of every mail the store sends to an address nobody has proven it
 * asked for (a sign-up's link, a newsletter confirmation, a corporate request's or a complaint's
 * acknowledgement, "no account" and "already registered" notices), per recipient, whatever the
 * form or the client: a stranger can make the store write to any address, never more than this.
 */
export const UNPROVEN_MAIL_LIMIT: RateLimit = { max: 5, timeWindow: 24 * 60 * 60_000 };

/** Whether one more mail may go to `to` (see UNPROVEN_MAIL_LIMIT). */
export type MailGate = (to: string) => Promise<boolean>;

/**
 * The per-recipient budget of UNPROVEN_MAIL_LIMIT, counted like every limit (in Redis when set,
 * so all instances share it): `gate(request)` answers the request's MailGate. A mail past it is not
 * queued and the request answers as usual, so the cap tells nobody whether an address is known.
 */
export function unprovenMailBudget(app: FastifyInstance, limit: RateLimit) {
  const budget = perKeyBudget(app, 'unproven-mail', limit);
  return (request: FastifyRequest): MailGate =>
    async (to) => {
      const allowed = await budget(request, to.trim().toLowerCase());
      if (!allowed) {
        if (app.hasDecorator('metrics')) app.metrics.limitRefusals.inc({ limit: 'unproven-mail' });
        request.log.warn({ limit: 'unproven-mail' }, 'mail to an unproven address not sent: its recipient cap is reached');
      }
      return allowed;
    };
}

/** `/rest/invitado`: how many answers per client may say whether an address has an account. */
export const GUEST_ACCOUNT_HINT_BUDGET: RateLimit = { max: 10, timeWindow: 10 * 60_000 };

/**
 * The Redis connection of the rate limits (REDIS_URL). It fails fast instead of queueing: with
 * Redis down a command errors at once (no offline queue, a short timeout), and the limits fall back
 * to each process's memory (see `rateLimitStore`) while ioredis reconnects in the background.
 */
export function connectRateLimitRedis(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 2_000,
    // Keep trying, at most every 2 s: the limits are shared again as soon as Redis is back.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn(`Redis unreachable (${error.message}): rate limits count per instance until it is back`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again: rate limits are shared again');
    down = false;
  });
  return redis;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** LocalStore answers with its own mutable entry: copy it, or requests answered in one tick all read the last count. */
const snapshot = (callback: Callback): Callback => (error, result) => callback(error, result && { current: result.current, ttl: result.ttl });
interface StoreWithRead extends FastifyRateLimitStore {
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => StoreWithRead;
// The plugin's own stores (no typings of their own): Redis' one Lua script per request, and the in-memory LRU.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor;

/**
 * The rate-limit store shared by every instance: @fastify/rate-limit's RedisStore (one atomic
 * Lua INCR + PEXPIRE per request, keys `{prefix}{route}-{address}` or `{prefix}{name}:{key}`, prefix `rumbo-rl-` unless REDIS_PREFIX says).
 *
 * When Redis does not answer, the request is counted in this process's memory instead (the
 * plugin's LocalStore) rather than let through or refused: every limit still holds, per
 * instance (so at most N times the limit with N instances), and the API keeps selling. A
 * refusal of everyone would stop sales while Redis is down; no limit at all would open the
 * password and code guessing that the limits exist to stop.
 */
export function rateLimitStore(redis: Redis, onFallback: (error: Error) => void, prefix = 'rumbo-rl-'): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: StoreWithRead,
      private readonly local: StoreWithRead,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          this.local.incr(key, snapshot(callback), timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.shared.read!(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          this.local.read!(key, snapshot(callback), timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends SharedStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(new RedisStore(continueExceeding, exponentialBackoff, redis, prefix), new LocalStore(continueExceeding, exponentialBackoff));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
