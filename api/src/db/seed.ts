import { seedAccounts } from '../accounts/accounts.seed';
import { seedAgencies } from '../agencies/agencies.seed';
import { seedCargo } from '../cargo/cargo.seed';
import { seedCompanies } from '../companies/companies.seed';
import { seedContent } from '../content/content.seed';
import { seedDestinations } from '../content/destinations.seed';
import { seedDemoPoints } from '../points/points.seed';
import { seedPromotions } from '../promotions/promotions.seed';
import { seedTrips } from '../trips/trips.seed';
import type { Database } from './client';

export interface SeedOptions {
  /** The demo customer has a published password: never on a production database. */
  demoCustomer?: boolean;
}

/** Demo and reference data; idempotent, run at every start after the migrations. */
export async function seedDatabase(db: Database, { demoCustomer = true }: SeedOptions = {}): Promise<void> {
  await seedContent(db);
  if (demoCustomer) {
    const created = await seedAccounts(db);
    if (created !== undefined) await seedDemoPoints(db, created);
  }
  await seedTrips(db);
  await seedDestinations(db);
  await seedAgencies(db);
  await seedCargo(db);
  await seedPromotions(db);
  await seedCompanies(db);
}
