import * as v from 'valibot';
import { FareDayAnswer, TerminalAnswer, TripAnswer, TripStopAnswer } from '../schemas/booking.contract';
import { TripSearchSchema, TripStopsSchema } from '../schemas/trips.schema';
import { endpoint } from './endpoint';

export const tripsEndpoints = {
  terminals: endpoint({ method: 'POST', path: '/rest/terminales', module: 'trips', summary: 'The terminals with their cities', answer: v.array(TerminalAnswer), session: 'none' }),
  trips: endpoint({ method: 'POST', path: '/rest/viaje', module: 'trips', summary: 'The departures between two cities on a date', body: TripSearchSchema, answer: v.array(TripAnswer), session: 'none' }),
  fareCalendar: endpoint({ method: 'POST', path: '/rest/viaje/calendario', module: 'trips', summary: 'The lowest fare of each day around a date, between two cities', body: TripSearchSchema, answer: v.array(FareDayAnswer), session: 'none' }),
  tripStops: endpoint({ method: 'POST', path: '/rest/viaje/escalas', module: 'trips', summary: "A trip's intermediate stops", body: TripStopsSchema, answer: v.array(TripStopAnswer), session: 'none' }),
} as const;
