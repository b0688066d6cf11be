import * as v from 'valibot';
import { CONSENT_CHANNELS, CONSENT_TEXT_VERSION } from './privacy.schema';

/**
 * Issue 48 item 3, price alerts: a signed-in customer asks to be told when a route (and an optional
 * range of days) has a from-price below a sum. An alert is a promotion-like message: it needs its
 * own consent per channel (purpose `alertas_precio`, recorded by `api/src/privacy/consents.ts`).
 */

/** Messages of the price alerts, spread into `validationMessages`. */
export const priceAlertMessages = {
  'es-PE': {
    'alert.ruta.invalid': 'Elija el origen y el destino',
    'alert.ruta.same': 'El destino debe ser distinto del origen',
    'alert.fecha.invalid': 'Ingrese una fecha válida',
    'alert.fecha.order': 'La fecha final no puede ser anterior a la inicial',
    'alert.tope.invalid': 'Indique un precio entre S/ 1 y S/ 9,999',
    'alert.canales.required': 'Elija al menos un medio por el que avisarle',
    'alert.limit': 'Ya tiene 10 alertas de precio activas: borre una para crear otra',
    'alert.notFound': 'No encontramos esa alerta de precio',
    'promotion.pct.invalid': 'Indique un descuento entero entre 1 % y 90 %',
    'promotion.fecha.required': 'Indique el primer y el último día de la promoción',
  },
  'en-EN': {
    'alert.ruta.invalid': 'Choose the origin and the destination',
    'alert.ruta.same': 'The destination must differ from the origin',
    'alert.fecha.invalid': 'Enter a valid date',
    'alert.fecha.order': 'The last day cannot be before the first',
    'alert.tope.invalid': 'Enter a price between S/ 1 and S/ 9,999',
    'alert.canales.required': 'Choose at least one way to tell you',
    'alert.limit': 'You already have 10 active price alerts: delete one to create another',
    'alert.notFound': 'We could not find that price alert',
    'promotion.pct.invalid': 'Enter a whole discount between 1 % and 90 %',
    'promotion.fecha.required': "Enter the promotion's first and last days",
  },
} as const;

/** At most this many active alerts per customer. */
export const PRICE_ALERT_MAX = 10;

const city = v.pipe(v.string('alert.ruta.invalid'), v.regex(/^[A-Z]{3}$/, 'alert.ruta.invalid'));
const day = v.pipe(v.string('alert.fecha.invalid'), v.isoDate('alert.fecha.invalid'));

/**
 * `POST /rest/alertas`: the route, an optional range of days, the sum (S/, whole soles) the
 * from-price must fall below, and the channels to tell by: giving a channel here gives the consent
 * of purpose `alertas_precio` by it (the form says so beside the channels).
 */
export const PriceAlertSchema = v.pipe(
  v.object({
    origen: city,
    destino: city,
    desde: v.optional(day),
    hasta: v.optional(day),
    tope: v.pipe(v.number('alert.tope.invalid'), v.integer('alert.tope.invalid'), v.minValue(1, 'alert.tope.invalid'), v.maxValue(9999, 'alert.tope.invalid')),
    canales: v.pipe(v.array(v.picklist(CONSENT_CHANNELS, 'alert.canales.required'), 'alert.canales.required'), v.minLength(1, 'alert.canales.required'), v.maxLength(3, 'alert.canales.required')),
    /** The version of the consent text the form showed beside the channels (a stale page is refused, as Mi cuenta's). */
    version: v.pipe(v.string('privacy.version.stale'), v.literal(CONSENT_TEXT_VERSION, 'privacy.version.stale')),
  }),
  v.forward(
    v.check((alert) => alert.origen !== alert.destino, 'alert.ruta.same'),
    ['destino'],
  ),
  v.forward(
    v.check((alert) => !alert.desde || !alert.hasta || alert.hasta >= alert.desde, 'alert.fecha.order'),
    ['hasta'],
  ),
);
export type PriceAlertRequest = v.InferOutput<typeof PriceAlertSchema>;

/** `POST /rest/alertas/borrar`: one of the customer's alerts. */
export const PriceAlertIdSchema = v.object({ calerta: v.pipe(v.number('alert.notFound'), v.integer('alert.notFound'), v.minValue(1, 'alert.notFound')) });

export const PriceAlertAnswer = v.object({
  calerta: v.number(),
  origen: v.string(),
  destino: v.string(),
  desde: v.nullable(v.string()),
  hasta: v.nullable(v.string()),
  tope: v.number(),
  /** The from-price last told (null: not below the sum since the last time it was). */
  avisado: v.nullable(v.number()),
});
export type PriceAlert = v.InferOutput<typeof PriceAlertAnswer>;
export const PriceAlertsAnswer = v.array(PriceAlertAnswer);

/**
 * `POST /rest/operador/promocion` (operators): a promotion published on a route's departures of
 * some days: their promotional seats sell `pct` % off (the same campaign the seed's Tuesdays and
 * Wednesdays carry). Publishing tells the price alerts it makes true at once.
 */
export const PromotionPublishSchema = v.pipe(
  v.object({
    origen: city,
    destino: city,
    desde: v.pipe(v.string('promotion.fecha.required'), v.isoDate('promotion.fecha.required')),
    hasta: v.pipe(v.string('promotion.fecha.required'), v.isoDate('promotion.fecha.required')),
    pct: v.pipe(v.number('promotion.pct.invalid'), v.integer('promotion.pct.invalid'), v.minValue(1, 'promotion.pct.invalid'), v.maxValue(90, 'promotion.pct.invalid')),
  }),
  v.forward(
    v.check((promotion) => promotion.hasta >= promotion.desde, 'alert.fecha.order'),
    ['hasta'],
  ),
);
export type PromotionPublishRequest = v.InferOutput<typeof PromotionPublishSchema>;
/** Departures the promotion changed, and price alerts told because of it. */
export const PromotionPublishedAnswer = v.object({ viajes: v.number(), avisos: v.number() });
