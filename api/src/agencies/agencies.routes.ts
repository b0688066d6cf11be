import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { InvalidInputError } from '../errors';
import { listAgencies } from './agencies.queries';

const CITY = /^([A-Za-z]{3}|\d{1,3})$/;

export const agenciesRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** `?ciudad=LIM` (code or number) filters by city; `?carga=1` keeps agencies that take cargo. */
  app.get<{ Querystring: { ciudad?: string; carga?: string } }>('/rest/componente/punto_venta', async (request) => {
    const { ciudad, carga } = request.query;
    if (ciudad !== undefined && ciudad !== '' && !CITY.test(ciudad)) throw new InvalidInputError('request.invalid', 'ciudad');
    return { data: await listAgencies(db, { ciudad: ciudad || undefined, carga: carga === '1' || carga === 'true' }) };
  });
};
