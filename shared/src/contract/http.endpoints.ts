import * as v from 'valibot';
import { endpoint } from './endpoint';

/** Readiness and liveness: `ok`, or 503 with what failed. */
export const HealthAnswer = v.object({ status: v.picklist(['ok', 'draining', 'unavailable']), checks: v.optional(v.array(v.string())) });

export const httpEndpoints = {
  live: endpoint({ method: 'GET', path: '/rest/health/live', module: 'http', summary: 'Liveness: the process answers', answer: HealthAnswer, session: 'none', noStore: true }),
  ready: endpoint({ method: 'GET', path: '/rest/health', module: 'http', summary: 'Readiness, what the balancer checks: this instance can sell (database, migrations, not shutting down; 503 when not)', answer: HealthAnswer, session: 'none', noStore: true }),
  redis: endpoint({ method: 'GET', path: '/rest/health/redis', module: 'http', summary: "The rate limits' Redis answers (503 when not; the instance still sells, counting limits in memory)", answer: HealthAnswer, session: 'none', noStore: true }),
} as const;
