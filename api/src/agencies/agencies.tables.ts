import { boolean, doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ciudad } from '../cities/cities.tables';
import { terminal } from '../trips/trips.tables';

/**
 * Agencies (puntos de venta): where tickets are sold and cargo is received. A terminal of the
 * network is an agency too (`cterminal`); other agencies are sales points in town.
 */
export const agencia = pgTable('agencia', {
  cagencia: integer('cagencia').primaryKey(),
  cciudad: integer('cciudad')
    .notNull()
    .references(() => ciudad.cciudad),
  cterminal: integer('cterminal').references(() => terminal.cterminal),
  nombre: text('nombre').notNull(),
  direccion: text('direccion').notNull(),
  latitud: doublePrecision('latitud').notNull(),
  longitud: doublePrecision('longitud').notNull(),
  telefono: text('telefono').notNull(),
  /** Opening days: `todos` (every day) or `lun-sab` (Monday to Saturday). */
  dias: text('dias', { enum: ['todos', 'lun-sab'] }).notNull(),
  /** Opening and closing time in Lima, `HH:MM`. */
  abre: text('abre').notNull(),
  cierra: text('cierra').notNull(),
  pasajes: boolean('pasajes').notNull(),
  carga: boolean('carga').notNull(),
});
