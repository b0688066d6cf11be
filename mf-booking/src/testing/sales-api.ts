import { json, stubRest } from '@rumbo/shared/testing';

export type Answer = Response | ((body: Record<string, unknown>) => Response);

/**
 * A fake `/rest` API for steps 3 and the reservation page: `answers` by path (a response, or a
 * function of the request's JSON body); unknown paths answer 404. Returns the calls, in order.
 */
export function fakeApi(answers: Record<string, Answer>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  stubRest(async (request) => {
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' ? {} : ((await request.clone().json().catch(() => ({}))) as Record<string, unknown>);
    calls.push({ path, body });
    const answer = answers[path];
    if (!answer) return json(404, { message: 'not found', code: 'request.notFound' });
    return typeof answer === 'function' ? answer(body) : answer.clone();
  });
  return {
    calls,
    to: (path: string) => calls.filter((call) => call.path === path).map((call) => call.body),
  };
}
