import type { FastifyInstance } from 'fastify';
import { createTestApp, setupTestApp } from '../test/app';

const api = setupTestApp({ corsOrigins: ['http://localhost:3000'] });

describe('security headers', () => {
  it('are on every answer', async () => {
    const res = await api.app.inject('/rest/iata');
    expect(res.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringContaining('max-age='),
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CORS', () => {
  it('lets configured origins read answers with credentials', async () => {
    const res = await api.app.inject({ url: '/rest/iata', headers: { origin: 'http://localhost:3000' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers preflights of configured origins', async () => {
    const res = await api.app.inject({
      method: 'OPTIONS',
      url: '/rest/reclamacion/registro',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('does not let other origins read answers', async () => {
    const res = await api.app.inject({ url: '/rest/iata', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors', () => {
  it('unknown paths → 404 in the caller\'s language', async () => {
    const es = await api.app.inject('/rest/no-existe');
    expect(es.statusCode).toBe(404);
    expect(es.json()).toEqual({ message: 'No encontramos lo que busca', code: 'request.notFound' });
    const en = await api.app.inject({ url: '/rest/no-existe', headers: { 'accept-language': 'en-EN' } });
    expect(en.json()).toEqual({ message: 'We could not find what you are looking for', code: 'request.notFound' });
  });

  it('a body of another type → 415 with a translated message, not 500', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/rest/reclamacion/registro',
      headers: { 'content-type': 'application/xml' },
      payload: '<reclamo/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'La solicitud no es válida', code: 'request.invalid' });
  });

  it('a body over the limit → 413 with a translated message', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/rest/user/editar',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ detalle: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('request.invalid');
  });

  it('prototype poisoning in JSON → 400', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/rest/user/editar',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limit on writes', () => {
  let limited: FastifyInstance;

  beforeAll(async () => {
    limited = await createTestApp(api.db, { writeRateLimit: { max: 2, timeWindow: 60_000 } });
  });

  afterAll(() => limited.close());

  it('answers 429 with a translated message past the limit', async () => {
    const post = (language: string) =>
      limited.inject({
        method: 'POST',
        url: '/rest/reclamacion/registro',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        payload: '{}',
      });
    expect((await post('es-PE')).statusCode).toBe(400);
    expect((await post('es-PE')).statusCode).toBe(400);

    const es = await post('es-PE');
    expect(es.statusCode).toBe(429);
    expect(es.json()).toEqual({ message: 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.', code: 'request.tooMany' });
    expect(es.headers['retry-after']).toBeDefined();

    const en = await post('en-EN');
    expect(en.statusCode).toBe(429);
    expect(en.json()).toEqual({ message: 'Too many requests. Please try again in a few minutes.', code: 'request.tooMany' });
  });

  it('does not limit reads', async () => {
    for (let i = 0; i < 5; i += 1) expect((await limited.inject('/rest/iata')).statusCode).toBe(200);
  });
});
