import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The 23 destinations; `cciudad` codes are fixed (DECISIONS.md, Cities) and used by forms. */
export const ciudad = pgTable('ciudad', {
  cciudad: integer('cciudad').primaryKey(),
  nombre: text('nombre').notNull(),
  /** IATA-like short code used in search URLs and the trip widget. */
  codigo: text('codigo').notNull().unique(),
  slug: text('slug').notNull().unique(),
});
