import { HoldExtensionAnswer, SeatHoldResultAnswer, SeatMapAnswer } from '../schemas/booking.contract';
import { SeatBlockAnswer, SeatBlockReleaseSchema, SeatBlockSchema, SeatBlocksAnswer } from '../schemas/seat-block.schema';
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
  // Operators' seat blocks (group and counter sales): taken for everyone else until released or the bus leaves.
  operatorSeatBlock: endpoint({
    method: 'POST', path: '/rest/operador/bloqueo', module: 'seats', summary: "Set aside N seats of a departure (the lowest numbers free over its whole route) for a group or counter sale",
    body: SeatBlockSchema, answer: SeatBlockAnswer, session: 'operator', noStore: true,
    errors: { 400: ['request.invalid', 'seatBlock.asientos.invalid', 'seatBlock.motivo.invalid'], 404: ['request.notFound'], 409: ['trip.closed', 'seatBlock.notEnough', 'seat.taken'] },
  }),
  operatorSeatBlockRelease: endpoint({
    method: 'POST', path: '/rest/operador/bloqueo/liberar', module: 'seats', summary: "Give a block's seats back to the store (the waitlist's first in line is offered them); releasing twice changes nothing",
    body: SeatBlockReleaseSchema, answer: SeatBlockAnswer, session: 'operator', noStore: true,
    errors: { 400: ['request.invalid'], 404: ['seatBlock.notFound'] },
  }),
  operatorSeatBlocks: endpoint({
    method: 'GET', path: '/rest/operador/bloqueos', module: 'seats', summary: 'Seat blocks of departures not yet left, newest first',
    answer: SeatBlocksAnswer, session: 'operator', noStore: true,
  }),
} as const;
