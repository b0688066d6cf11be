import { SALES_CHANNEL } from '@rumbo/shared';
import { tripsEndpoints } from '@rumbo/shared/contract';
import type { EarlyRequest } from '@rumbo/shared/early';
import { SALES_WINDOW_DAYS } from '@rumbo/shared/schemas';

/** A city's code, as the search's schema takes it (`TripSearchFormSchema`). */
const CITY_CODE = '^[A-Z]{3}$';

/**
 * Each stitched purchase page's first `/rest` request, which the page starts from its HTML
 * (`@rumbo/shared/early`): the same body this remote then sends, so its client takes that answer.
 */
export const EARLY_REQUESTS: Record<'/pasajes', EarlyRequest> = {
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
};
