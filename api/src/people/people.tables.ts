import { date, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

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
