/**
 * The reservation page is a chunk of its own; step 3 loads it ahead (a module apart from
 * `lazy-pages.ts`, which step 3's own chunk is loaded from: no import cycle).
 */
export const loadReservationPage = () => import(/* webpackChunkName: "reservation" */ './reservation.page');
