import { endpoints } from '@rumbo/shared/contract';
import { addDays, type Trip } from '@rumbo/shared/schemas';
import { answer, stubEndpoints } from '@rumbo/shared/testing';
import { TERMINALS } from './fixtures';

export type Answer = Trip[] | 'fail';

/** Answers the terminals, each search with the next of `answers` (the last one again), and stops; answers the searches' bodies. */
export function tripsApi(answers: Answer[]) {
  const searches: unknown[] = [];
  stubEndpoints(
    answer(endpoints.terminals, TERMINALS),
    answer(endpoints.trips, (_request, body) => {
      searches.push(body);
      const trips = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (trips === 'fail') throw new TypeError('Failed to fetch');
      return trips;
    }),
    answer(endpoints.tripStops, [{ orden: 1, cciudad: 9, ciudad: 'Nasca', llegada: '2026-11-28T06:15:00Z' }]),
    // The fare calendar: the day searched and the day after at S/ 90, the day before with no seat.
    answer(endpoints.fareCalendar, (_request, body) => {
      const fecha = (body as { fecha: string }).fecha;
      return [
        { fecha: addDays(fecha, -1), desde: null, viajes: 0 },
        { fecha, desde: 90, viajes: 2 },
        { fecha: addDays(fecha, 1), desde: 90, viajes: 1 },
      ];
    }),
  );
  return searches;
}
