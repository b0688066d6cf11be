import { priceAlertsEndpoints } from '@rumbo/shared/contract';
import { toLanguage, type Language } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { sessionResolver } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import { askToOptOut, oneClickOptOut, optedOut, type OptOutTexts } from '../http/opt-out-page';
import type { RateLimit } from '../http/rate-limit';
import { operatorResolver, type OperatorCredential } from '../operators/operators';
import { publishPromotion } from './promotions';
import { alertByToken, checkPriceAlerts, createPriceAlert, endPriceAlert, listPriceAlerts, type PriceAlertContext } from './price-alerts.service';

export interface PriceAlertsRoutesOptions {
  db: Database;
  sessionSecret: string;
  now: () => Date;
  writeRateLimit: RateLimit;
  lookupRateLimit: RateLimit;
  /** OPERATOR_TOKENS: who may publish a promotion. */
  operators?: readonly OperatorCredential[];
  /** Where alerts' links lead, for the alerts a published promotion tells at once. */
  alerts?: PriceAlertContext;
}

const AlertParam = v.object({ calerta: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number)) });
const TokenQuery = v.object({ token: v.string(), idioma: v.optional(v.picklist(['es-PE', 'en-EN'])) });

const PAGES = {
  'es-PE': {
    title: 'Alertas de precio',
    ask: (route: string) => `¿Dejar de recibir la alerta de precio de ${route}?`,
    button: 'Dejar de recibir esta alerta',
    done: (route: string) => `Listo: no le enviaremos más la alerta de precio de ${route}.`,
  },
  'en-EN': {
    title: 'Price alerts',
    ask: (route: string) => `Stop the price alert for ${route}?`,
    button: 'Stop this alert',
    done: (route: string) => `Done: we will send no more price alerts for ${route}.`,
  },
} as const;

const texts = (language: Language, route: string): OptOutTexts => {
  const t = PAGES[language];
  return { title: t.title, ask: t.ask(route), button: t.button, done: t.done(route) };
};

/** Issue 48 item 3: `/rest/alertas*`: the customer's price alerts, and the one-tap opt-out of every alert mail. */
export const priceAlertsRoutes: FastifyPluginAsync<PriceAlertsRoutesOptions> = async (app, options) => {
  const { db, now, sessionSecret } = options;
  const sessions = sessionResolver(db, sessionSecret);

  route(app, priceAlertsEndpoints.priceAlertCreate, async ({ input, session, request }) => createPriceAlert(db, session.customer.ccuenta, input, requestLanguage(request), now()), { sessions, rateLimit: options.writeRateLimit });
  route(app, priceAlertsEndpoints.priceAlertList, async ({ session }) => listPriceAlerts(db, session.customer.ccuenta), { sessions });
  route(app, priceAlertsEndpoints.priceAlertDelete, async ({ input, session, reply }) => {
    if (!(await endPriceAlert(db, input.calerta, now(), session.customer.ccuenta))) throw new NotFoundError('alert.notFound');
    return reply.status(204).send();
  }, { sessions, rateLimit: options.writeRateLimit });

  // Operators publish a promotion; the alerts it makes true are told now, not at the job's next run.
  route(app, priceAlertsEndpoints.operatorPromotion, async ({ input }) => {
    const viajes = await publishPromotion(db, input);
    const avisos = options.alerts ? await checkPriceAlerts(db, options.alerts, now()) : 0;
    return { viajes, avisos };
  }, { operators: operatorResolver(options.operators ?? []) });

  /** The alert a signed link names, with its language; not found otherwise. */
  async function linked(request: FastifyRequest) {
    const params = v.safeParse(AlertParam, request.params);
    const query = v.safeParse(TokenQuery, request.query);
    if (!params.success || !query.success) throw new NotFoundError();
    const alert = await alertByToken(db, sessionSecret, params.output.calerta, query.output.token);
    return { alert, language: query.output.idioma ?? toLanguage(alert.idioma), route: `${alert.origen} → ${alert.destino}` };
  }

  route(app, priceAlertsEndpoints.priceAlertOptOutPage, async ({ request, reply }) => {
    const { language, route: name } = await linked(request);
    return askToOptOut(reply, language, texts(language, name), request.url);
  }, { rateLimit: options.lookupRateLimit });

  await oneClickOptOut(app, (forms) => {
    route(forms, priceAlertsEndpoints.priceAlertOptOut, async ({ request, reply }) => {
      const { alert, language, route: name } = await linked(request);
      await endPriceAlert(db, alert.calerta, now());
      return optedOut(reply, language, texts(language, name));
    }, { rateLimit: options.writeRateLimit });
  });
};
