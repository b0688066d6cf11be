import { STORAGE_KEYS, heldSeats, type HeldSeat } from '@rumbo/shared';
import type { TripSearchForm } from '@rumbo/shared/schemas';
import { currentTrip, knownPurchases, purchaseKeyOf, readReservation, type Reservation } from './stored-purchase';
import type { Leg } from './trips-url';

export type { Leg, Reservation };
export { currentTrip, purchaseKeyOf, readReservation };


export function writeReservation(reservation: Reservation, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEYS.booking, JSON.stringify(reservation));
}


/**
 * Session storage: purchases this tab opened before the one in `CRESERVA` (code → key), so a
 * postponement's fare difference or a second recovery does not lock the customer out of the first.
 */
export const KNOWN_PURCHASES_KEY = STORAGE_KEYS.knownPurchases;

/** Keeps the code and key of the purchase in `CRESERVA`, if it became a reservation, among the known ones. */
export function archivePurchase(storage: Storage = sessionStorage): void {
  const current = readReservation(storage);
  if (current?.codigo && current.clave_bloqueo) {
    storage.setItem(KNOWN_PURCHASES_KEY, JSON.stringify({ ...knownPurchases(storage), [current.codigo]: current.clave_bloqueo }));
  }
}

/**
 * "Start a new purchase" after a reservation (spec §1: a reservation only waits for its payment):
 * the reserved purchase's code and key stay reachable among the known ones, every seat this tab
 * still holds is released (`release`, state 83) and `ASIENTOS` cleared, and the booking keeps its
 * search and trips but no code and no key, so the next hold opens a new purchase.
 */
export async function startNewPurchase(release: (seat: HeldSeat) => Promise<unknown>, storage: Storage = sessionStorage): Promise<Reservation | undefined> {
  const current = readReservation(storage);
  archivePurchase(storage);
  await releaseHeldSeats(release, storage);
  if (!current) return undefined;
  const fresh: Reservation = { search: current.search, tramo: 'ida', ...(current.ida ? { ida: current.ida } : {}), ...(current.vuelta ? { vuelta: current.vuelta } : {}) };
  writeReservation(fresh, storage);
  return fresh;
}

/**
 * Spec §4, every path that frees this tab's seats: state 83 sent for every held seat (with its own
 * key), then the list cleared, of those seats only (a hold made meanwhile stays listed). A release
 * that fails is not retried: the hold ends by itself.
 */
export async function releaseHeldSeats(release: (seat: HeldSeat) => Promise<unknown>, storage: Storage = sessionStorage): Promise<void> {
  const seats = heldSeats(storage);
  await Promise.all(seats.map((seat) => release(seat).catch(() => undefined)));
  writeHeldSeats(heldSeats(storage).filter((seat) => !seats.some((own) => sameSeat(own, seat))), storage);
}

/** Every purchase this tab can open (code → key): the known ones and the one in `CRESERVA`. */
export function openablePurchases(storage: Storage = sessionStorage): Record<string, string> {
  const current = readReservation(storage);
  return { ...knownPurchases(storage), ...(current?.codigo && current.clave_bloqueo ? { [current.codigo]: current.clave_bloqueo } : {}) };
}


/**
 * Keeps a purchase's code and a key that opens it (the access key of a recovery, or the new key
 * of a postponement's fare difference) exactly as step 3 keeps a reservation it made, so the
 * reservation page reads it. It replaces the booking in progress of this tab in `CRESERVA`; its
 * held seats are `openPurchase`'s to release.
 */
export function rememberPurchase(codigo: string, clave_bloqueo: string, storage: Storage = sessionStorage): void {
  const current = readReservation(storage);
  if (current?.codigo !== codigo.toUpperCase()) archivePurchase(storage);
  const search = { origen: '', destino: '', fecha: '', pasajeros: 1 } as TripSearchForm;
  writeReservation({ search, tramo: 'ida', clave_bloqueo, codigo: codigo.toUpperCase() }, storage);
}

/**
 * Opens a purchase in this tab (a recovery, a postponement's fare difference): the booking in
 * progress it replaces frees its seats first (`releaseHeldSeats`: 83 for each, then the list
 * cleared), else they stay held up to their hold's end; then the purchase is kept (`rememberPurchase`).
 */
export async function openPurchase(codigo: string, clave_bloqueo: string, release: (seat: HeldSeat) => Promise<unknown>, storage: Storage = sessionStorage): Promise<void> {
  await releaseHeldSeats(release, storage);
  rememberPurchase(codigo, clave_bloqueo, storage);
}

/** The payment code of a ticket number (`ABCD2345-1` → `ABCD2345`). */
export function codeOfTicket(numero: string): string {
  return numero.trim().toUpperCase().replace(/-\d+$/, '');
}

/**
 * What proves a ticket is the caller's: the code and key of its purchase when this browser holds
 * them; else, signed in, nothing (the API client sends the session); else the purchase this tab
 * keeps (it reaches the tickets its postponements issued).
 */
export function ticketAccess(numero: string, storage: Storage = sessionStorage, signedIn = false): { numero: string; codigo?: string; clave_bloqueo?: string } {
  const codigo = codeOfTicket(numero);
  const clave = purchaseKeyOf(codigo, storage);
  if (clave) return { numero, codigo, clave_bloqueo: clave };
  if (signedIn) return { numero };
  // A guest reaches a ticket issued by a postponement with the original sale's code and key.
  const stored = readReservation(storage);
  return stored?.codigo && stored.clave_bloqueo ? { numero, codigo: stored.codigo, clave_bloqueo: stored.clave_bloqueo } : { numero };
}

/**
 * A storage under its own prefix: the postponement holds its new seat with a new purchase key,
 * through the same step 1–2 stores, without touching the booking in progress.
 */
export function scopedStorage(prefix: string, base: Storage = globalThis.sessionStorage): Storage {
  const own = () => {
    const keys: string[] = [];
    for (let i = 0; i < base.length; i++) {
      const key = base.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  };
  return {
    get length() {
      return own().length;
    },
    key: (index: number) => own()[index]?.slice(prefix.length) ?? null,
    getItem: (key: string) => base.getItem(prefix + key),
    setItem: (key: string, value: string) => base.setItem(prefix + key, value),
    removeItem: (key: string) => base.removeItem(prefix + key),
    clear: () => {
      for (const key of own()) base.removeItem(key);
    },
  };
}

/** The same hold: the same seat of the same trip under the same key. */
export const sameSeat = (a: HeldSeat, b: HeldSeat) => a.cviaje === b.cviaje && a.nasiento === b.nasiento && a.clave_bloqueo === b.clave_bloqueo;

export function writeHeldSeats(seats: readonly HeldSeat[], storage: Storage = sessionStorage): void {
  if (seats.length === 0) storage.removeItem(STORAGE_KEYS.seats);
  else storage.setItem(STORAGE_KEYS.seats, JSON.stringify(seats));
}

export { heldSeats };

/** When the first of these holds ends (ms since the epoch), if any. */
export function holdsExpireAt(held: readonly HeldSeat[]): number | undefined {
  const times = held.map((seat) => Date.parse(seat.expira)).filter((time) => !Number.isNaN(time));
  return times.length ? Math.min(...times) : undefined;
}

/** Whole seconds from `now` until `at` (never negative); undefined without an `at`. */
export function secondsUntil(at: number | undefined, now: number): number | undefined {
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

