import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { ciudad } from '../cities/cities.tables';

/** A promotion with its coupon, validity (Lima calendar days, inclusive) and texts in both languages. */
export const promocion = pgTable('promocion', {
  cpromocion: integer('cpromocion').primaryKey(),
  cupon: text('cupon').notNull().unique(),
  /** Discount in percent. */
  descuento: integer('descuento').notNull(),
  desde: date('desde', { mode: 'string' }).notNull(),
  hasta: date('hasta', { mode: 'string' }).notNull(),
  /** The destination it applies to; null for every route. */
  cciudad: integer('cciudad').references(() => ciudad.cciudad),
  /** The origin city it applies to; null for every origin. */
  cciudad_origen: integer('cciudad_origen').references(() => ciudad.cciudad),
  /** The seat classes it applies to (`gcategoria_asiento`: 140, 160, 180); empty for every class. */
  categorias: integer('categorias').array().notNull().default(sql`'{}'::integer[]`),
  /** ISO weekdays (1 Monday … 7 Sunday) of the departure, Lima time, it applies to; empty for every day. */
  dias_salida: integer('dias_salida').array().notNull().default(sql`'{}'::integer[]`),
  /** The fewest tickets on one trip of the purchase for that trip's tickets to be discounted. */
  min_pasajes: integer('min_pasajes').notNull().default(1),
  /** The most tickets a purchase may have to use it; null for no limit. */
  max_pasajes: integer('max_pasajes'),
  titulo_es: text('titulo_es').notNull(),
  titulo_en: text('titulo_en').notNull(),
  descripcion_es: text('descripcion_es').notNull(),
  descripcion_en: text('descripcion_en').notNull(),
  condiciones_es: text('condiciones_es').notNull(),
  condiciones_en: text('condiciones_en').notNull(),
});

/**
 * Subscriptions to promotions by e-mail, double opt-in: `pendiente` until the link of the
 * confirmation mail is followed, then `confirmada`; `baja` after unsubscribing.
 */
export const suscripcion = pgTable('suscripcion', {
  correo: text('correo').primaryKey(),
  estado: text('estado').notNull(),
  idioma: text('idioma').notNull(),
  token_confirmacion: text('token_confirmacion').notNull().unique(),
  token_baja: text('token_baja').notNull().unique(),
  creado: instant('creado').notNull(),
  confirmado: instant('confirmado'),
  baja: instant('baja'),
});
