import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { locks } from '../db/lock-order';
import { cuenta } from './accounts.tables';

/** Step 6 of the lock order (db/lock-order.ts): the customer's account row (every points movement and redemption, a profile's edit). */
export async function lockAccount(tx: Database, ccuenta: number): Promise<void> {
  await locks.row(tx, 'account', cuenta, eq(cuenta.ccuenta, ccuenta), ccuenta);
}
