import * as v from 'valibot';
import { SubscriptionSchema, SubscriptionTokenSchema } from '../schemas/company.schema';
import { PromotionAnswer } from '../schemas/content.contract';
import { endpoint } from './endpoint';

/** The subscription to promotions after a confirmation link or an unsubscription. */
export const SubscriptionStateAnswer = v.object({ correo: v.string(), estado: v.picklist(['confirmada', 'baja']) });

export const promotionsEndpoints = {
  promotions: endpoint({ method: 'GET', path: '/rest/promocion/obtener', module: 'promotions', summary: "The current promotions in the caller's language", answer: v.array(PromotionAnswer), session: 'none' }),
  subscribe: endpoint({
    method: 'POST', path: '/rest/componente/registrar', module: 'promotions', summary: 'Subscribe to promotions; mails the confirmation link', body: SubscriptionSchema,
    answer: v.object({ correo: v.string(), estado: v.literal('pendiente') }), status: 202, session: 'none',
  }),
  confirmSubscription: endpoint({
    method: 'POST', path: '/rest/componente/confirmar', module: 'promotions', summary: 'Follow the subscription confirmation link', body: SubscriptionTokenSchema, answer: SubscriptionStateAnswer, session: 'none',
    errors: { 400: ['subscription.token.invalid'] },
  }),
  unsubscribe: endpoint({
    method: 'POST', path: '/rest/componente/baja', module: 'promotions', summary: 'Unsubscribe from promotions', body: SubscriptionTokenSchema, answer: SubscriptionStateAnswer, session: 'none',
    errors: { 400: ['subscription.token.invalid'] },
  }),
} as const;
