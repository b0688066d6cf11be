import { ApiError, type ApiClient } from './api';
import { SALES_CHANNEL, SEAT_STATE } from './constants';
import { POSTPONE_STORAGE_PREFIX, STORAGE_KEYS, heldSeats, readJson, type HeldSeat } from './storage';

// Read without the rest of the site's code (a server-rendered frame's fill script reads them): in ./storage.
export { heldSeats, type HeldSeat };

/** What `endGuestPurchase` waits between tries of a release that got no answer. */
export interface ReleaseOptions {
  /** Wait before the second try; the third waits twice as long. */
  retryDelayMs?: number;
  /** Tries per seat. */
  attempts?: number;
}

/**
 * Releases one hold (state 83); ky tries again when no answer came (network, timeout, 5xx). A
 * refusal (4xx: the seat is no longer this purchase's) settles it too. Answers whether it is settled.
 */
async function release(api: ApiClient, seat: HeldSeat, { retryDelayMs = 500, attempts = 3 }: ReleaseOptions): Promise<boolean> {
  const body = { ...seat, gestado_asiento: SEAT_STATE.AVAILABLE, susuario: SALES_CHANNEL.susuario, cusuario: SALES_CHANNEL.cusuario };
  const retry = { limit: attempts - 1, methods: ['post' as const], retryOnTimeout: true, delay: (attempt: number) => retryDelayMs * attempt };
  try {
    return (await api.post('/rest/asiento/bloquear', body, { retry })) !== undefined;
  } catch (error) {
    return error instanceof ApiError && error.status < 500;
  }
}

function allKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** The session-storage keys under which this browser keeps holds: the purchase's and each scope's (`POSTERGAR:ASIENTOS`). */
function holdKeys(storage: Storage): string[] {
  return allKeys(storage).filter((key) => key === STORAGE_KEYS.seats || (key.startsWith(POSTPONE_STORAGE_PREFIX) && key.endsWith(STORAGE_KEYS.seats)));
}

/**
 * The logo's "logout helper" (DECISIONS.md): releases every seat this browser holds (state 83) —
 * the purchase's (`ASIENTOS`) and the postponement's (`POSTERGAR:*`) — retrying a release that
 * got no answer; then clears the purchase (`CRESERVA`), the purchases this tab knew
 * (`CRESERVA_ANTERIORES`) and the postponement's keys. A hold whose release was never confirmed
 * stays listed in `ASIENTOS` (it lapses by itself; the next choice of trip releases it). A
 * signed-in customer stays signed in.
 */
export async function endGuestPurchase(api: ApiClient, storage: Storage = sessionStorage, options: ReleaseOptions = {}): Promise<void> {
  const keys = holdKeys(storage);
  const seats = keys.flatMap((key) => {
    const list = readJson<unknown>(storage, key);
    return Array.isArray(list) ? (list as HeldSeat[]) : [];
  });
  storage.removeItem(STORAGE_KEYS.booking);
  storage.removeItem(STORAGE_KEYS.knownPurchases);
  for (const key of allKeys(storage)) if (key.startsWith(POSTPONE_STORAGE_PREFIX)) storage.removeItem(key);
  const settled = await Promise.all(seats.map((seat) => release(api, seat, options)));
  // Read again: a purchase started meanwhile (the customer is home already) keeps its own holds.
  const same = (a: HeldSeat, b: HeldSeat) => a.cviaje === b.cviaje && a.nasiento === b.nasiento && a.clave_bloqueo === b.clave_bloqueo;
  const released = seats.filter((_, i) => settled[i]);
  const unconfirmed = seats.filter((_, i) => !settled[i]);
  const now = heldSeats(storage).filter((seat) => !seats.some((own) => same(own, seat)));
  const left = [...now, ...unconfirmed.filter((seat) => !released.some((own) => same(own, seat)))];
  if (left.length) storage.setItem(STORAGE_KEYS.seats, JSON.stringify(left));
  else storage.removeItem(STORAGE_KEYS.seats);
}

/**
 * Where the home page (mf-content) places mf-booking's trip search (`mf_booking/search`) in its
 * first screen: an empty `<div data-parcel-slot="trip-search">` that the site server fills with
 * the search form as mf-booking's live version renders it (its renderer's `renderPart`), and the
 * parcel then hydrates. `labelledBy` is the home section's heading, the one prop the page
 * mounts the parcel with there, so the form is rendered with it.
 */
export const TRIP_SEARCH_SLOT = { id: 'trip-search', labelledBy: 'search-widget-title' } as const;

/**
 * A destination page's slot for the trip search with its destination preset: keyed by the city's
 * code (`data-slot-key`); the site server asks mf-booking's renderer for the part with that
 * city's terminal (`renderPart`, its props).
 */
export const TRIP_SEARCH_TO_SLOT = { id: 'trip-search-to', labelledBy: TRIP_SEARCH_SLOT.labelledBy, keyedBy: 'codigo' } as const;

