// The existing answers a disruption's answers are made of (kept apart to avoid an import cycle).
export { TicketAnswer } from './sales.contract';
export { TripAnswer as TripAnswerOf } from './booking.contract';
