import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { reserva } from '../sales/sales.tables';
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

/**
 * Issue 47: a purchase whose personal data were erased (the buyer's and passengers' fields of the
 * sale's rows anonymised; its electronic vouchers kept as signed, tax law). One row per purchase,
 * written in the erasure's transaction: the mark that makes a second erasure (the guest's own, or
 * the retention job's) do nothing.
 */
export const datos_borrados = pgTable(
  'datos_borrados',
  {
    creserva: integer('creserva')
      .primaryKey()
      .references(() => reserva.creserva),
    /** 'invitado' (the guest asked, with the purchase key) | 'retencion' (the retention job: its period ran out) */
    origen: text('origen').notNull(),
    fecha: instant('fecha').notNull(),
  },
  (t) => [check('datos_borrados_origen_check', sql`${t.origen} in ('invitado', 'retencion')`)],
);


/**
 * Issue 47: the code mailed to confirm closing an account (for accounts without a password, or
 * whoever prefers it): 6 digits, 10 minutes, 5 tries, stored as an HMAC bound to the account and
 * to this purpose (a sign-in code never closes an account). A new request replaces it.
 */
export const cierre_codigo = pgTable(
  'cierre_codigo',
  {
    ccuenta: integer('ccuenta')
      .primaryKey()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    intentos: integer('intentos').notNull().default(0),
    expira: instant('expira').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [check('cierre_codigo_intentos', sql`${t.intentos} >= 0`)],
);

/**
 * Issue 47: a security incident, as the operator records it (docs/incidents.md): what happened,
 * the window in which data were exposed and their kinds (who is affected follows from them), when
 * it was detected (the 48-hour term runs from there), and when the ANPD and the national
 * digital-security centre (CNSD) were told.
 */
export const incidente_seguridad = pgTable('incidente_seguridad', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull(),
  desde: instant('desde').notNull(),
  hasta: instant('hasta').notNull(),
  /** `IncidentDataKind[]`: 'cuentas' | 'compras' | 'reclamos' | 'suscripciones' */
  datos: jsonb('datos').$type<string[]>().notNull(),
  detectado: instant('detectado').notNull(),
  registrado: instant('registrado').notNull(),
  /** The operator's credential that recorded it. */
  operador: text('operador').notNull(),
  anpd_comunicado: instant('anpd_comunicado'),
  cnsd_comunicado: instant('cnsd_comunicado'),
});

/**
 * Issue 47: each address an incident's notice was queued for, written with its mail in one
 * transaction: the key makes a second bulk notice (a retry, two operators) tell nobody twice.
 */
export const incidente_aviso = pgTable(
  'incidente_aviso',
  {
    id_incidente: integer('id_incidente')
      .notNull()
      .references(() => incidente_seguridad.id),
    correo: text('correo').notNull(),
    idioma: text('idioma').notNull(),
    fecha: instant('fecha').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id_incidente, t.correo] })],
);
