import * as v from 'valibot';
import { PriceAlertAnswer, PriceAlertIdSchema, PriceAlertSchema, PriceAlertsAnswer, PromotionPublishedAnswer, PromotionPublishSchema } from '../schemas/price-alert.schema';
import { endpoint } from './endpoint';

const owner = 'alerts';

/** The one-tap opt-out's link: the alert's token (an HMAC of its number). */
export const PriceAlertOptOutQuery = v.object({ token: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)), idioma: v.optional(v.picklist(['es-PE', 'en-EN'])) });

/** Issue 48 item 3: price alerts of a signed-in customer, and the one-tap opt-out every alert mail carries. */
export const priceAlertsEndpoints = {
  priceAlertCreate: endpoint({
    method: 'POST', path: '/rest/alertas', module: owner, summary: 'Ask to be told when a route (optional days) has a from-price below a sum; the channels given record their consent',
    body: PriceAlertSchema, answer: PriceAlertAnswer, session: 'required', noStore: true,
    errors: { 400: ['privacy.version.stale'], 409: ['alert.limit'] },
  }),
  priceAlertList: endpoint({
    method: 'GET', path: '/rest/alertas', module: owner, summary: "The customer's active price alerts", answer: PriceAlertsAnswer, session: 'required', noStore: true,
  }),
  priceAlertDelete: endpoint({
    method: 'POST', path: '/rest/alertas/borrar', module: owner, summary: 'Delete one of the customer\'s price alerts', body: PriceAlertIdSchema, status: 204, session: 'required', noStore: true,
    errors: { 404: ['alert.notFound'] },
  }),
  operatorPromotion: endpoint({
    method: 'POST', path: '/rest/operador/promocion', module: owner,
    summary: "Publish a promotion on a route's departures of some days (their promotional seats sell pct % off); the price alerts it makes true are told at once",
    body: PromotionPublishSchema, answer: PromotionPublishedAnswer, session: 'operator', noStore: true,
  }),
  priceAlertOptOutPage: endpoint({
    method: 'GET', path: '/rest/alertas/:calerta/baja', module: owner, summary: "A price alert's opt-out page (the link in every alert): one button",
    query: PriceAlertOptOutQuery, invalidAs: 404, produces: 'text/html', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  priceAlertOptOut: endpoint({
    method: 'POST', path: '/rest/alertas/:calerta/baja', module: owner,
    summary: "Ends a price alert (the page's button, or a mail client's RFC 8058 one-click POST; the token as in the page's link)",
    produces: 'text/html', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
} as const;
