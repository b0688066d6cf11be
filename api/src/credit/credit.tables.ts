import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';
import { reserva } from '../sales/sales.tables';

/**
 * Issue 35: travel credit, a lot at a time: issued (a cancelled ticket, a disruption's refund
 * taken as credit) to a customer (`ccuenta`) or, for a guest, to the purchase it came from
 * (`creserva_titular`), until `vence`. `saldo_centimos` is what is left of it; spending takes from
 * the lots that expire first, under the lots' row locks, so a credit is never spent twice.
 */
export const credito = pgTable(
  'credito',
  {
    ccredito: integer('ccredito').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta').references(() => cuenta.ccuenta),
    creserva_titular: integer('creserva_titular').references(() => reserva.creserva),
    monto_centimos: integer('monto_centimos').notNull(),
    saldo_centimos: integer('saldo_centimos').notNull(),
    /** The ticket it came from. */
    origen: text('origen').notNull(),
    vence: instant('vence').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [
    index().on(t.ccuenta),
    index().on(t.creserva_titular),
    check('credito_saldo_check', sql`${t.saldo_centimos} >= 0 and ${t.saldo_centimos} <= ${t.monto_centimos} and ${t.monto_centimos} > 0`),
    check('credito_titular_check', sql`${t.ccuenta} is not null or ${t.creserva_titular} is not null`),
  ],
);

/** The credit ledger: every issue (+), spend (−) and expiry, with the lot it touched. */
export const credito_movimiento = pgTable(
  'credito_movimiento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ccredito: integer('ccredito')
      .notNull()
      .references(() => credito.ccredito),
    monto_centimos: integer('monto_centimos').notNull(),
    /** 'emision' | 'canje' */
    concepto: text('concepto').notNull(),
    creserva: integer('creserva').references(() => reserva.creserva),
    fecha: instant('fecha').notNull(),
  },
  (t) => [index().on(t.ccredito), check('credito_movimiento_concepto_check', sql`${t.concepto} in ('emision', 'canje')`)],
);

/**
 * Issue 35: travel credit put on a pending reservation as part (or all) of its payment: held, so
 * nothing else spends it, while the reservation can still be paid; spent ('canjeado', ledger rows
 * 'canje') in the transaction that pays the reservation, the rest paid through a provider. One per
 * reservation; a lapsed reservation's hold counts for nothing (no sweeper needed).
 */
export const credito_retencion = pgTable(
  'credito_retencion',
  {
    creserva: integer('creserva')
      .primaryKey()
      .references(() => reserva.creserva),
    ccuenta: integer('ccuenta').references(() => cuenta.ccuenta),
    creserva_titular: integer('creserva_titular').references(() => reserva.creserva),
    monto_centimos: integer('monto_centimos').notNull(),
    /** 'retenido' | 'canjeado' */
    estado: text('estado').notNull().default('retenido'),
    creado: instant('creado').notNull(),
  },
  (t) => [
    index().on(t.ccuenta),
    index().on(t.creserva_titular),
    check('credito_retencion_check', sql`${t.monto_centimos} > 0 and ${t.estado} in ('retenido', 'canjeado') and (${t.ccuenta} is not null or ${t.creserva_titular} is not null)`),
  ],
);
