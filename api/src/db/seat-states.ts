import { SEAT_STATE } from '@rumbo/shared/schemas';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The seat states (defined once, in the shared contract) written into SQL text as literals, not
 * bind parameters: the planner sees the constants, as in a query written by hand.
 */
export const STATE_SQL = Object.fromEntries(Object.entries(SEAT_STATE).map(([name, state]) => [name, sql.raw(String(state))])) as Record<
  keyof typeof SEAT_STATE,
  SQL
>;
