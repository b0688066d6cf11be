import { json, stubRest } from '@rumbo/shared/testing';
import { TERMINALS } from './fixtures';

export type Answer = unknown[] | 'fail';

/** Answers the terminals, each search with the next of `answers` (the last one again), and stops; answers the searches' bodies. */
export function tripsApi(answers: Answer[]) {
  const searches: unknown[] = [];
  stubRest(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/rest/terminales') return json(200, { data: TERMINALS });
    if (path === '/rest/viaje') {
      searches.push(await request.clone().json());
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === 'fail') throw new TypeError('Failed to fetch');
      return json(200, { data: answer });
    }
    if (path === '/rest/viaje/escalas') return json(200, { data: [{ orden: 1, cciudad: 9, ciudad: 'Nasca', llegada: '2026-11-28T06:15:00Z' }] });
    return json(404, { message: 'not found' });
  });
  return searches;
}
