import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * The extensions a purchase key has had (`POST /rest/asiento/extender`), so the limit holds across
 * API instances: `prorrogas` counts them (at most HOLD_EXTENSIONS), `tope` is the instant no hold of
 * the key is extended past (HOLD_MAX_MINUTES after its first hold). Keyed by the key's hash, as
 * `viaje_asiento.clave_hash`; a release does not start it over (issue 45 item 5). A row keyed
 * `asiento:<cliente_hash>:<cviaje_asiento>` is one customer's cap on one seat, across their keys
 * (`seatCap` in seats.service.ts; its `prorrogas` stays 0).
 */
export const bloqueo_prorroga = pgTable('bloqueo_prorroga', {
  clave_hash: text('clave_hash').primaryKey(),
  prorrogas: integer('prorrogas').notNull().default(0),
  tope: instant('tope').notNull(),
});
