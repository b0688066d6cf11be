import * as v from 'valibot';
import { endpoint } from './endpoint';

/** Readiness and liveness: `ok`, or 503 with what failed. */
export const HealthAnswer = v.object({ status: v.picklist(['ok', 'draining', 'unavailable']), checks: v.optional(v.array(v.string())) });

export const httpEndpoints = {
  live: endpoint({ method: 'GET', path: '/rest/health/live', module: 'http', summary: 'Liveness: the process answers', answer: HealthAnswer, session: 'none', noStore: true }),
  ready: endpoint({ method: 'GET', path: '/rest/health', module: 'http', summary: 'Readiness: database, migrations, Redis (503 when not ready)', answer: HealthAnswer, session: 'none', noStore: true }),
} as const;
