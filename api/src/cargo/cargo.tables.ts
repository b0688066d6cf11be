import { boolean, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { agencia } from '../agencies/agencies.tables';

/** A shipment of cargo or parcels, tracked by its code (`QK48213907`: random letters and digits, see newTrackingCode). */
export const encomienda = pgTable('encomienda', {
  codigo: text('codigo').primaryKey(),
  cagencia_origen: integer('cagencia_origen')
    .notNull()
    .references(() => agencia.cagencia),
  cagencia_destino: integer('cagencia_destino')
    .notNull()
    .references(() => agencia.cagencia),
  remitente: text('remitente').notNull(),
  destinatario: text('destinatario').notNull(),
  /** The receiver's document number; asked on tracking when `pide_documento`. */
  documento_destinatario: text('documento_destinatario').notNull(),
  pide_documento: boolean('pide_documento').notNull().default(false),
  paquetes: integer('paquetes').notNull(),
  peso_kg: numeric('peso_kg', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  valor_declarado: numeric('valor_declarado', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  registrado: instant('registrado').notNull(),
  /**
   * Issue 34: a shipment paid at a counter (`registerPaidShipment`): what was paid (IGV included),
   * when, the sender's document (catálogo 06 on the voucher) and where its voucher is mailed, in
   * which language. Null for the shipments recorded before (the seed's).
   */
  precio_centimos: integer('precio_centimos'),
  pagado: instant('pagado'),
  remitente_tipo_documento: integer('remitente_tipo_documento'),
  remitente_documento: text('remitente_documento'),
  email: text('email'),
  idioma: text('idioma'),
});

/** What happened to a shipment, in order: received, in transit, arrived, out for delivery, delivered. */
export const encomienda_evento = pgTable(
  'encomienda_evento',
  {
    codigo: text('codigo')
      .notNull()
      .references(() => encomienda.codigo),
    orden: integer('orden').notNull(),
    /** `recibido` | `en_transito` | `llegado` | `en_reparto` | `entregado` */
    estado: text('estado').notNull(),
    cagencia: integer('cagencia').references(() => agencia.cagencia),
    fecha: instant('fecha').notNull(),
  },
  (t) => [primaryKey({ columns: [t.codigo, t.orden] })],
);
