import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { reserva } from '../sales/sales.tables';
import { viaje } from '../trips/trips.tables';

/**
 * Issue 36: each trip reminder of a purchase, once. The reminders job inserts the row and queues
 * the mail in one transaction; the unique key is the claim, so however many instances run the
 * job, and however often (a restart, a retry), a purchase gets each reminder of a trip once.
 * One mail per purchase and trip (not per ticket): it names every passenger of the purchase.
 */
export const recordatorio = pgTable(
  'recordatorio',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creserva: integer('creserva')
      .notNull()
      .references(() => reserva.creserva),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    /** '24h' or '3h' before boarding. */
    tipo: text('tipo').notNull(),
    enviado: instant('enviado').notNull(),
  },
  (t) => [unique('recordatorio_uq').on(t.creserva, t.cviaje, t.tipo), check('recordatorio_tipo_check', sql`${t.tipo} in ('24h', '3h')`)],
);

/** Issue 36: purchases whose buyer asked for no more reminders (the signed link in each one). */
export const recordatorio_baja = pgTable('recordatorio_baja', {
  creserva: integer('creserva')
    .primaryKey()
    .references(() => reserva.creserva),
  registrada: instant('registrada').notNull(),
});
