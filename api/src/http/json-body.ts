import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as usual (with Fastify's prototype-poisoning protection), except that an empty
 * body reads as `undefined` instead of failing: the spec's `POST /rest/user/editar` carries only
 * a bearer token, and browser clients still send `Content-Type: application/json` with it.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
