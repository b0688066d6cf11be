import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';

/**
 * Issue 47: the consent history, append-only (never updated, never deleted, not even when the
 * account closes: it is the proof of consent, Ley 29733 art. 5 and 13.1). Each row gives or
 * withdraws one channel for one purpose, with the version of the text shown; the latest row per
 * (account, channel, purpose) is the state, and none means not given.
 */
export const consentimiento = pgTable(
  'consentimiento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta),
    /** 'correo' | 'push' | 'whatsapp' */
    canal: text('canal').notNull(),
    /** 'promociones' | 'alertas_precio' */
    finalidad: text('finalidad').notNull(),
    otorgado: boolean('otorgado').notNull(),
    /** The consent text's version (`CONSENT_TEXT_VERSION`) the customer was shown. */
    version: text('version').notNull(),
    /** 'cuenta' (Mi cuenta) | 'suscripcion' (the footer's subscription, by its links) | 'cierre' (the account closed) */
    origen: text('origen').notNull(),
    fecha: instant('fecha').notNull(),
  },
  (t) => [
    index().on(t.ccuenta, t.canal, t.finalidad, t.id),
    check('consentimiento_canal_check', sql`${t.canal} in ('correo', 'push', 'whatsapp')`),
    check('consentimiento_finalidad_check', sql`${t.finalidad} in ('promociones', 'alertas_precio', 'servicio')`),
    check('consentimiento_origen_check', sql`${t.origen} in ('cuenta', 'suscripcion', 'cierre')`),
  ],
);
