import * as v from 'valibot';
import { HoldExtensionAnswer, SeatHoldResultAnswer, SeatMapAnswer, TerminalAnswer, TripAnswer, TripStopAnswer } from '../schemas/booking.contract';
import { DocumentSchema, MinorGuardianSchema, PassengerSchema, SeatPassengerSchema } from '../schemas/sales.schema';
import { HoldExtensionSchema, SeatHoldSchema, SeatMapRequestSchema, TripSearchSchema, TripStopsSchema } from '../schemas/trips.schema';
import { endpoint } from './endpoint';

/** `POST /rest/persona/buscar`: whether a document is known, and only the given names. */
export const PersonFoundAnswer = v.variant('encontrado', [v.object({ encontrado: v.literal(false) }), v.object({ encontrado: v.literal(true), nombres: v.string() })]);
export type PersonFound = v.InferOutput<typeof PersonFoundAnswer>;

/** Trips, seats and the passengers of held seats: the booking's steps 1 to 3. */
export const bookingEndpoints = {
  terminals: endpoint({ method: 'POST', path: '/rest/terminales', module: 'trips', summary: 'The terminals with their cities', answer: v.array(TerminalAnswer), session: 'none' }),
  trips: endpoint({ method: 'POST', path: '/rest/viaje', module: 'trips', summary: 'The departures between two cities on a date', body: TripSearchSchema, answer: v.array(TripAnswer), session: 'none' }),
  tripStops: endpoint({ method: 'POST', path: '/rest/viaje/escalas', module: 'trips', summary: "A trip's intermediate stops", body: TripStopsSchema, answer: v.array(TripStopAnswer), session: 'none' }),
  seatMap: endpoint({ method: 'POST', path: '/rest/maqueta', module: 'seats', summary: "A trip's seat map with prices", body: SeatMapRequestSchema, answer: SeatMapAnswer, session: 'none', errors: { 404: ['request.notFound'] } }),
  seatHold: endpoint({
    method: 'POST', path: '/rest/asiento/bloquear', module: 'seats', summary: 'Hold or release a seat', body: SeatHoldSchema, answer: SeatHoldResultAnswer, session: 'none',
    errors: { 400: ['request.invalid', 'seat.notHeld'], 404: ['request.notFound'], 409: ['seat.taken', 'seat.notHeld', 'seat.limit', 'seat.clientLimit', 'trip.closed'] },
  }),
  holdExtension: endpoint({
    method: 'POST', path: '/rest/asiento/extender', module: 'seats', summary: "Extend a purchase's seat holds", body: HoldExtensionSchema, answer: HoldExtensionAnswer, session: 'none',
    errors: { 409: ['hold.none', 'hold.extensionLimit'] },
  }),
  personFound: endpoint({ method: 'POST', path: '/rest/persona/buscar', module: 'people', summary: 'Whether a document is known (given names only)', body: DocumentSchema, answer: PersonFoundAnswer, session: 'none' }),
  person: endpoint({
    method: 'POST', path: '/rest/persona/registrar', module: 'people', summary: 'Record a passenger (a known document keeps its record)', body: PassengerSchema,
    answer: v.object({ cpersona: v.optional(v.number()) }), status: 201, session: 'none',
  }),
  seatPassenger: endpoint({
    method: 'POST', path: '/rest/asiento/asociar', module: 'people', summary: 'The passenger of a held seat', body: SeatPassengerSchema, answer: v.object({ cviaje_asiento: v.number(), menor: v.boolean() }), session: 'none',
    errors: { 409: ['seat.notHeld'] },
  }),
  minorGuardian: endpoint({
    method: 'POST', path: '/rest/asiento/menor', module: 'people', summary: "A minor's adult companion", body: MinorGuardianSchema,
    answer: v.object({ casiento: v.number(), casiento_responsable: v.number(), parentesco: v.string() }), session: 'none',
    errors: { 400: ['request.invalid', 'sale.responsable.adult'], 409: ['seat.notHeld'] },
  }),
} as const;
