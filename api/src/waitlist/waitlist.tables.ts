import { WAITLIST_STATES } from '@rumbo/shared/schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cuenta } from '../accounts/accounts.tables';
import { instant } from '../db/columns';
import { stopRange } from '../seats/seats.tables';
import { viaje } from '../trips/trips.tables';

/**
 * Issue 48: a place on the waitlist of one stretch (`paradas`, as `viaje_asiento` sells it) of a
 * departure, for `asientos` seats. The queue of a stretch is its places `esperando`, by `cespera`.
 * `esperando` → `ofrecido` (seats held for it until `oferta_expira` under the purchase key whose
 * hash is `clave_hash`) → `atendido` (a reservation was made with them) or `vencido` (the window
 * passed: the next in line gets them); `retirado` (the customer left), `cerrado` (sales closed).
 * The place's token (to leave it, to open its offer) is an HMAC of `cespera` (waitlist.service.ts):
 * nothing secret is stored.
 */
export const lista_espera = pgTable(
  'lista_espera',
  {
    cespera: integer('cespera').primaryKey().generatedAlwaysAsIdentity(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    paradas: stopRange('paradas').notNull(),
    cterminal_origen: integer('cterminal_origen').notNull(),
    cterminal_destino: integer('cterminal_destino').notNull(),
    asientos: integer('asientos').notNull(),
    /** Where the offer goes (the account's e-mail when signed in), lower case. */
    correo: text('correo').notNull(),
    ccuenta: integer('ccuenta').references(() => cuenta.ccuenta),
    idioma: text('idioma').notNull(),
    /** The departure's day in Lima (YYYY-MM-DD): at most WAITLIST_MAX_PER_DAY active places per customer and day. */
    dia: text('dia').notNull(),
    estado: text('estado').notNull().default('esperando'),
    creado: instant('creado').notNull(),
    ofrecido: instant('ofrecido'),
    oferta_expira: instant('oferta_expira'),
    clave_hash: text('clave_hash'),
    terminado: instant('terminado'),
  },
  (t) => [
    index('lista_espera_cola_idx').on(t.cviaje, t.estado, t.cespera),
    index('lista_espera_correo_idx').on(t.correo, t.dia),
    // One active place per customer and stretch of a departure.
    uniqueIndex('lista_espera_activa_uq').on(t.cviaje, t.paradas, t.correo).where(sql`${t.estado} in ('esperando', 'ofrecido')`),
    check('lista_espera_estado_check', sql`${t.estado} in (${sql.raw(WAITLIST_STATES.map((s) => `'${s}'`).join(', '))})`),
    check('lista_espera_asientos_check', sql`${t.asientos} between 1 and 5`),
  ],
);
