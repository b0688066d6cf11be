import { HoldExtensionAnswer, SeatHoldResultAnswer, SeatMapAnswer } from '../schemas/booking.contract';
import { HoldExtensionSchema, SeatHoldSchema, SeatMapRequestSchema } from '../schemas/trips.schema';
import { endpoint } from './endpoint';

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
