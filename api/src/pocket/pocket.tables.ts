import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { reserva } from '../sales/sales.tables';
import { viaje } from '../trips/trips.tables';

/**
 * Issue 36: each trip reminder of a purchase, once. The reminders job inserts the row and queues
 * the mail in one transaction; the unique key is the claim, so however many instances run the
 * job, and however often (a restart, a retry), a purchase gets each reminder of a trip once.
 * One mail per purchase and trip (not per ticket): it names every passenger of the purchase.
 */
export const recordatorio = pgTable(
  'recordatorio',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creserva: integer('creserva')
      .notNull()
      .references(() => reserva.creserva),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    /** '24h' or '3h' before boarding. */
    tipo: text('tipo').notNull(),
    enviado: instant('enviado').notNull(),
  },
  (t) => [unique('recordatorio_uq').on(t.creserva, t.cviaje, t.tipo), check('recordatorio_tipo_check', sql`${t.tipo} in ('24h', '3h')`)],
);

/** Issue 36: purchases whose buyer asked for no more reminders (the signed link in each one). */
export const recordatorio_baja = pgTable('recordatorio_baja', {
  creserva: integer('creserva')
    .primaryKey()
    .references(() => reserva.creserva),
  registrada: instant('registrada').notNull(),
});

/**
 * Issue 36, wallet passes that follow the trip: a device that added a ticket's Apple Wallet pass
 * registered for its updates (Apple's PassKit web service: the device library id, the push token
 * its wallet gave, the pass's serial = the ticket number). Deleted when the device unregisters.
 */
export const pase_registro = pgTable(
  'pase_registro',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dispositivo: text('dispositivo').notNull(),
    push_token: text('push_token').notNull(),
    numero: text('numero').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [unique('pase_registro_uq').on(t.dispositivo, t.numero), index().on(t.numero)],
);

/**
 * When a ticket's pass last changed (a delay moved its departure, a cancellation voided it): what
 * Apple's "passes updated since" and the pass's Last-Modified read. Written with the change.
 */
export const pase_cambio = pgTable('pase_cambio', {
  numero: text('numero').primaryKey(),
  actualizado: instant('actualizado').notNull(),
});

/**
 * The wallets' outbox: one row per (wallet, target, change), written in the transaction of the
 * change (a disruption's notices), sent once by the periodic job from any instance (SKIP LOCKED
 * claims, as the mail and push outboxes). Apple: `destino` is a device's push token (APNs then
 * makes the wallet fetch the new pass); Google: the ticket number, whose object is patched and
 * given the notice (`titulo`, `cuerpo`, in the purchase's language).
 */
export const pase_envio = pgTable(
  'pase_envio',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    billetera: text('billetera').notNull(),
    destino: text('destino').notNull(),
    clave: text('clave').notNull(),
    numero: text('numero').notNull(),
    titulo: text('titulo').notNull(),
    cuerpo: text('cuerpo').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: instant('next_attempt_at').notNull(),
    sent_at: instant('sent_at'),
    last_error: text('last_error'),
    created_at: instant('created_at').notNull(),
  },
  (t) => [
    unique('pase_envio_uq').on(t.billetera, t.destino, t.clave),
    index('pase_envio_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null`),
    check('pase_envio_billetera_check', sql`${t.billetera} in ('apple', 'google')`),
  ],
);
