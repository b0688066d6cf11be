/**
 * Step 3 and the reservation page are chunks of their own (steps 1–2 do not carry their forms).
 * The step before each one loads it ahead, once the customer can move on, so the next page
 * shows without waiting for its code.
 */
export const loadPaymentPage = () => import(/* webpackChunkName: "payment" */ './payment/payment.page');
export const loadReservationPage = () => import(/* webpackChunkName: "reservation" */ './reservation/reservation.page');
