import type { Database } from '../db/client';
import { UnauthorizedError } from '../errors';
import { findCustomer, type CustomerData } from './accounts.queries';
import { verifySessionToken } from './tokens';

/** The customer a session token belongs to; UnauthorizedError when there is no such customer. */
export async function customerOfToken(db: Database, token: string | undefined, secret: string): Promise<CustomerData> {
  const ccuenta = token ? await verifySessionToken(token, secret) : null;
  const customer = ccuenta === null ? undefined : await findCustomer(db, ccuenta);
  if (!customer) throw new UnauthorizedError();
  return customer;
}
