import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * Issue 46: the health of each payment rail (`culqi:yape`, `culqi:tarjeta`, …), shared by every
 * instance: failures (errors, timeouts; never a buyer's refusal) counted in one window; past the
 * threshold the rail is hidden until `oculto_hasta`. Written in one statement each (rails.ts), so
 * concurrent instances count every failure once.
 */
export const pago_riel = pgTable('pago_riel', {
  riel: text('riel').primaryKey(),
  fallas: integer('fallas').notNull(),
  /** When the window of the counted failures started. */
  desde: instant('desde').notNull(),
  oculto_hasta: instant('oculto_hasta'),
});
