import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';

/**
 * Issue 48 item 4: the WhatsApp outbox: one row per message (a template by name, in the customer's
 * language, its body parameters and, for the tickets, a document header), written in the
 * transaction that causes it; the sender claims due rows with SKIP LOCKED (jobs/outbox.ts), so each
 * goes once across instances, and keeps Meta's answer (`wamid`) and the delivery status its
 * webhooks report. `clave` names the message: the same one queued twice is one row.
 */
export const whatsapp_envio = pgTable(
  'whatsapp_envio',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clave: text('clave').notNull(),
    /** The recipient, E.164 digits without "+" (51987654321). */
    telefono: text('telefono').notNull(),
    plantilla: text('plantilla').notNull(),
    idioma: text('idioma').notNull(),
    parametros: jsonb('parametros').$type<string[]>().notNull(),
    /** The header's document (the tickets' PDF): its link and file name. */
    documento: jsonb('documento').$type<{ link: string; filename: string }>(),
    /** Meta's message id (`wamid.…`) once accepted. */
    wamid: text('wamid'),
    /** `pendiente`, then as the webhooks report it: `sent`, `delivered`, `read`, `failed`. */
    estado: text('estado').notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: instant('next_attempt_at').notNull(),
    sent_at: instant('sent_at'),
    last_error: text('last_error'),
    created_at: instant('created_at').notNull(),
  },
  (t) => [
    unique('whatsapp_envio_clave_uq').on(t.clave),
    index('whatsapp_envio_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`),
    index('whatsapp_envio_telefono_idx').on(t.telefono, t.sent_at),
    index('whatsapp_envio_wamid_idx').on(t.wamid),
    check('whatsapp_envio_estado_check', sql`${t.estado} in ('pendiente', 'sent', 'delivered', 'read', 'failed')`),
  ],
);

/**
 * Issue 48: an account's mobile confirmed for WhatsApp. Nothing goes by WhatsApp to a number the
 * customer has not proven to hold: a 6-digit code sent to it by WhatsApp (template `rumbo_codigo`),
 * typed back in Mi cuenta within 10 minutes and 5 tries, stored as an HMAC bound to the account and
 * the number. `confirmado` is set when the code is right; a changed mobile is not confirmed (the
 * number here no longer matches it). Erased with the account.
 */
export const whatsapp_telefono = pgTable(
  'whatsapp_telefono',
  {
    ccuenta: integer('ccuenta')
      .primaryKey()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    /** The number the code went to, E.164 digits without "+". */
    telefono: text('telefono').notNull(),
    /** The pending code's HMAC (null once used). */
    hash: text('hash'),
    intentos: integer('intentos').notNull().default(0),
    expira: instant('expira'),
    /** When `telefono` was confirmed (null: not yet). */
    confirmado: instant('confirmado'),
  },
  (t) => [check('whatsapp_telefono_intentos', sql`${t.intentos} >= 0`)],
);
