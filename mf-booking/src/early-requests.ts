import { SALES_CHANNEL } from '@rumbo/shared';
import { tripsEndpoints } from '@rumbo/shared/contract';
import type { EarlyRequest } from '@rumbo/shared/early';

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
      origen: { query: 'origen', upper: true },
      destino: { query: 'destino', upper: true },
      fecha: { query: 'fecha' },
      cusuario: SALES_CHANNEL.cusuario,
      coficina_venta: SALES_CHANNEL.coficina_venta,
    },
    unless: ['tramo'],
  },
};
