import { SubscriptionSchema, SubscriptionTokenSchema } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { confirmSubscription, currentPromotions, subscribe, unsubscribe } from './promotions.service';

export interface PromotionsRoutesOptions {
  db: Database;
  now: () => Date;
  writeRateLimit: RateLimit;
  /** Browser origins of the site: links in mails go back to the one that asked. */
  siteOrigins: (string | RegExp)[];
}

/** Where the links of a mail point: the site that sent the request when it is one of ours. */
export const DEFAULT_SITE = 'https://www.rumboandino.pe';

export function siteOf(request: FastifyRequest, origins: (string | RegExp)[]): string {
  const origin = request.headers.origin;
  if (origin && origins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)))) return origin;
  return DEFAULT_SITE;
}

export const promotionsRoutes: FastifyPluginAsync<PromotionsRoutesOptions> = async (app, { db, now, writeRateLimit, siteOrigins }) => {
  app.get('/rest/promocion/obtener', async (request) => ({ data: await currentPromotions(db, requestLanguage(request), now()) }));

  const context = (request: FastifyRequest) => ({ site: siteOf(request, siteOrigins), language: requestLanguage(request), now: now() });

  app.post('/rest/componente/registrar', { config: { rateLimit: writeRateLimit } }, async (request, reply) => {
    const { correo } = parseBody(SubscriptionSchema, request.body);
    await subscribe(db, correo, context(request));
    return reply.code(202).send({ data: { correo, estado: 'pendiente' } });
  });

  app.post('/rest/componente/confirmar', { config: { rateLimit: writeRateLimit } }, async (request) => {
    const { token } = parseBody(SubscriptionTokenSchema, request.body);
    return { data: await confirmSubscription(db, token, context(request)) };
  });

  app.post('/rest/componente/baja', { config: { rateLimit: writeRateLimit } }, async (request) => {
    const { token } = parseBody(SubscriptionTokenSchema, request.body);
    return { data: await unsubscribe(db, token, now()) };
  });
};
