/**
 * Step 3 and the reservation page are chunks of their own (steps 1–2 do not carry their forms).
 * The step before each one loads it ahead, once the customer can move on, so the next page
 * shows without waiting for its code.
 */
export const loadPaymentPage = () => import(/* webpackChunkName: "payment" */ './payment/payment.page');
export { loadReservationPage } from './reservation/load-page';
/** After the sale (issue 7): recovery without an account, postponement, sworn declaration. */
export const loadRecoveryPage = () => import(/* webpackChunkName: "recovery" */ './recovery/recovery.page');
export const loadPostponePage = () => import(/* webpackChunkName: "postpone" */ './aftersale/postpone.page');
export const loadDeclarationPage = () => import(/* webpackChunkName: "declaration" */ './aftersale/declaration.page');
/** Issue 35: a disruption's choices (rebook or refund), opened from the mailed link. */
export const loadDisruptionPage = () => import(/* webpackChunkName: "disruption" */ './aftersale/disruption.page');
/** Issue 35: cancel or transfer a ticket alone. */
export const loadChangesPage = () => import(/* webpackChunkName: "changes" */ './aftersale/changes.page');
