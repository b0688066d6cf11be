import type { FastifyInstance } from 'fastify';
import { ACCOUNT_RATE_LIMITS } from './accounts.routes';
import { createTestApp } from '../test/app';
import { setupAccountFlows, SITE } from '../test/account-flows';

const flows = setupAccountFlows();
const { api, post } = flows;

describe('rate limits', () => {
  let limited: FastifyInstance;

  beforeAll(async () => {
    limited = await createTestApp(api.db, {
      siteUrl: SITE,
      accountRateLimits: { ...ACCOUNT_RATE_LIMITS, signIn: { max: 6, timeWindow: 60_000 }, signInPerEmail: { max: 3, timeWindow: 60_000 }, mailsPerEmail: { max: 2, timeWindow: 60_000 } },
    });
  });

  afterAll(() => limited.close());

  it('limits password sign-ins per e-mail with a translated 429', async () => {
    const correo = `limite.${Date.now()}@example.pe`;
    for (let i = 0; i < 3; i += 1) expect((await post('/rest/login/verificar', { correo, clave: 'x' }, {}, limited)).statusCode).toBe(400);
    const es = await post('/rest/login/verificar', { correo, clave: 'x' }, {}, limited);
    expect(es.statusCode).toBe(429);
    expect(es.json()).toEqual({ message: 'Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.', code: 'request.tooMany' });
    expect(es.headers['retry-after']).toBeDefined();
    const en = await post('/rest/login/verificar', { correo, clave: 'x' }, { 'accept-language': 'en-EN' }, limited);
    expect(en.json().message).toBe('Too many requests. Please try again in a few minutes.');
  });

  it('limits sign-ins per address across e-mails', async () => {
    // Six per window from one address; the previous test used five of them.
    const other = () => ({ correo: `otro.${Math.random()}@example.pe`, clave: 'x' });
    expect((await post('/rest/login/verificar', other(), {}, limited)).statusCode).toBe(400);
    expect((await post('/rest/login/verificar', other(), {}, limited)).statusCode).toBe(429);
  });

  it('limits code and reset mails per e-mail', async () => {
    const email = `codigos.${Date.now()}@example.pe`;
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/otp/request', { email, key: '4' }, {}, limited)).statusCode).toBe(429);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(202);
    expect((await post('/rest/usuario/recuperar', { correo: email }, {}, limited)).statusCode).toBe(429);
  });
});
