import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { reserva } from '../sales/sales.tables';

/**
 * Issue 15: the one-time code that proves the buyer before a purchase is recovered without an
 * account. Mailed to the buyer's address (not to whoever knows the code printed on a ticket);
 * stored as an HMAC bound to the purchase; 10 minutes, 5 tries; a new request replaces it.
 */
export const recuperacion_codigo = pgTable(
  'recuperacion_codigo',
  {
    creserva: integer('creserva')
      .primaryKey()
      .references(() => reserva.creserva, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    intentos: integer('intentos').notNull().default(0),
    expira: instant('expira').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [check('recuperacion_codigo_intentos', sql`${t.intentos} >= 0`)],
);
