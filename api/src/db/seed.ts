import { seedAccounts } from '../accounts/accounts.seed';
import { seedContent } from '../content/content.seed';
import { seedTrips } from '../trips/trips.seed';
import type { Database } from './client';

/** Demo and reference data; idempotent, run at every start after the migrations. */
export async function seedDatabase(db: Database): Promise<void> {
  await seedContent(db);
  await seedAccounts(db);
  await seedTrips(db);
}
