import { endpoints } from '@rumbo/shared/contract';
import type { Trip } from '@rumbo/shared/schemas';
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
  );
  return searches;
}
