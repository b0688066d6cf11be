/**
 * The API as main.ts builds it, for the benchmark: no request log (it would be what is
 * measured), no per-address limits (every load comes from one address).
 * Env: PORT, and DATABASE_URL or DATA_DIR as for main.ts. With BENCH_SAFETYPAY_API_KEY and
 * BENCH_SAFETYPAY_SIGNATURE_KEY, SafetyPay is the in-API sandbox with those keys, so the bench can
 * sign payment notices.
 */
import { buildApp } from '../src/app';
import { createPaymentProviders } from '../src/payments';
import { SANDBOX_PATHS } from '../src/payments/sandbox/sandbox.routes';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { createVoucherSender } from '../src/vouchers/sender';
import { throwawaySigner } from '../src/vouchers/signing';
import { createSunatStandIn } from '../src/vouchers/sunat';

async function main() {
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
  });
  // A paid purchase is numbered its electronic voucher (issue 34); as in main.ts (issue 44) the
  // outbox signs it after the sale, in this process, and the stand-in acknowledges it: the
  // signatures' CPU is part of what the bench measures.
  const vouchers = createVoucherSender({ db: database.db, sunat: createSunatStandIn(throwawaySigner('SUNAT (simulador)')), signer: throwawaySigner(), log: console, intervalMs: 1_000 });
  vouchers.start();
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', async () => {
    await vouchers.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
