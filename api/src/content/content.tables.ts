import { date, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

/** Information pages (terms, privacy, ...): one row per page and language, same `id` and slug. */
export const informacion = pgTable(
  'informacion',
  {
    id: integer('id').notNull(),
    idioma: text('idioma').notNull(),
    slug: text('slug').notNull(),
    titulo: text('titulo').notNull(),
    html: text('html').notNull(),
    actualizado: date('actualizado', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.idioma] }), unique().on(t.slug, t.idioma)],
);
