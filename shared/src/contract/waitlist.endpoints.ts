import { OperatorWaitlistAnswer, WaitlistJoinSchema, WaitlistOfferAnswer, WaitlistPlaceAnswer, WaitlistPlaceSchema } from '../schemas/waitlist.schema';
import { endpoint } from './endpoint';

const owner = 'waitlist';

/**
 * Issue 48, the waitlist of a sold-out trip ("Agotado" on step 1): join for N seats of one stretch,
 * leave, and open the seats held for one's place (the mailed link); the operators' demand per departure.
 */
export const waitlistEndpoints = {
  waitlistJoin: endpoint({
    method: 'POST', path: '/rest/espera', module: owner, summary: "Join a sold-out trip's waitlist for N seats of one stretch (signed in, or a guest with an e-mail)",
    body: WaitlistJoinSchema, answer: WaitlistPlaceAnswer, session: 'optional', noStore: true,
    errors: { 400: ['waitlist.email.invalid', 'waitlist.asientos.invalid'], 404: ['request.notFound'], 409: ['trip.closed', 'waitlist.notSoldOut', 'waitlist.limit', 'waitlist.already'] },
  }),
  waitlistLeave: endpoint({
    method: 'POST', path: '/rest/espera/baja', module: owner, summary: 'Leave the waitlist (the place and its token, from the answer to joining or the mails); seats held for it are let go',
    body: WaitlistPlaceSchema, answer: WaitlistPlaceAnswer, session: 'none', noStore: true,
    errors: { 404: ['waitlist.notFound'] },
  }),
  waitlistOffer: endpoint({
    method: 'POST', path: '/rest/espera/oferta', module: owner, summary: "The seats held for a place (the offer's mailed link): step 2 opens with them under the offer's purchase key",
    body: WaitlistPlaceSchema, answer: WaitlistOfferAnswer, session: 'none', noStore: true,
    errors: { 404: ['waitlist.notFound'], 409: ['waitlist.offer.expired'] },
  }),
  operatorWaitlist: endpoint({
    method: 'GET', path: '/rest/operador/espera', module: owner, summary: 'Departures with customers waiting: places, seats wanted and offers out (the demand for an extra departure)',
    answer: OperatorWaitlistAnswer, session: 'operator', noStore: true,
  }),
} as const;
