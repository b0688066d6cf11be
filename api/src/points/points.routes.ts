import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sessionResolver } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { pointsRules } from './points-rules';
import { getPoints } from './points.service';

export interface PointsRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
}

/** The points programme's own calls: a customer's balance and movements, and the rules. */
export const pointsRoutes: FastifyPluginAsync<PointsRoutesOptions> = async (app, { db, sessionSecret, now }) => {
  route(app, endpoints.points, async ({ session }) => getPoints(db, session.customer.ccuenta, now()), { sessions: sessionResolver(db, sessionSecret) });

  for (const endpoint of [endpoints.pointsRules, endpoints.pointsRulesSlash]) {
    route(app, endpoint, async ({ request, reply }) => {
      reply.header('vary', 'accept-language');
      return pointsRules(requestLanguage(request));
    });
  }
};
