/**
 * The seat facts the site and the API share (DECISIONS.md, Seat map; spec §4, §7): the states a
 * seat of a trip is in, and when a hold still counts. Pure (no DOM): the API imports it from
 * `@rumbo/shared/schemas`.
 */

/** Seat state codes: 82 sold, 83 available, 84 held. */
export const SEAT_STATE = { SOLD: 82, AVAILABLE: 83, HELD: 84 } as const;
export type SeatState = (typeof SEAT_STATE)[keyof typeof SEAT_STATE];

type Instant = Date | string | number;
const timeOf = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

/** A hold ending at `expira` still counts at `now` (it ends at that very instant). */
export function holdIsLive(expira: Instant | null | undefined, now: Instant): boolean {
  return expira !== null && expira !== undefined && timeOf(expira) > timeOf(now);
}

/** What the hold rule reads of a seat: its state, the key that holds it and until when. */
export interface SeatHoldState<Key> {
  gestado_asiento: number;
  clave: Key | null;
  expira: Instant | null;
}

/** A seat is held by a purchase while it is in state 84 under that purchase's key and its hold has not ended. */
export function isHeldBy<Key>(seat: SeatHoldState<Key>, key: Key, now: Instant): boolean {
  return seat.gestado_asiento === SEAT_STATE.HELD && seat.clave === key && holdIsLive(seat.expira, now);
}
