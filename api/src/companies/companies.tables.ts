import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/** Companies known by RUC: looked up by the corporate form and by a factura at payment. */
export const empresa = pgTable('empresa', {
  ruc: text('ruc').primaryKey(),
  razon_social: text('razon_social').notNull(),
  direccion: text('direccion'),
  registrado: instant('registrado').notNull(),
});

/** A company's request for corporate services, with its contact person. */
export const empresa_contacto = pgTable('empresa_contacto', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ruc: text('ruc')
    .notNull()
    .references(() => empresa.ruc),
  contacto: text('contacto').notNull(),
  correo: text('correo').notNull(),
  telefono: text('telefono').notNull(),
  mensaje: text('mensaje').notNull(),
  idioma: text('idioma').notNull(),
  creado: instant('creado').notNull(),
});
