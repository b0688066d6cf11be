import { seedAccounts } from '../accounts/accounts.seed';
import { seedContent } from '../content/content.seed';
import { seedTrips } from '../trips/trips.seed';
import type { Database } from './client';

export interface SeedOptions {
  /** The demo customer has a published password: never on a production database. */
  demoCustomer?: boolean;
}

/** Demo and reference data; idempotent, run at every start after the migrations. */
export async function seedDatabase(db: Database, { demoCustomer = true }: SeedOptions = {}): Promise<void> {
  await seedContent(db);
  if (demoCustomer) await seedAccounts(db);
  await seedTrips(db);
}
