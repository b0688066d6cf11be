import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * A job that must run once per period across every API instance (the retention purge): its last
 * run. An instance claims a run by moving `ultima` forward only if the period has passed since
 * (one statement, so two instances at once cannot both claim it); `resultado` is what it did.
 */
export const tarea_periodica = pgTable('tarea_periodica', {
  nombre: text('nombre').primaryKey(),
  ultima: instant('ultima').notNull(),
  resultado: jsonb('resultado').$type<Record<string, number>>(),
});
