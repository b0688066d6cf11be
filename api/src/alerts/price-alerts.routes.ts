import { priceAlertsEndpoints } from '@rumbo/shared/contract';
import { toLanguage, type Language } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { sessionResolver } from '../accounts/accounts.routes';
import type { Database } from '../db/client';
import { NotFoundError } from '../errors';
import { noStore } from '../http/cache';
import { route } from '../http/endpoint';
import { requestLanguage } from '../http/language';
import type { RateLimit } from '../http/rate-limit';
import { escapeHtml } from '../mail/html';
import { OPERATOR } from '../operator';
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

/** A tiny page with no script: it works from any mail client's browser. */
function page(language: Language, body: string): string {
  const t = PAGES[language];
  return `<!doctype html>
<html lang="${language.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${t.title} · ${OPERATOR.marca}`)}</title>
<style>body{font-family:Arial,sans-serif;color:#1a1a1a;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1rem;background:#164b7a;color:#fff;border:0;border-radius:.4rem;cursor:pointer}button:focus-visible{outline:3px solid #f5b301;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
}

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

  const htmlReply = (reply: FastifyReply, html: string) =>
    noStore(reply)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(html);

  route(app, priceAlertsEndpoints.priceAlertOptOutPage, async ({ request, reply }) => {
    const { language, route: name } = await linked(request);
    const t = PAGES[language];
    return htmlReply(reply, page(language, `<p>${escapeHtml(t.ask(name))}</p><form method="post" action="${escapeHtml(request.url)}"><button type="submit">${escapeHtml(t.button)}</button></form>`));
  }, { rateLimit: options.lookupRateLimit });

  // The button, or a mail client's one-click POST (RFC 8058 sends `List-Unsubscribe=One-Click` form-encoded).
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    route(forms, priceAlertsEndpoints.priceAlertOptOut, async ({ request, reply }) => {
      const { alert, language, route: name } = await linked(request);
      await endPriceAlert(db, alert.calerta, now());
      return htmlReply(reply, page(language, `<p role="status">${escapeHtml(PAGES[language].done(name))}</p>`));
    }, { rateLimit: options.writeRateLimit });
  });
};
