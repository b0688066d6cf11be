/**
 * The API as main.ts builds it, for the benchmark: no request log (it would be what is
 * measured), no per-address limit on seat holds (every load comes from one address).
 * Env: PORT, and DATABASE_URL or DATA_DIR as for main.ts.
 */
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

async function main() {
  const database = await openDatabase(
    process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR! },
  );
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({
    db: database.db,
    sessionSecret: 'bench-session-secret-of-forty-characters',
    seatRateLimit: { max: 1_000_000, timeWindow: 60_000 },
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
