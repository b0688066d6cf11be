import { SALES_CHANNEL, STORAGE_KEYS } from '@rumbo/shared';
import { salesEndpoints, tripsEndpoints } from '@rumbo/shared/contract';
import type { EarlyRequest } from '@rumbo/shared/early';
import { PURCHASE_KEY_PATTERN, RESERVATION_CODE_PATTERN, SALES_WINDOW_DAYS } from '@rumbo/shared/schemas';
import { RESERVATION_ROUTE } from './stored-purchase';

/** A city's code, as the search's schema takes it (`TripSearchFormSchema`). */
const CITY_CODE = '^[A-Z]{3}$';

/**
 * Each stitched purchase page's first `/rest` request (by path, or path pattern; step 2 has none: its
 * address names its trip and its loader asks the seat map on the server, `./renderer`; step 3 has none:
 * its first, the quote, is built from the held seats by its code), which the page starts from its HTML
 * (`@rumbo/shared/early`): the same body this remote then sends, so its client takes that answer.
 */
// The reservation page's address, from where the frame's fill script reads it too.
export { RESERVATION_ROUTE };

export const EARLY_REQUESTS: Readonly<Record<string, EarlyRequest | undefined>> = {
  // Step 1: the day's trips of the outbound leg (`searchTrips`); the return leg (`tramo`) is asked by the page.
  '/pasajes': {
    method: 'POST',
    path: tripsEndpoints.trips.path,
    body: {
      origen: { query: 'origen', upper: true, pattern: CITY_CODE },
      destino: { query: 'destino', upper: true, pattern: CITY_CODE },
      fecha: { query: 'fecha', days: SALES_WINDOW_DAYS },
      cusuario: SALES_CHANNEL.cusuario,
      coficina_venta: SALES_CHANNEL.coficina_venta,
    },
    unless: ['tramo'],
    distinct: ['origen', 'destino'],
  },
  // The reservation (`ReservationStore.load`): its code from the address, read with this browser's
  // purchase key (`purchaseKeyOf`: the purchase in `CRESERVA` if it is this one, else an earlier one's).
  [RESERVATION_ROUTE]: {
    method: 'POST',
    path: salesEndpoints.reservation.path,
    route: RESERVATION_ROUTE,
    body: {
      codigo: { param: 'codigo', upper: true, pattern: RESERVATION_CODE_PATTERN.source },
      clave_bloqueo: {
        first: [
          { stored: STORAGE_KEYS.booking, path: ['clave_bloqueo'], when: { path: ['codigo'], is: '@codigo' }, pattern: PURCHASE_KEY_PATTERN.source },
          { stored: STORAGE_KEYS.knownPurchases, path: ['@codigo'], pattern: PURCHASE_KEY_PATTERN.source },
        ],
      },
    },
  },
};
