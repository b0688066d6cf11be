import { ComplaintSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { fileComplaint } from './complaints.service';

export interface ComplaintsRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
}

export const complaintsRoutes: FastifyPluginAsync<ComplaintsRoutesOptions> = async (app, { db, now, writeRateLimit }) => {
  app.post('/rest/reclamacion/registro', { config: { rateLimit: writeRateLimit } }, async (request, reply) => {
    const complaint = parseBody(ComplaintSchema, request.body);
    const receipt = await fileComplaint(db, complaint, { language: requestLanguage(request), now: now() });
    return reply.code(201).send({ data: receipt });
  });
};
