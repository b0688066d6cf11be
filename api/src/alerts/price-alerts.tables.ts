import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';

/**
 * Issue 48 item 3: a customer's price alert: tell them when the route `origen` → `destino` (city
 * codes), on the days `desde`..`hasta` (either open: today, the end of the sales window), has a
 * from-price below `tope` (S/). `avisado` is the from-price last told: told again only when it falls
 * below that; back at or above `tope`, it is cleared and the next drop is told (once per drop).
 * Whether and by which channel it is told is the customer's consent (purpose `alertas_precio`).
 */
export const alerta_precio = pgTable(
  'alerta_precio',
  {
    calerta: integer('calerta').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta),
    origen: text('origen').notNull(),
    destino: text('destino').notNull(),
    desde: text('desde'),
    hasta: text('hasta'),
    tope: integer('tope').notNull(),
    idioma: text('idioma').notNull(),
    activa: boolean('activa').notNull().default(true),
    avisado: integer('avisado'),
    avisado_dia: text('avisado_dia'),
    avisado_en: instant('avisado_en'),
    creada: instant('creada').notNull(),
    terminada: instant('terminada'),
  },
  (t) => [
    index('alerta_precio_ruta_idx').on(t.origen, t.destino).where(sql`${t.activa}`),
    index('alerta_precio_cuenta_idx').on(t.ccuenta),
    check('alerta_precio_tope_check', sql`${t.tope} between 1 and 9999`),
  ],
);
