/**
 * The API as main.ts builds it, for the benchmark: no request log (it would be what is
 * measured), no per-address limits (every load comes from one address).
 * Env: PORT, and DATABASE_URL or DATA_DIR as for main.ts. With BENCH_SAFETYPAY_API_KEY and
 * BENCH_SAFETYPAY_SIGNATURE_KEY, SafetyPay is the in-API sandbox with those keys, so the bench can
 * sign payment notices. SEARCH_CACHE_MS as in main.ts, but 0 (every search queries) unless set: the
 * API bench measures what a search costs the database; the rush bench measures the cache.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app';
import { createPaymentProviders } from '../src/payments';
import { SANDBOX_PATHS } from '../src/payments/sandbox/sandbox.routes';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { createVoucherSender } from '../src/vouchers/sender';
import { throwawaySigner } from '../src/vouchers/signing';
import { createSunatStandIn } from '../src/vouchers/sunat';

/**
 * BENCH_TRACE_QUERIES=<file>: every statement the server sends to PostgreSQL counted by its text,
 * with its total time (from sending to its answer), written to <file> at SIGTERM: what a bench
 * costs in round trips, e.g. divided by the purchases of the sales bench.
 */
function traceQueries(file: string): () => void {
  const counts = new Map<string, { n: number; ms: number }>();
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160);
    const started = performance.now();
    const result = original.apply(this, args);
    const done = () => {
      const entry = counts.get(text) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += performance.now() - started;
      counts.set(text, entry);
    };
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
  return () => {
    const lines = [...counts.entries()].sort((a, b) => b[1].n - a[1].n).map(([text, { n, ms }]) => `${n}\t${Math.round(ms)}\t${text}`);
    writeFileSync(file, lines.join('\n') + '\n');
  };
}

async function main() {
  const dumpTrace = process.env.BENCH_TRACE_QUERIES ? traceQueries(process.env.BENCH_TRACE_QUERIES) : undefined;
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR! },
  );
  await database.migrate();
  await seedDatabase(database.db);
  const origin = `http://127.0.0.1:${process.env.PORT}`;
  const keys = process.env.BENCH_SAFETYPAY_API_KEY
    ? { apiKey: process.env.BENCH_SAFETYPAY_API_KEY, signatureKey: process.env.BENCH_SAFETYPAY_SIGNATURE_KEY ?? '' }
    : undefined;
  const payments = createPaymentProviders(
    { sandbox: true, ...(keys ? { safetypay: { ...keys, url: `${origin}${SANDBOX_PATHS.safetypay}` } } : {}) },
    { apiOrigin: origin },
  );
  const unlimited = { max: 1_000_000, timeWindow: 60_000 };
  const app = await buildApp({
    db: database.db,
    sessionSecret: 'bench-session-secret-of-forty-characters',
    seatRateLimit: unlimited,
    writeRateLimit: unlimited,
    lookupRateLimit: unlimited,
    payments,
    paymentSandbox: { ...payments.sandbox!, ...(keys ? { safetypay: keys } : {}) },
    apiOrigin: origin,
    siteUrl: 'http://localhost:3000',
    // The bench's requests name their client in X-Forwarded-For (many customers, one load generator):
    // the bench is the one proxy in front, as `TRUST_PROXY` makes it in production (main.ts). Without
    // `proxyHops` the seat-hold bounds (issue 32 item 4) saw every customer as one device.
    trustProxy: true,
    proxyHops: 1,
    searchCacheMs: Number(process.env.SEARCH_CACHE_MS ?? 0),
  });
  // A paid purchase is numbered its electronic voucher (issue 34); as in main.ts (issue 44) the
  // outbox signs it after the sale, in this process, and the stand-in acknowledges it: the
  // signatures' CPU is part of what the bench measures.
  const vouchers = createVoucherSender({ db: database.db, sunat: createSunatStandIn(throwawaySigner('SUNAT (simulador)'), undefined, { lowPriority: true }), signer: throwawaySigner(), log: console, intervalMs: 1_000 });
  vouchers.start();
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', async () => {
    await vouchers.stop();
    await app.close();
    await database.close();
    dumpTrace?.();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
