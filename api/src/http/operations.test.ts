import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/rows';
import { createPaymentProviders } from '../payments';
import { createTestApp, postJson, setupTestApp } from '../test/app';
import { cipPaidNotice, notifySafetyPay, safetyPayNotice } from '../test/purchase';
import { loggerOptions } from './logging';
import { Metrics } from './metrics';
import { connectRateLimitRedis } from './rate-limit';

/** What an operator reads: readiness and liveness, /metrics, and the JSON logs without personal data. */
const api = setupTestApp();
const TOKEN = 'scraper-token-0123456789';
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function app(options: Parameters<typeof createTestApp>[1]) {
  const built = await createTestApp(api.db, options);
  apps.push(built);
  return built;
}

describe('health', () => {
  it('readiness answers ok with the database migrated; liveness touches nothing', async () => {
    const res = await api.app.inject({ url: '/rest/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await api.app.inject({ url: '/rest/health/live' })).json()).toEqual({ data: { status: 'ok' } });
  });

  it('readiness fails (503, saying what) while shutting down or with a migration not applied', async () => {
    let draining = false;
    const drained = await app({ draining: () => draining });
    expect((await drained.inject({ url: '/rest/health' })).statusCode).toBe(200);
    draining = true;
    const res = await drained.inject({ url: '/rest/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.status).toBe('draining');
    // Answers close their connection while draining.
    expect((await drained.inject({ url: '/rest/health/live' })).headers.connection).toBe('close');

    const [last] = await queryRows<{ id: number; created_at: string }>(api.db, sql`select id, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await api.db.execute(sql`update drizzle.__drizzle_migrations set created_at = 1 where id = ${last!.id}`);
    try {
      const stale = await api.app.inject({ url: '/rest/health' });
      expect(stale.statusCode).toBe(503);
      expect(stale.json().data.checks).toEqual(['migrations: not ready']);
    } finally {
      await api.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${last!.created_at}::bigint where id = ${last!.id}`);
    }
  });
});

describe('Redis down', () => {
  // Issue 32 item 1: the balancer checks readiness; with Redis in it, losing Redis took every
  // instance out at once although each keeps selling (the limits fall back to its memory).
  it('keeps readiness green (the instance can sell) and shows on its own check, the fallback metric and the log', async () => {
    const warnings: string[] = [];
    const redis = connectRateLimitRedis('redis://127.0.0.1:1', { warn: (message: string) => warnings.push(message), info: () => undefined });
    try {
      const metrics = new Metrics(api.db);
      const noRedis = await app({ redis, metrics, metricsToken: TOKEN, lookupRateLimit: { max: 5, timeWindow: 60_000 } });
      const ready = await noRedis.inject({ url: '/rest/health' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ data: { status: 'ok' } });

      const own = await noRedis.inject({ url: '/rest/health/redis' });
      expect(own.statusCode).toBe(503);
      expect(own.headers['cache-control']).toBe('no-store');
      expect(own.json().data).toEqual({ status: 'unavailable', checks: [expect.stringMatching(/^redis: /)] });

      // A limited call still answers, counted in this process: the fallback metric says so.
      expect((await postJson(noRedis, '/rest/carga/seguimiento', { codigo: 'RA-100000' })).statusCode).not.toBe(500);
      const scraped = (await noRedis.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(scraped).toMatch(/rumbo_rate_limit_redis_fallbacks_total [1-9]/);
      for (let i = 0; i < 40 && warnings.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.join('\n')).toMatch(/Redis unreachable/);
    } finally {
      redis.disconnect();
    }
  });

  it('its own check answers ok when Redis answers, and when none is configured (one instance counts in memory)', async () => {
    expect((await api.app.inject({ url: '/rest/health/redis' })).json()).toEqual({ data: { status: 'ok' } });
    if (!process.env.REDIS_URL) return;
    const redis = connectRateLimitRedis(process.env.REDIS_URL, { warn: () => undefined, info: () => undefined });
    try {
      const withRedis = await app({ redis });
      await new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));
      const res = await withRedis.inject({ url: '/rest/health/redis' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { status: 'ok' } });
    } finally {
      redis.disconnect();
    }
  });
});

describe('/metrics', () => {
  it('is there only for the scraper with the token: route latencies, the store figures, limit refusals', async () => {
    const metrics = new Metrics(api.db);
    const scraped = await app({ metrics, metricsToken: TOKEN, lookupRateLimit: { max: 1, timeWindow: 60_000 } });
    await postJson(scraped, '/rest/viaje', { origen: 'LIM', destino: 'ICA', fecha: '2000-01-01', cusuario: 50005, coficina_venta: 577 });
    await postJson(scraped, '/rest/carga/seguimiento', { codigo: 'RA-100000' });
    expect((await postJson(scraped, '/rest/carga/seguimiento', { codigo: 'RA-100001' })).statusCode).toBe(429);

    expect((await scraped.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await scraped.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    const res = await scraped.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/rest\/viaje",status_code="400"\} 1/);
    expect(text).toMatch(/rumbo_rate_limit_refusals_total\{limit="\/rest\/carga\/seguimiento"\} 1/);
    for (const name of ['rumbo_seat_holds_active', 'rumbo_tickets_issued', 'rumbo_outbox_depth', 'rumbo_outbox_oldest_age_seconds', 'rumbo_reservations', 'rumbo_payments', 'rumbo_payment_notices']) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
    // Without a token configured there is no such route.
    expect((await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('are JSON lines without personal data: no query string, no client address, redacted fields', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const logged = await app({ logger: { ...loggerOptions('info'), stream } });
    await logged.inject({ url: '/rest/iata?correo=rosa@example.pe', headers: { authorization: 'Bearer secret-token', cookie: 'token=abc' } });
    logged.log.info({ correo: 'rosa@example.pe', comprador: { email: 'rosa@example.pe', nombres: 'Rosa' }, cviaje: 12 }, 'a business event');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const text = lines.join('\n');
    expect(text).not.toContain('rosa@example.pe');
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('127.0.0.1');
    expect(entries.find((e) => e.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/rest/iata', route: '/rest/iata' } });
    expect(entries.find((e) => e.msg === 'a business event')).toMatchObject({ correo: '[redacted]', comprador: { email: '[redacted]', nombres: '[redacted]' }, cviaje: 12 });
  });
});

// Issue 32 item 10: every payment notice and every failing readiness answer also logged "Reply was
// already sent" (a handler's `return reply.send(...)` was sent a second time).
describe('a handler that sends its own reply', () => {
  it('is answered once: no "Reply was already sent" for payment notices and failing readiness', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const providers = createPaymentProviders({ sandbox: true }, { apiOrigin: 'http://127.0.0.1:9', now: () => new Date() });
    const sandbox = providers.sandbox!;
    let draining = false;
    const logged = await app({ logger: { ...loggerOptions('info'), stream }, payments: providers, paymentSandbox: sandbox, draining: () => draining });

    // SafetyPay: a paid notice of a payment this shop never started, and a pending one (not acted upon).
    const unknown = await notifySafetyPay(logged, safetyPayNotice(sandbox, { referencia: 'ZZZZ2345-0123456789ab', amount: '10.00' }, new Date()));
    expect(unknown.statusCode).toBe(200);
    const pending = await notifySafetyPay(logged, safetyPayNotice(sandbox, { referencia: 'ZZZZ2345-0123456789ab', amount: '10.00', status: '101' }, new Date()));
    expect(pending.statusCode).toBe(200);
    // PagoEfectivo: a signed cip.paid notice.
    const cip = cipPaidNotice(sandbox, { referencia: 'ZZZZ2345-0123456789ab', amount: 10, operationNumber: '123456', cip: '1234567' });
    const pe = await logged.inject({ method: 'POST', url: '/rest/efectivo/notificacion', payload: cip.body, headers: { 'content-type': 'application/json', 'pe-signature': cip.signature } });
    expect(pe.statusCode).toBe(200);
    // Readiness failing.
    draining = true;
    expect((await logged.inject({ url: '/rest/health' })).statusCode).toBe(503);

    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; level: number; err?: { code?: string } });
    expect(entries.filter((e) => e.msg === 'request completed')).toHaveLength(4);
    expect(entries.filter((e) => /already sent/i.test(e.msg ?? '') || e.err?.code === 'FST_ERR_REP_ALREADY_SENT').map((e) => e.msg)).toEqual([]);
  });
});
