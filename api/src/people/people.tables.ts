import { boolean, date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { viaje_asiento } from '../seats/seats.tables';

/** A known passenger, by document (type + number); updated each time a buyer registers it. */
export const persona = pgTable(
  'persona',
  {
    cpersona: integer('cpersona').primaryKey().generatedAlwaysAsIdentity(),
    ctipo_documento: integer('ctipo_documento').notNull(),
    numero: text('numero').notNull(),
    nombres: text('nombres').notNull(),
    paterno: text('paterno').notNull(),
    materno: text('materno').notNull(),
    email: text('email').notNull(),
    celular: text('celular').notNull(),
    genero: text('genero').notNull(),
    nacimiento: date('nacimiento', { mode: 'string' }).notNull(),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('persona_documento_uq').on(t.ctipo_documento, t.numero)],
);

/**
 * The passenger of a held seat, written by `/rest/asiento/asociar` under the purchase's key hash;
 * a minor's row names the responsible adult's seat and the relationship (`/rest/asiento/menor`).
 */
export const asiento_pasajero = pgTable('asiento_pasajero', {
  cviaje_asiento: integer('cviaje_asiento')
    .primaryKey()
    .references(() => viaje_asiento.cviaje_asiento),
  clave_hash: text('clave_hash').notNull(),
  ctipo_documento: integer('ctipo_documento').notNull(),
  numero: text('numero').notNull(),
  nombres: text('nombres').notNull(),
  paterno: text('paterno').notNull(),
  materno: text('materno').notNull(),
  email: text('email').notNull(),
  celular: text('celular').notNull(),
  genero: text('genero').notNull(),
  nacimiento: date('nacimiento', { mode: 'string' }).notNull(),
  menor: boolean('menor').notNull(),
  cviaje_asiento_responsable: integer('cviaje_asiento_responsable'),
  parentesco: text('parentesco'),
});
