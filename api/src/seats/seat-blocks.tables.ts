import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { viaje } from '../trips/trips.tables';

/**
 * An operator's seat block (docs/decisions.md, "Seat blocks"): seats of a departure set aside for a
 * group or a counter sale. The seats are held (`viaje_asiento` 84 over the whole route) under a
 * purchase key drawn at random and thrown away (only `clave_hash` is kept), until the departure
 * leaves (`hasta`): nobody can reserve them online, and the seat map, the search and the waitlist
 * read them as taken, as any hold. `liberado`: when an operator gave them back to the store.
 */
export const bloqueo_asientos = pgTable(
  'bloqueo_asientos',
  {
    cbloqueo: integer('cbloqueo').primaryKey().generatedAlwaysAsIdentity(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    /** The seat numbers set aside. */
    asientos: integer('asientos').array().notNull(),
    motivo: text('motivo').notNull(),
    /** The operator's name (OPERATOR_TOKENS) who set them aside. */
    operador: text('operador').notNull(),
    clave_hash: text('clave_hash').notNull().unique(),
    creado: instant('creado').notNull(),
    hasta: instant('hasta').notNull(),
    liberado: instant('liberado'),
    liberado_por: text('liberado_por'),
  },
  (t) => [index('bloqueo_asientos_viaje_idx').on(t.cviaje)],
);
