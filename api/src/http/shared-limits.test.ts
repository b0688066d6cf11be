import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createTestApp, postJson, setupTestApp } from '../test/app';
import type { AppOptions } from '../app';
import { listOutbox } from '../mail/outbox';
import { Metrics } from './metrics';
import { connectRateLimitRedis } from './rate-limit';

/**
 * Rate limits shared by several API instances through Redis (REDIS_URL; CI and this machine
 * have one). Two apps on one database stand for two instances: a limit of 4 lets 4 requests
 * through in all, not 4 per app. With Redis unreachable, the limits fall back to each process's
 * memory: requests are still answered (the API keeps selling) and each instance still refuses
 * past the limit.
 */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('shared-limits.test.ts skipped: REDIS_URL is not set (CI sets it; redis://127.0.0.1:6379 here)');
const describeWithRedis = REDIS_URL ? describe : describe.skip;

const LIMIT = { max: 4, timeWindow: 60_000 };
/** Per address on the account routes: wide, so only the per-e-mail limit can refuse there. */
const WIDE = { max: 1000, timeWindow: 60_000 };
const quiet = { warn: () => undefined, info: () => undefined };
const track = (app: FastifyInstance, codigo: string) => postJson(app, '/rest/carga/seguimiento', { codigo });
const statuses = async (answers: Promise<{ statusCode: number }>[]) => (await Promise.all(answers)).map((a) => a.statusCode);

describeWithRedis('rate limits shared through Redis', () => {
  const api = setupTestApp();
  const prefix = `rumbo-test-${randomBytes(4).toString('hex')}-`;
  const redises: Redis[] = [];
  const apps: FastifyInstance[] = [];

  async function instance(url = REDIS_URL!, metrics?: Metrics, options: Partial<AppOptions> = {}) {
    const redis = connectRateLimitRedis(url, quiet);
    redises.push(redis);
    // Connected before the first request (until then a count falls back to memory, as with Redis down).
    if (url === REDIS_URL) await new Promise((resolve) => (redis.status === 'ready' ? resolve(null) : redis.once('ready', resolve)));
    const app = await createTestApp(api.db, {
      redis,
      redisPrefix: prefix,
      metrics,
      lookupRateLimit: LIMIT,
      accountRateLimits: { signIn: WIDE, requests: WIDE, signInPerEmail: LIMIT, mailsPerEmail: LIMIT },
      ...options,
    });
    apps.push(app);
    return app;
  }

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const cleaner = new Redis(REDIS_URL!);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
    redises.forEach((redis) => redis.disconnect());
  });

  it('issue 32 item 8: the cap of mails to an unproven address counts once over two instances', async () => {
    const capped = { writeRateLimit: WIDE, corsOrigins: ['http://localhost:3000'], unprovenMailLimit: LIMIT };
    const [a, b] = [await instance(REDIS_URL, undefined, capped), await instance(REDIS_URL, undefined, capped)];
    const victim = `cap.${randomBytes(4).toString('hex')}@example.pe`;
    for (let i = 0; i < 10; i += 1) {
      const res = await (i % 2 ? b : a).inject({ method: 'POST', url: '/rest/componente/registrar', payload: { correo: victim }, headers: { origin: 'http://localhost:3000' }, remoteAddress: `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(202);
    }
    expect(await listOutbox(api.db, { to: victim, limit: 50 })).toHaveLength(LIMIT.max);
  });

  it('a per-address limit of 4 lets 4 requests through over two instances, not 8', async () => {
    const [a, b] = [await instance(), await instance()];
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await track(i % 2 ? b : a, `RA-${100000 + i}`)).statusCode);
    expect(answers.filter((status) => status !== 429)).toHaveLength(4);
    expect(answers.slice(4)).toEqual(Array(6).fill(429));
  });

  it('a per-e-mail limit (wrong one-time codes) holds once over two instances', async () => {
    const [a, b] = [await instance(), await instance()];
    const email = `limit-${randomBytes(3).toString('hex')}@example.pe`;
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push((await postJson(i % 2 ? b : a, '/rest/otp/validate', { email, key: String(100000 + i), canal: 'WEB' })).statusCode);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(400));
    expect(answers.slice(4)).toEqual(Array(4).fill(429));
  });

  it('with Redis unreachable the API keeps answering and each instance still enforces the limit in memory', async () => {
    const metrics = new Metrics(api.db);
    const down = await instance('redis://127.0.0.1:1', metrics);
    const answers = await statuses(Array.from({ length: 6 }, (_, i) => track(down, `RB-${200000 + i}`)));
    expect(answers.filter((status) => status !== 429)).toHaveLength(4);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
    expect(answers).not.toContain(500);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/rumbo_rate_limit_redis_fallbacks_total 6/);
    expect(text).toMatch(/rumbo_rate_limit_refusals_total\{limit="\/rest\/carga\/seguimiento"\} 2/);
  });
});
