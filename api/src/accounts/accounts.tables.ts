import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/** A customer account; columns are the user-data fields of the spec (§3), plus how it signs in. */
export const cuenta = pgTable(
  'cuenta',
  {
    ccuenta: integer('ccuenta').primaryKey().generatedAlwaysAsIdentity(),
    /** 19 DNI, 20 carnet de extranjería, 21 pasaporte. */
    tipo_doc: integer('tipo_doc').notNull(),
    num_doc: text('num_doc').notNull(),
    nombres: text('nombres').notNull(),
    paterno: text('paterno').notNull(),
    materno: text('materno').notNull(),
    sexo: text('sexo').notNull(),
    /** Stored lower-case: it is the sign-in identity. */
    correo: text('correo').notNull().unique(),
    /** A second address that receives a copy of the account's mails (profile's "CC e-mail"). */
    correo_cc: text('correo_cc'),
    /** When the CC address was proven (its link opened); until then it receives nothing but that link. */
    correo_cc_confirmado_en: instant('correo_cc_confirmado_en'),
    telefono: text('telefono').notNull(),
    fnacimiento: date('fnacimiento', { mode: 'string' }).notNull(),
    /** scrypt hash (see passwords.ts); null for accounts that sign in only with a code or a provider. */
    clave_hash: text('clave_hash'),
    /** Wrong passwords since the last sign-in, and when the last one came: the backoff of password sign-ins. */
    clave_fallos: integer('clave_fallos').notNull().default(0),
    clave_fallo_en: instant('clave_fallo_en'),
    /** When the customer proved the address is theirs (link, code or a provider's verified e-mail). */
    correo_confirmado_en: instant('correo_confirmado_en'),
    /** Google's `sub` / Facebook's user id, once the account signed in with them. */
    google_sub: text('google_sub').unique(),
    facebook_id: text('facebook_id').unique(),
    /** Language of the account's mails (the one used at sign-up, then at each sign-in). */
    idioma: text('idioma').notNull().default('es-PE'),
    creado_en: instant('creado_en').notNull().defaultNow(),
    actualizado_en: instant('actualizado_en').notNull().defaultNow(),
    /**
     * Issue 47: when the customer closed the account. The row stays (sales, credit and the consent
     * history point to it) with its personal fields erased and its e-mail and document freed.
     */
    cerrada_en: instant('cerrada_en'),
  },
  (t) => [unique().on(t.tipo_doc, t.num_doc)],
);

/**
 * One-use links mailed to a customer: e-mail confirmation and password reset. Only a SHA-256 of
 * the link's random token is stored, so a copy of the table opens nothing.
 */
export const cuentaEnlace = pgTable(
  'cuenta_enlace',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    /** 'confirmar' | 'recuperar' | 'cc' (proof of a new CC address) */
    tipo: text('tipo').notNull(),
    hash: text('hash').notNull().unique(),
    expira_en: instant('expira_en').notNull(),
    usado_en: instant('usado_en'),
    creado_en: instant('creado_en').notNull().defaultNow(),
    /**
     * A sign-up link ('confirmar'): the digest of the sign-up it was mailed for (`signUpDigest`:
     * the account and its password hash), so it confirms that sign-up and no later one (issue 32).
     */
    registro: text('registro'),
  },
  (t) => [index().on(t.ccuenta, t.tipo), check('cuenta_enlace_tipo', sql`${t.tipo} in ('confirmar', 'recuperar', 'cc')`)],
);

/**
 * The clients (a keyed hash of the address) that gave an account a wrong password since its last
 * password sign-in (issue 32 item 6): the account's backoff holds back only these, so a drip of
 * wrong passwords from changing addresses never refuses the owner's right one from elsewhere.
 */
export const claveFalloCliente = pgTable(
  'clave_fallo_cliente',
  {
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    cliente_hash: text('cliente_hash').notNull(),
    fallo_en: instant('fallo_en').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ccuenta, t.cliente_hash] })],
);

/**
 * Server-side sessions: one row per issued session token (its `jti`). A token opens the account
 * only while its row is there, unexpired and not revoked, so log out, "log out of every device"
 * and a password change end sessions on the server.
 */
export const sesion = pgTable(
  'sesion',
  {
    jti: text('jti').primaryKey(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    creado_en: instant('creado_en').notNull().defaultNow(),
    expira_en: instant('expira_en').notNull(),
    revocada_en: instant('revocada_en'),
  },
  (t) => [index().on(t.ccuenta)],
);

/**
 * Quick-access one-time codes (6 digits, 10 minutes, 5 tries). Stored as a keyed hash; a new
 * request replaces the customer's previous code.
 */
export const otpCodigo = pgTable(
  'otp_codigo',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta')
      .notNull()
      .unique()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    intentos: integer('intentos').notNull().default(0),
    expira_en: instant('expira_en').notNull(),
    creado_en: instant('creado_en').notNull().defaultNow(),
  },
  (t) => [check('otp_codigo_intentos', sql`${t.intentos} >= 0`)],
);

/**
 * The points ledger: one row per movement, never updated. `saldo` is the balance after the row,
 * written in the same transaction that locks the account, so the balance is the sum of `puntos`
 * and the database itself refuses a balance below zero.
 */
export const puntosMovimiento = pgTable(
  'puntos_movimiento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta, { onDelete: 'cascade' }),
    puntos: integer('puntos').notNull(),
    /** 'viaje' | 'canje' | 'bienvenida' | 'ajuste' */
    concepto: text('concepto').notNull(),
    detalle: text('detalle').notNull().default(''),
    saldo: integer('saldo').notNull(),
    fecha: instant('fecha').notNull().defaultNow(),
  },
  (t) => [
    index().on(t.ccuenta, t.id),
    check('puntos_movimiento_saldo', sql`${t.saldo} >= 0`),
    check('puntos_movimiento_puntos', sql`${t.puntos} <> 0`),
    check('puntos_movimiento_concepto', sql`${t.concepto} in ('viaje', 'canje', 'bienvenida', 'ajuste')`),
  ],
);
