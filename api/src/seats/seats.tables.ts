import { SEAT_STATE } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { STATE_SQL } from '../db/seat-states';
import { viaje } from '../trips/trips.tables';

/**
 * A stretch of a trip's route as PostgreSQL `int4range` of stop positions, `[boarding, alighting)`:
 * 0 is the route's first terminal, 1..n its intermediate stops (`ruta_escala.orden`), n + 1 its
 * last terminal. Written and read as the range's text (`[0,2)`).
 */
export const stopRange = customType<{ data: string; driverData: string }>({
  dataType: () => 'int4range',
});

/** `viaje_asiento.gestado_asiento`: the seat states, as the contract defines them (shared). */
export const { SOLD, AVAILABLE, HELD } = SEAT_STATE;

/**
 * A seat of one trip over one stretch of its route (`paradas`, issue 19): 83 available, 84 held
 * until `expira` by the holder of `clave`, 82 sold. One row per seat and stretch; the seat map
 * of a stretch creates its rows on first use (the whole route's when the trip is first shown).
 * A hold whose `expira` has passed reads as available everywhere, so nothing needs to sweep.
 *
 * Migration 0012 adds the exclusion constraint `viaje_asiento_paradas_excl`: no two rows of one
 * seat of one trip in state 82 or 84 over overlapping stretches (btree_gist). A hold first frees
 * the expired holds it overlaps, in its own transaction (see `changeSeat`).
 */
export const viaje_asiento = pgTable(
  'viaje_asiento',
  {
    cviaje_asiento: integer('cviaje_asiento').primaryKey().generatedAlwaysAsIdentity(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    nasiento: integer('nasiento').notNull(),
    /** The stretch of the route this row sells: `[boarding, alighting)` stop positions. */
    paradas: stopRange('paradas').notNull(),
    gnivel_piso: integer('gnivel_piso').notNull(),
    gcategoria_asiento: integer('gcategoria_asiento').notNull(),
    gestado_asiento: integer('gestado_asiento').notNull().default(AVAILABLE),
    /** SHA-256 (hex) of the holder's key: the key itself is only ever in the holder's browser. */
    clave_hash: text('clave_hash'),
    expira: instant('expira'),
    /**
     * Keyed hash of the client (address) that holds the seat: what one client holds on a trip is
     * bounded whatever the number of purchase keys (issue 15). Null when free or sold.
     */
    cliente_hash: text('cliente_hash'),
    /**
     * Keyed hash of the address the hold came from (as the declared balancer reported it): what
     * one address holds on a trip has a wider bound that never frees anyone's seats (issue 32 item 4).
     * `cliente_hash` is then the device (address and browser). Null when free or sold.
     */
    direccion_hash: text('direccion_hash'),
  },
  (t) => [
    unique('viaje_asiento_paradas_unique').on(t.cviaje, t.nasiento, t.paradas),
    index('viaje_asiento_clave_idx').on(t.clave_hash),
    index('viaje_asiento_cliente_idx').on(t.cviaje, t.cliente_hash),
    index('viaje_asiento_direccion_idx').on(t.cviaje, t.direccion_hash),
    check('viaje_asiento_estado_check', sql`${t.gestado_asiento} in (${STATE_SQL.SOLD}, ${STATE_SQL.AVAILABLE}, ${STATE_SQL.HELD})`),
    check('viaje_asiento_paradas_check', sql`not isempty(${t.paradas}) and lower(${t.paradas}) >= 0`),
  ],
);
