import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { boleto, pago, reserva } from '../sales/sales.tables';
import { stopRange } from '../seats/seats.tables';
import { viaje } from '../trips/trips.tables';

/**
 * Issue 35: a disruption an operator declared on a trip, over a stretch of its route (`paradas`,
 * as `viaje_asiento`: the whole route is `[0, n + 1)`). 'retraso': every stop from the stretch's
 * boarding stop on is reached `minutos` late; 'cancelacion': the stretch is not run (no sales over
 * it; its tickets may be rebooked or refunded). One row per trip, stretch and kind: declaring the
 * same again changes nothing; a delay declared with other minutes is a new `revision` (told again).
 */
export const viaje_incidencia = pgTable(
  'viaje_incidencia',
  {
    cincidencia: integer('cincidencia').primaryKey().generatedAlwaysAsIdentity(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    paradas: stopRange('paradas').notNull(),
    tipo: text('tipo').notNull(),
    minutos: integer('minutos').notNull().default(0),
    motivo_es: text('motivo_es').notNull(),
    motivo_en: text('motivo_en').notNull(),
    /** The operator credential's name that declared it (or its last revision). */
    operador: text('operador').notNull(),
    revision: integer('revision').notNull().default(1),
    declarada: instant('declarada').notNull(),
    actualizada: instant('actualizada').notNull(),
  },
  (t) => [
    unique('viaje_incidencia_uq').on(t.cviaje, t.paradas, t.tipo),
    index().on(t.cviaje),
    check('viaje_incidencia_tipo_check', sql`${t.tipo} in ('retraso', 'cancelacion')`),
    check('viaje_incidencia_minutos_check', sql`${t.minutos} >= 0 and ${t.minutos} <= 2880`),
  ],
);

/**
 * One notice per ticket and revision of a disruption: inserted with the mail in the declaration's
 * transaction, so a declaration repeated (or run by two instances at once) tells each holder once.
 */
export const incidencia_aviso = pgTable(
  'incidencia_aviso',
  {
    cincidencia: integer('cincidencia')
      .notNull()
      .references(() => viaje_incidencia.cincidencia),
    revision: integer('revision').notNull(),
    numero: text('numero')
      .notNull()
      .references(() => boleto.numero),
    creado: instant('creado').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cincidencia, t.revision, t.numero] }), index().on(t.numero)],
);

/**
 * What a ticket's holder chose after a disruption, or a self-service change (issue 35): once per
 * ticket (its number is the key), so a choice sent twice acts once. 'reprogramacion' (rebooked
 * free on `boleto_nuevo`), 'reembolso' (to the original payment), 'credito' (travel credit),
 * 'anulacion' (cancelled by the customer), 'transferencia' (to another passenger, `boleto_nuevo`).
 */
export const boleto_cambio = pgTable(
  'boleto_cambio',
  {
    numero: text('numero')
      .primaryKey()
      .references(() => boleto.numero),
    tipo: text('tipo').notNull(),
    cincidencia: integer('cincidencia').references(() => viaje_incidencia.cincidencia),
    boleto_nuevo: text('boleto_nuevo'),
    monto_centimos: integer('monto_centimos').notNull().default(0),
    cargo_centimos: integer('cargo_centimos').notNull().default(0),
    /** A transfer: the passenger the ticket was in the name of (the seat's row now names the new one). */
    pasajero_anterior: jsonb('pasajero_anterior'),
    creado: instant('creado').notNull(),
  },
  (t) => [check('boleto_cambio_tipo_check', sql`${t.tipo} in ('reprogramacion', 'reembolso', 'credito', 'anulacion', 'transferencia')`)],
);

/**
 * Money going back (issue 35, "money leaves once"): one row per payment refunded for a ticket,
 * with its idempotency key (`clave`, unique: the provider's too), written before the provider is
 * called and completed with its answer. 'pendiente' until the provider answers ('hecho' with its
 * `operacion`, or 'fallido' with `respuesta`, retried with the same key by the periodic job;
 * 'revision' when the provider refused it or the tries ran out: the operator's to settle).
 */
export const reembolso = pgTable(
  'reembolso',
  {
    creembolso: integer('creembolso').primaryKey().generatedAlwaysAsIdentity(),
    numero: text('numero')
      .notNull()
      .references(() => boleto.numero),
    creserva: integer('creserva')
      .notNull()
      .references(() => reserva.creserva),
    cpago: integer('cpago').references(() => pago.cpago),
    proveedor: text('proveedor').notNull(),
    monto_centimos: integer('monto_centimos').notNull(),
    clave: text('clave').notNull().unique(),
    estado: text('estado').notNull().default('pendiente'),
    operacion: text('operacion'),
    respuesta: text('respuesta'),
    intentos: integer('intentos').notNull().default(0),
    /** A 'fallido' refund's next try by the periodic job (the same `clave`); null once it is left to the operator. */
    proximo: instant('proximo'),
    creado: instant('creado').notNull(),
    resuelto: instant('resuelto'),
  },
  (t) => [
    index().on(t.numero),
    index().on(t.estado, t.proximo),
    check('reembolso_estado_check', sql`${t.estado} in ('pendiente', 'hecho', 'fallido', 'revision')`),
    check('reembolso_monto_check', sql`${t.monto_centimos} > 0`),
  ],
);
