/**
 * The booking in progress as this browser keeps it (`CRESERVA`, spec §3), read without the rest of
 * the site's code: step 2's server-rendered frame shows the chosen trip from it before the remote's code
 * has arrived (`./frame-fill`), and the remote reads it the same way.
 */
import type { Trip, TripSearchForm } from '@rumbo/shared/schemas';
import { STORAGE_KEYS, readJson } from '@rumbo/shared/storage';
import type { Leg } from './trips-url';

/**
 * The booking in progress, kept in session storage under `CRESERVA` (spec §3): the search, the
 * chosen outbound trip, the chosen return trip (round trip), which leg the customer is on, and
 * the purchase key of the seat holds.
 */
export interface Reservation {
  search: TripSearchForm;
  ida?: Trip;
  vuelta?: Trip;
  tramo: Leg;
  clave_bloqueo?: string;
  /** The payment code once the held seats became a reservation (step 3). */
  codigo?: string;
}

export function readReservation(storage: Storage = sessionStorage): Reservation | undefined {
  const stored = readJson<Reservation>(storage, STORAGE_KEYS.booking);
  if (!stored || typeof stored !== 'object' || !stored.search || (stored.tramo !== 'ida' && stored.tramo !== 'vuelta')) return undefined;
  return stored;
}

/** The reservation page's address (`routes.tsx`); the frame's fill script reads the code in it too. */
export const RESERVATION_ROUTE = '/pasajes/reserva/:codigo';

/** Whether the booking became the reservation `codigo` (as an address or a customer writes it, any case). */
export function isReservationOf(reservation: Reservation, codigo: string): boolean {
  return Boolean(reservation.codigo) && reservation.codigo === codigo.toUpperCase();
}

/** The trip of the leg the customer is on. */
export function currentTrip(reservation: Reservation): Trip | undefined {
  return reservation.tramo === 'vuelta' ? reservation.vuelta : reservation.ida;
}

/**
 * The purchase key of the reservation `codigo`, when this browser made it: the reservation page
 * (after a reload, or back from the payment provider) reads it with this key.
 */
export function purchaseKeyOf(codigo: string, storage: Storage = sessionStorage): string | undefined {
  const reservation = readReservation(storage);
  if (reservation && isReservationOf(reservation, codigo)) return reservation.clave_bloqueo;
  return knownPurchases(storage)[codigo.toUpperCase()];
}

/** Session storage: purchases this tab opened before the one in `CRESERVA` (code → key). */
export function knownPurchases(storage: Storage): Record<string, string> {
  const known = readJson<Record<string, string>>(storage, STORAGE_KEYS.knownPurchases);
  return known && typeof known === 'object' ? known : {};
}
