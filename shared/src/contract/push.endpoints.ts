import { PushKeyAnswer, PushSubscribeAnswer, PushSubscribeSchema, PushUnsubscribeSchema } from '../schemas/push.schema';
import { endpoint } from './endpoint';

const owner = 'push';

/**
 * Web push (issues 35 and 36): a disruption's notice and the trip reminders also reach the
 * phones whose owners asked for them ("Notify me on this phone"), when the operator configured
 * VAPID keys. The browser reads the public key, subscribes with its push service, and hands the
 * subscription over, bound to the customer's account or to a purchase it proves it holds.
 */
export const pushEndpoints = {
  pushKey: endpoint({
    method: 'GET', path: '/rest/avisos/clave', module: owner, summary: 'The VAPID public key browsers subscribe with (null: web push is not configured, no button)',
    answer: PushKeyAnswer, session: 'none',
  }),
  pushSubscribe: endpoint({
    method: 'POST', path: '/rest/avisos/suscripcion', module: owner,
    summary: "Saves this browser's push subscription for the signed-in customer's trips and/or a purchase proven by its code and purchase key",
    body: PushSubscribeSchema, answer: PushSubscribeAnswer, session: 'optional', noStore: true,
    errors: { 400: ['push.suscripcion.invalid', 'push.titular.required'], 404: ['request.notFound', 'sale.reserva.noEncontrada'], 409: ['sale.reserva.noEncontrada', 'sale.reserva.anulada', 'sale.reserva.vencida'] },
  }),
  pushUnsubscribe: endpoint({
    method: 'POST', path: '/rest/avisos/suscripcion/baja', module: owner, summary: "Forgets this browser's push subscription (the endpoint is the proof)",
    body: PushUnsubscribeSchema, status: 204, session: 'none', noStore: true,
  }),
} as const;
