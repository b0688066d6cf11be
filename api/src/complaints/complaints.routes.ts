import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { perKeyBudget, type RateLimit } from '../http/rate-limit';
import { fileComplaint } from './complaints.service';

/** How many consumer's copies are mailed per recipient address and per client (issue 15). */
export interface ComplaintCopyLimits {
  perRecipient: RateLimit;
  perClient: RateLimit;
}

const HOUR = 60 * 60_000;

/**
 * A consumer files a sheet or two and gets each copy; a script using the form to mail its text to
 * any address gets a few copies through and nothing more. Counted by @fastify/rate-limit, so
 * shared by the API instances.
 */
export const COMPLAINT_COPY_LIMITS: ComplaintCopyLimits = {
  perRecipient: { max: 3, timeWindow: 24 * HOUR },
  perClient: { max: 10, timeWindow: HOUR },
};

export interface ComplaintsRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  copyLimits?: ComplaintCopyLimits | undefined;
}

export const complaintsRoutes: FastifyPluginAsync<ComplaintsRoutesOptions> = async (app, { db, now, writeRateLimit, copyLimits = COMPLAINT_COPY_LIMITS }) => {
  const copiesPerRecipient = perKeyBudget(app, 'complaint-copy-recipient', copyLimits.perRecipient);
  const copiesPerClient = perKeyBudget(app, 'complaint-copy-client', copyLimits.perClient);

  route(app, endpoints.complaint, async ({ input: complaint, request }) => {
    // The sheet is always filed (the consumer's right); past the bounds only its copy is not mailed.
    const client = await copiesPerClient(request, request.ip);
    const recipient = await copiesPerRecipient(request, complaint.correo.toLowerCase());
    return fileComplaint(db, complaint, { language: requestLanguage(request), now: now(), mailCopy: client && recipient });
  }, { rateLimit: writeRateLimit });
};
