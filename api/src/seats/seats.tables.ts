import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { viaje } from '../trips/trips.tables';

/**
 * A seat of one trip: 83 available, 84 held until `expira` by the holder of `clave`, 82 sold.
 * A hold whose `expira` has passed reads as available everywhere, so nothing needs to sweep.
 */
export const viaje_asiento = pgTable(
  'viaje_asiento',
  {
    cviaje_asiento: integer('cviaje_asiento').primaryKey().generatedAlwaysAsIdentity(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    nasiento: integer('nasiento').notNull(),
    gnivel_piso: integer('gnivel_piso').notNull(),
    gcategoria_asiento: integer('gcategoria_asiento').notNull(),
    gestado_asiento: integer('gestado_asiento').notNull().default(83),
    /** SHA-256 (hex) of the holder's key: the key itself is only ever in the holder's browser. */
    clave_hash: text('clave_hash'),
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }),
    /**
     * Keyed hash of the client (address) that holds the seat: what one client holds on a trip is
     * bounded whatever the number of purchase keys (issue 15). Null when free or sold.
     */
    cliente_hash: text('cliente_hash'),
  },
  (t) => [
    unique().on(t.cviaje, t.nasiento),
    index('viaje_asiento_clave_idx').on(t.clave_hash),
    index('viaje_asiento_cliente_idx').on(t.cviaje, t.cliente_hash),
    check('viaje_asiento_estado_check', sql`${t.gestado_asiento} in (82, 83, 84)`),
  ],
);
