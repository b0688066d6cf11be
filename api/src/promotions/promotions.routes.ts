import { endpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { MailGate, RateLimit } from '../http/rate-limit';
import { confirmSubscription, currentPromotions, subscribe, unsubscribe } from './promotions.service';

export interface PromotionsRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  /** Browser origins of the site: links in mails go back to the one that asked. */
  siteOrigins: (string | RegExp)[];
  /** The recipient cap of mails to unproven addresses (UNPROVEN_MAIL_LIMIT); unset: no cap. */
  unprovenMail?: (request: FastifyRequest) => MailGate;
}

/** Where the links of a mail point: the site that sent the request when it is one of ours. */
export const DEFAULT_SITE = 'https://www.rumboandino.pe';

export function siteOf(request: FastifyRequest, origins: (string | RegExp)[]): string {
  const origin = request.headers.origin;
  if (origin && origins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)))) return origin;
  return DEFAULT_SITE;
}

export const promotionsRoutes: FastifyPluginAsync<PromotionsRoutesOptions> = async (app, { db, now, writeRateLimit, siteOrigins, unprovenMail }) => {
  route(app, endpoints.promotions, async ({ request }) => currentPromotions(db, requestLanguage(request), now()));

  const context = (request: FastifyRequest) => ({ site: siteOf(request, siteOrigins), language: requestLanguage(request), now: now() });
  const writes = { rateLimit: writeRateLimit };

  route(app, endpoints.subscribe, async ({ input: { correo }, request }) => {
    await subscribe(db, correo, { ...context(request), mayMail: unprovenMail?.(request) });
    return { correo, estado: 'pendiente' } as const;
  }, writes);

  route(app, endpoints.confirmSubscription, async ({ input: { token }, request }) => confirmSubscription(db, token, context(request)), writes);

  route(app, endpoints.unsubscribe, async ({ input: { token } }) => unsubscribe(db, token, now()), writes);
};
