import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { MailGate, RateLimit } from '../http/rate-limit';
import type { FastifyRequest } from 'fastify';
import { findCompany, registerCompany } from './companies.service';

export interface CompaniesRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  /** The recipient cap of mails to unproven addresses (UNPROVEN_MAIL_LIMIT); unset: no cap. */
  unprovenMail?: (request: FastifyRequest) => MailGate;
}

export const companiesRoutes: FastifyPluginAsync<CompaniesRoutesOptions> = async (app, { db, now, writeRateLimit, lookupRateLimit, unprovenMail }) => {
  /** `{ ruc }` → `{ ruc, razon_social, direccion }`; 404 `company.ruc.notFound`. */
  route(app, endpoints.company, async ({ input: { ruc } }) => findCompany(db, ruc), { rateLimit: lookupRateLimit });

  route(app, endpoints.companyRequest, async ({ input, request }) => registerCompany(db, input, { language: requestLanguage(request), now: now(), mayMail: unprovenMail?.(request) }), {
    rateLimit: writeRateLimit,
  });
};
