import { date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A customer account; columns are the user-data fields of the spec (§3). */
export const cuenta = pgTable(
  'cuenta',
  {
    ccuenta: integer('ccuenta').primaryKey().generatedAlwaysAsIdentity(),
    /** 19 DNI, 20 carnet de extranjería, 21 pasaporte. */
    tipo_doc: integer('tipo_doc').notNull(),
    num_doc: text('num_doc').notNull(),
    nombres: text('nombres').notNull(),
    paterno: text('paterno').notNull(),
    materno: text('materno').notNull(),
    sexo: text('sexo').notNull(),
    /** Stored lower-case: it is the sign-in identity. */
    correo: text('correo').notNull().unique(),
    telefono: text('telefono').notNull(),
    fnacimiento: date('fnacimiento', { mode: 'string' }).notNull(),
    creado_en: timestamp('creado_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.tipo_doc, t.num_doc)],
);
