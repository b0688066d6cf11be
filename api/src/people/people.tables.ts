import { boolean, date, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { viaje_asiento } from '../seats/seats.tables';

/** A passenger's document, names and e-mail: what a reservation keeps of each seat's passenger too. */
export const passengerColumns = () => ({
  ctipo_documento: integer('ctipo_documento').notNull(),
  numero: text('numero').notNull(),
  nombres: text('nombres').notNull(),
  paterno: text('paterno').notNull(),
  materno: text('materno').notNull(),
  email: text('email').notNull(),
});

/** A passenger's birth date (`YYYY-MM-DD`). */
export const birthDate = () => date('nacimiento', { mode: 'string' }).notNull();

/** A person as the passenger form registers them. */
const personColumns = () => ({
  ...passengerColumns(),
  celular: text('celular').notNull(),
  genero: text('genero').notNull(),
  nacimiento: birthDate(),
});

/** Issue 34: a child under 5 riding on the passenger's lap (`LapChildSchema`, checked), as registered. */
export interface StoredLapChild {
  ctipo_documento: number;
  numero: string;
  nombres: string;
  paterno: string;
  materno: string;
  nacimiento: string;
  parentesco: string;
  /** The buyer confirmed the notarial travel authorization (the carrier is not a parent); false when not needed. */
  autorizacion_notarial: boolean;
}

/**
 * Whether the passenger is a minor, and then the seat of the adult responsible and how they are
 * related; issue 34: whether the buyer confirmed the notarial travel authorization (a minor
 * travelling without a parent; null when not asked), and the lap child the passenger carries.
 */
export const minorColumns = () => ({
  menor: boolean('menor').notNull(),
  cviaje_asiento_responsable: integer('cviaje_asiento_responsable'),
  parentesco: text('parentesco'),
  autorizacion_notarial: boolean('autorizacion_notarial'),
  infante: jsonb('infante').$type<StoredLapChild>(),
});

/** A known passenger, by document (type + number); updated each time a buyer registers it. */
export const persona = pgTable(
  'persona',
  {
    cpersona: integer('cpersona').primaryKey().generatedAlwaysAsIdentity(),
    ...personColumns(),
    actualizado: instant('actualizado').notNull(),
  },
  (t) => [unique('persona_documento_uq').on(t.ctipo_documento, t.numero)],
);

/**
 * The passenger of a held seat, written by `/rest/asiento/asociar` under the purchase's key hash;
 * a minor's row names the responsible adult's seat and the relationship (`/rest/asiento/menor`).
 */
export const asiento_pasajero = pgTable('asiento_pasajero', {
  cviaje_asiento: integer('cviaje_asiento')
    .primaryKey()
    .references(() => viaje_asiento.cviaje_asiento),
  clave_hash: text('clave_hash').notNull(),
  ...personColumns(),
  ...minorColumns(),
});
