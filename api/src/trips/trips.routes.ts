import { endpoints } from '@rumbo/shared/contract';
import { fareCalendarDays, limaToday } from '@rumbo/shared/schemas';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { createAnswerCache, type AnswerCache } from './answer-cache';
import { fareCalendar, listStops, listTerminals, searchTrips } from './trips.queries';

/**
 * A cached answer is the same object for every search it answers (answer-cache.ts): its JSON body
 * is written once and sent as is, not serialized again per request (a day's search is about 20 KB).
 * The same body, type and status Fastify writes for `{ data: answer }`.
 */
const bodies = new WeakMap<object, string>();
function sendAnswer(reply: FastifyReply, answer: object): FastifyReply {
  let body = bodies.get(answer);
  if (body === undefined) {
    body = JSON.stringify({ data: answer });
    bodies.set(answer, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export const tripsRoutes: FastifyPluginAsync<{ db: Database; now: () => Date; answers?: AnswerCache }> = async (app, { db, now, answers = createAnswerCache({ ttlMs: 0 }) }) => {
  route(app, endpoints.terminals, async () => listTerminals(db));

  // Issue 44, search at peak: identical searches share one query and its answer for a moment
  // (answer-cache.ts). The answer depends only on the parsed body (and the clock), which is the key.
  route(app, endpoints.trips, async ({ input: search, reply }) => sendAnswer(reply, await answers.answer('viaje', search, () => searchTrips(db, search, now()))));

  route(app, endpoints.fareCalendar, async ({ input: search, reply }) =>
    sendAnswer(
      reply,
      await answers.answer('calendario', search, () => {
        const at = now();
        const { first, last } = fareCalendarDays(search.fecha, limaToday(at));
        return fareCalendar(db, search, first, last, at);
      }),
    ),
  );

  route(app, endpoints.tripStops, async ({ input: { cviaje, cterminal_origen, cterminal_destino } }) => {
    const stretch = cterminal_origen !== undefined && cterminal_destino !== undefined ? { cterminal_origen, cterminal_destino } : undefined;
    return listStops(db, cviaje, stretch);
  });
};
