import { STORAGE_KEYS } from '@rumbo/shared';
import { salesEndpoints } from '@rumbo/shared/contract';
import type { EarlyRequest } from '@rumbo/shared/early';
import { PURCHASE_KEY_PATTERN, RESERVATION_CODE_PATTERN } from '@rumbo/shared/schemas';
import { RESERVATION_ROUTE } from './stored-purchase';

/**
 * The purchase pages' first `/rest` request that needs what only this browser keeps (by path
 * pattern): the reservation's, read with this browser's purchase key. Steps 1 and 2 have none
 * (their addresses name their search and trip, their loaders ask on the server, `./renderer`);
 * step 3 has none (its first, the quote, is built from the held seats by its code). The page
 * starts it from its HTML (`@rumbo/shared/early`): the same body this remote then sends, so its
 * client takes that answer.
 */
// The reservation page's address, from where the frame's fill script reads it too.
export { RESERVATION_ROUTE };

export const EARLY_REQUESTS: Readonly<Record<string, EarlyRequest | undefined>> = {
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
