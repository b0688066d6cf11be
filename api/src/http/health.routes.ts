import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { migrationsApplied, type Database } from '../db/client';
import { noStore } from './cache';
import { route } from './endpoint';

export interface HealthOptions {
  db: Database;
  /**
   * The rate limits' Redis (REDIS_URL), when configured: its own check, not readiness (without it
   * each instance counts the limits in its memory and keeps selling).
   */
  redis?: Redis;
  /** True once SIGTERM arrived: readiness fails so the load balancer stops sending new requests. */
  draining?: () => boolean;
}

const CHECK_TIMEOUT_MS = 2_000;

async function check(name: string, probe: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const ok = await Promise.race([
      probe(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 2 s')), CHECK_TIMEOUT_MS))),
    ]);
    return ok === false ? `${name}: not ready` : null;
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, for load balancers, orchestrators and start scripts:
 * - `GET /rest/health/live`: the process answers (restart it if not); touches nothing else.
 * - `GET /rest/health` (readiness, what the balancer checks): this instance can sell: the database
 *   answers, every committed migration is applied and the instance is not shutting down; else 503
 *   with what failed, so the balancer sends requests to the other instances. Redis is not part of
 *   it: all instances share one Redis, so its outage would take every instance out at once while
 *   each can still sell (issue 32).
 * - `GET /rest/health/redis`: the rate limits' Redis answers (ok when none is configured); 503 for
 *   monitoring, beside the fallback metric and the "Redis unreachable" log line.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, redis, draining }) => {
  route(app, endpoints.live, async () => ({ status: 'ok' as const }));

  route(app, endpoints.ready, async ({ reply }) => {
    noStore(reply);
    if (draining?.()) return reply.code(503).send({ data: { status: 'draining', checks: ['shutting down'] } });
    // One statement: reading the applied migrations is also the database's answer. The balancer
    // asks every instance twice a second, so a fleet's checks grow with its instances.
    let migrated = false;
    const unreachable = await check('database', async () => {
      migrated = await migrationsApplied(db);
    });
    const failures = unreachable ? [unreachable] : migrated ? [] : ['migrations: not ready'];
    if (failures.length > 0) return reply.code(503).send({ data: { status: 'unavailable', checks: failures } });
    return { status: 'ok' as const };
  });

  route(app, endpoints.redis, async ({ reply }) => {
    noStore(reply);
    const failure = redis ? await check('redis', () => redis.ping()) : null;
    if (failure) return reply.code(503).send({ data: { status: 'unavailable', checks: [failure] } });
    return { status: 'ok' as const };
  });
};
