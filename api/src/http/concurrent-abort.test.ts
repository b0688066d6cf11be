import { validationText } from '@rumbo/shared/schemas';
import Fastify from 'fastify';
import { registerErrorHandling } from './error-handler';

describe('issue 45 item 7: a transaction PostgreSQL aborted for a concurrent one', () => {
  it.each(['40P01', '40001'])('issue 45 item 7: SQLSTATE %s (wrapped as drizzle wraps it) is a 409 with its message in each language, not a 500', async (code) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/race', async () => {
      const cause = Object.assign(new Error('deadlock detected'), { code });
      throw Object.assign(new Error('Failed query: insert into "boleto_movimiento" …'), { cause });
    });
    for (const language of ['es-PE', 'en-EN'] as const) {
      const res = await app.inject({ method: 'POST', url: '/race', headers: { 'accept-language': language } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'request.concurrent', message: validationText(language, 'request.concurrent') });
    }
    await app.close();
  });
});
