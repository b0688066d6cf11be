import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';
import { reserva } from '../sales/sales.tables';

/**
 * Issues 35 and 36: a browser's Web Push subscription (RFC 8030 endpoint and the RFC 8291 keys
 * its browser made), one row per endpoint. The endpoint URL is a capability only that browser and
 * its push service know; the push service answering 404 or 410 for it deletes the row.
 */
export const push_suscripcion = pgTable('push_suscripcion', {
  csuscripcion: integer('csuscripcion').primaryKey().generatedAlwaysAsIdentity(),
  endpoint: text('endpoint').notNull().unique(),
  /** The browser's P-256 public key, base64url (`keys.p256dh`). */
  p256dh: text('p256dh').notNull(),
  /** The browser's 16-byte auth secret, base64url (`keys.auth`). */
  auth: text('auth').notNull(),
  creada: instant('creada').notNull(),
});

/**
 * What a subscription is told about: a customer's account (signed in: every purchase of theirs),
 * or one purchase (a guest proved it with the code and purchase key, as the ticket page does).
 * One row per (subscription, account) or (subscription, purchase).
 */
export const push_vinculo = pgTable(
  'push_vinculo',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    csuscripcion: integer('csuscripcion')
      .notNull()
      .references(() => push_suscripcion.csuscripcion, { onDelete: 'cascade' }),
    ccuenta: integer('ccuenta').references(() => cuenta.ccuenta),
    creserva: integer('creserva').references(() => reserva.creserva),
  },
  (t) => [
    unique('push_vinculo_cuenta_uq').on(t.csuscripcion, t.ccuenta),
    unique('push_vinculo_reserva_uq').on(t.csuscripcion, t.creserva),
    index().on(t.ccuenta),
    index().on(t.creserva),
    check('push_vinculo_uno_check', sql`(${t.ccuenta} is null) <> (${t.creserva} is null)`),
  ],
);

/**
 * The push outbox: one row per (subscription, message), written in the transaction that causes
 * the message (a reminder's claim, a disruption's notices), so it exists exactly when that change
 * is committed; the periodic job sends it once (SKIP LOCKED claims, as the mail outbox), retrying
 * failures. `clave` names the message (`recordatorio:…`, `incidencia:…`): the same message queued
 * twice for a subscription is one row.
 */
export const push_envio = pgTable(
  'push_envio',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    csuscripcion: integer('csuscripcion')
      .notNull()
      .references(() => push_suscripcion.csuscripcion, { onDelete: 'cascade' }),
    clave: text('clave').notNull(),
    /** The notification's title, body and link, already in the purchase's language. */
    titulo: text('titulo').notNull(),
    cuerpo: text('cuerpo').notNull(),
    url: text('url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: instant('next_attempt_at').notNull(),
    sent_at: instant('sent_at'),
    last_error: text('last_error'),
    created_at: instant('created_at').notNull(),
  },
  (t) => [unique('push_envio_uq').on(t.csuscripcion, t.clave), index('push_envio_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);

