import { CompanySchema, RucLookupSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { findCompany, registerCompany } from './companies.service';

export interface CompaniesRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
}

export const companiesRoutes: FastifyPluginAsync<CompaniesRoutesOptions> = async (app, { db, now, writeRateLimit, lookupRateLimit }) => {
  /** `{ ruc }` → `{ ruc, razon_social, direccion }`; 404 `company.ruc.notFound`. */
  app.post('/rest/juridica/buscar', { config: { rateLimit: lookupRateLimit } }, async (request) => {
    const { ruc } = parseBody(RucLookupSchema, request.body);
    return { data: await findCompany(db, ruc) };
  });

  app.post('/rest/juridica/registrar', { config: { rateLimit: writeRateLimit } }, async (request, reply) => {
    const input = parseBody(CompanySchema, request.body);
    const receipt = await registerCompany(db, input, { language: requestLanguage(request), now: now() });
    return reply.code(201).send({ data: receipt });
  });
};
