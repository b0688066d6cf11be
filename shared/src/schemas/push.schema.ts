import * as v from 'valibot';
import { purchaseKey, reservationCode } from './sales.contract';

/** Messages of web push (issues 35 and 36), spread into `validationMessages`. */
export const pushMessages = {
  'es-PE': {
    'push.suscripcion.invalid': 'Este navegador no entregó una suscripción válida para recibir avisos',
    'push.titular.required': 'Inicie sesión o abra la página de su compra para recibir avisos en este teléfono',
  },
  'en-EN': {
    'push.suscripcion.invalid': 'This browser gave no valid subscription for notifications',
    'push.titular.required': 'Sign in or open the page of your purchase to get notifications on this phone',
  },
} as const;

const base64url = (min: number, max: number) =>
  v.pipe(v.string('push.suscripcion.invalid'), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'push.suscripcion.invalid'), v.minLength(min, 'push.suscripcion.invalid'), v.maxLength(max, 'push.suscripcion.invalid'));

/** A push service's endpoint (RFC 8030): an https URL the browser's push service gave it. */
const pushEndpoint = v.pipe(v.string('push.suscripcion.invalid'), v.maxLength(2048, 'push.suscripcion.invalid'), v.url('push.suscripcion.invalid'), v.startsWith('https://', 'push.suscripcion.invalid'));

/** What `PushSubscription.toJSON()` gives: the endpoint and the RFC 8291 keys (P-256 public key, 16-byte auth secret). */
export const PushSubscriptionSchema = v.object(
  {
    endpoint: pushEndpoint,
    keys: v.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }, 'push.suscripcion.invalid'),
  },
  'push.suscripcion.invalid',
);

/**
 * `POST /rest/avisos/suscripcion`: this browser's subscription, bound to the signed-in customer
 * (the session) and/or to a purchase the browser proves it holds (its code and purchase key, as
 * the ticket page reads it). Neither: refused.
 */
export const PushSubscribeSchema = v.pipe(
  v.object({
    suscripcion: PushSubscriptionSchema,
    codigo: v.optional(reservationCode),
    clave_bloqueo: v.optional(purchaseKey),
  }),
  v.check((input) => (input.codigo === undefined) === (input.clave_bloqueo === undefined), 'push.titular.required'),
);

/** `POST /rest/avisos/suscripcion/baja`: forget this browser's subscription (knowing the endpoint proves holding it). */
export const PushUnsubscribeSchema = v.object({ endpoint: pushEndpoint });

/** `GET /rest/avisos/clave`: the VAPID public key (base64url) browsers subscribe with; null: push is not configured. */
export const PushKeyAnswer = v.object({ clave: v.nullable(v.string()) });

export const PushSubscribeAnswer = v.object({
  /** Whether the subscription is now tied to the signed-in customer's account, and to the purchase named. */
  cuenta: v.boolean(),
  compra: v.boolean(),
});

export type PushSubscribeInput = v.InferInput<typeof PushSubscribeSchema>;
export type PushSubscribeResult = v.InferOutput<typeof PushSubscribeAnswer>;
