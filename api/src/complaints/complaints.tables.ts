import { date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { ciudad } from '../cities/cities.tables';

/** Last sheet number given out per year (Lima time); one row per year. */
export const reclamacionContador = pgTable('reclamacion_contador', {
  anio: integer('anio').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/**
 * A filed complaints-book sheet. Columns keep the form's field names (spec §3); `num_documento`
 * is the form's `numero`, renamed because `numero` here is the sheet number.
 */
export const reclamacion = pgTable(
  'reclamacion',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Sheet number `000000001-YYYY`. */
    numero: text('numero').notNull().unique(),
    anio: integer('anio').notNull(),
    correlativo: integer('correlativo').notNull(),
    fecha: instant('fecha').notNull(),
    /** Answer deadline, 15 business days after `fecha` (Lima calendar). */
    plazo: date('plazo', { mode: 'string' }).notNull(),
    /** Language the consumer used; the answer and the e-mail copy go out in it. */
    idioma: text('idioma').notNull(),
    cpersona: text('cpersona'),
    nacimiento: date('nacimiento', { mode: 'string' }).notNull(),
    genero: text('genero').notNull(),
    documento: integer('documento').notNull(),
    num_documento: text('num_documento').notNull(),
    datos: text('datos').notNull(),
    paterno: text('paterno').notNull(),
    materno: text('materno').notNull(),
    direccion: text('direccion').notNull(),
    telefono: text('telefono').notNull(),
    correo: text('correo').notNull(),
    tipo_reclamo: integer('tipo_reclamo').notNull(),
    motivo: integer('motivo').notNull(),
    /** Trip date and time as the consumer entered it: Lima wall-clock time, no offset. */
    viaje: timestamp('viaje', { mode: 'string' }).notNull(),
    destino: integer('destino')
      .notNull()
      .references(() => ciudad.cciudad),
    detalle: text('detalle').notNull(),
    resultado: text('resultado').notNull(),
  },
  (t) => [unique().on(t.anio, t.correlativo), index().on(t.correo)],
);
