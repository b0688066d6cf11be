import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { listAgencies } from './agencies.queries';

export const agenciesRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** `?ciudad=LIM` (code or number) filters by city; `?carga=1` keeps agencies that take cargo. */
  route(app, endpoints.agencies, async ({ input: { ciudad, carga } }) =>
    listAgencies(db, { ciudad: ciudad || undefined, carga: carga === '1' || carga === 'true' }),
  );
};
