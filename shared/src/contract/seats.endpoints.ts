import { HoldExtensionAnswer, SeatHoldResultAnswer, SeatMapAnswer } from '../schemas/booking.contract';
import { HoldExtensionSchema, SeatHoldSchema, SeatMapRequestSchema } from '../schemas/trips.schema';
import { endpoint } from './endpoint';

/**
 * The header a browser sends with its seat holds: a random id it keeps (`STORAGE_KEYS.device`), so
 * customers behind one address with the same browser are told apart for the per-device bound and
 * never free each other's holds (issue 45 item 5); its form is `DEVICE_ID_PATTERN` (`../constants`). It
 * proves nothing: a client that changes it still meets the bound of its address.
 */
export const DEVICE_HEADER = 'x-dispositivo';

export const seatsEndpoints = {
  seatMap: endpoint({ method: 'POST', path: '/rest/maqueta', module: 'seats', summary: "A trip's seat map with prices", body: SeatMapRequestSchema, answer: SeatMapAnswer, session: 'none', errors: { 404: ['request.notFound'] } }),
  seatHold: endpoint({
    method: 'POST', path: '/rest/asiento/bloquear', module: 'seats', summary: 'Hold or release a seat', body: SeatHoldSchema, answer: SeatHoldResultAnswer, session: 'none',
    errors: { 400: ['request.invalid', 'seat.notHeld'], 404: ['request.notFound'], 409: ['seat.taken', 'seat.notHeld', 'seat.limit', 'seat.clientLimit', 'hold.extensionLimit', 'trip.closed'] },
  }),
  holdExtension: endpoint({
    method: 'POST', path: '/rest/asiento/extender', module: 'seats', summary: "Extend a purchase's seat holds", body: HoldExtensionSchema, answer: HoldExtensionAnswer, session: 'none',
    errors: { 409: ['hold.none', 'hold.extensionLimit'] },
  }),
} as const;
