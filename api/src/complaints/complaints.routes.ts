import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { perKeyBudget, type MailGate, type RateLimit } from '../http/rate-limit';
import { fileComplaint } from './complaints.service';

/**
 * How many consumer's copies are mailed per client (issue 15). Per recipient, the copy is one of the
 * mails to an address nobody has proven: the store's one cap (UNPROVEN_MAIL_LIMIT, issue 32 item 8).
 */
export interface ComplaintCopyLimits {
  perClient: RateLimit;
}

const HOUR = 60 * 60_000;

/**
 * A consumer files a sheet or two and gets each copy; a script using the form to mail its text to
 * any address gets a few copies through and nothing more. Counted by @fastify/rate-limit, so
 * shared by the API instances.
 */
export const COMPLAINT_COPY_LIMITS: ComplaintCopyLimits = {
  perClient: { max: 10, timeWindow: HOUR },
};

export interface ComplaintsRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  copyLimits?: ComplaintCopyLimits | undefined;
  /** The recipient cap of mails to unproven addresses (UNPROVEN_MAIL_LIMIT); unset: no cap. */
  unprovenMail?: (request: FastifyRequest) => MailGate;
}

export const complaintsRoutes: FastifyPluginAsync<ComplaintsRoutesOptions> = async (app, { db, now, writeRateLimit, copyLimits = COMPLAINT_COPY_LIMITS, unprovenMail }) => {
  const copiesPerClient = perKeyBudget(app, 'complaint-copy-client', copyLimits.perClient);

  route(app, endpoints.complaint, async ({ input: complaint, request }) => {
    // The sheet is always filed (the consumer's right); past the bounds only its copy is not mailed.
    const client = await copiesPerClient(request, request.ip);
    const recipient = client && ((await unprovenMail?.(request)(complaint.correo)) ?? true);
    return fileComplaint(db, complaint, { language: requestLanguage(request), now: now(), mailCopy: recipient });
  }, { rateLimit: writeRateLimit });
};
