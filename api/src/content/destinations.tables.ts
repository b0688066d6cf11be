import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ciudad } from '../cities/cities.tables';

/** The destination pages (`/destinos/{slug}`): a city's description in both languages. */
export const destino = pgTable('destino', {
  cciudad: integer('cciudad')
    .primaryKey()
    .references(() => ciudad.cciudad),
  resumen_es: text('resumen_es').notNull(),
  resumen_en: text('resumen_en').notNull(),
  descripcion_es: text('descripcion_es').notNull(),
  descripcion_en: text('descripcion_en').notNull(),
});
