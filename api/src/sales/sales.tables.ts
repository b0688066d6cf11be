import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { cuenta } from '../accounts/accounts.tables';
import { birthDate, minorColumns, passengerColumns } from '../people/people.tables';
import { viaje_asiento } from '../seats/seats.tables';
import { viaje } from '../trips/trips.tables';

/** A guest buyer who introduced themself (`/rest/invitado`) before reserving without an account. */
export const invitado = pgTable(
  'invitado',
  {
    cinvitado: integer('cinvitado').primaryKey().generatedAlwaysAsIdentity(),
    nombre: text('nombre').notNull(),
    email: text('email').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [index().on(t.email)],
);

/**
 * A reservation: the held seats of one purchase (`clave_hash`, the SHA-256 of its key), their
 * passengers and the buyer, waiting for payment with `codigo` until `expira`. A `pendiente` row
 * past `expira` reads as `anulada`/`vencido` (no sweeper). Amounts in céntimos.
 */
export const reserva = pgTable(
  'reserva',
  {
    creserva: integer('creserva').primaryKey().generatedAlwaysAsIdentity(),
    codigo: text('codigo').notNull().unique(),
    clave_hash: text('clave_hash').notNull(),
    /** 'pendiente' | 'pagada' | 'anulada' | 'reembolso' */
    estado: text('estado').notNull(),
    /** 'rechazado' | 'vencido' | 'asientos_ocupados' */
    motivo: text('motivo'),
    /** Something an operator must look at: 'monto_distinto' (paid another amount), 'pago_duplicado', 'credito_insuficiente' (issue 35: a late payment whose held credit had gone, issued before issue 45 refunded such a payment instead). */
    alerta: text('alerta'),
    expira: instant('expira').notNull(),
    subtotal_centimos: integer('subtotal_centimos').notNull(),
    descuento_centimos: integer('descuento_centimos').notNull(),
    total_centimos: integer('total_centimos').notNull(),
    cupon: text('cupon'),
    descuento_pct: integer('descuento_pct'),
    comprador_nombre: text('comprador_nombre').notNull(),
    comprador_email: text('comprador_email').notNull(),
    comprobante: text('comprobante').notNull(),
    ruc: text('ruc'),
    razon_social: text('razon_social'),
    /** The signed-in customer who reserved; null for a guest. */
    ccuenta: integer('ccuenta').references(() => cuenta.ccuenta),
    /** Language of the buyer's mails (the one used to reserve). */
    idioma: text('idioma').notNull(),
    creado: instant('creado').notNull(),
    pagado: instant('pagado'),
    /** Issue 7: 'venta', or 'postergacion' (the fare difference of moving `boleto_origen` to this reservation's seat). */
    tipo: text('tipo').notNull().default('venta'),
    boleto_origen: text('boleto_origen'),
    /** Issue 7: the sale a postponement descends from (its code and keys also give access); null for a sale. */
    creserva_origen: integer('creserva_origen'),
    /** Issue 7: points redeemed on this purchase and their worth, already taken off `total_centimos`. */
    puntos_canje: integer('puntos_canje').notNull().default(0),
    canje_centimos: integer('canje_centimos').notNull().default(0),
  },
  (t) => [
    index().on(t.clave_hash),
    index().on(t.ccuenta),
    index().on(t.boleto_origen),
    check('reserva_estado_check', sql`${t.estado} in ('pendiente', 'pagada', 'anulada', 'reembolso')`),
    check('reserva_tipo_check', sql`${t.tipo} in ('venta', 'postergacion')`),
    check(
      'reserva_total_check',
      sql`${t.total_centimos} >= 0 and ${t.canje_centimos} >= 0 and ${t.total_centimos} = ${t.subtotal_centimos} - ${t.descuento_centimos} - ${t.canje_centimos}`,
    ),
  ],
);

/** The reservation a row belongs to. */
const reservationRef = () =>
  integer('creserva')
    .notNull()
    .references(() => reserva.creserva);

/** The seat row (trip, seat, stretch) a row is about. */
const seatRef = () =>
  integer('cviaje_asiento')
    .notNull()
    .references(() => viaje_asiento.cviaje_asiento);

/** A seat of a reservation with its price and a copy of its passenger as reserved. */
export const reserva_asiento = pgTable(
  'reserva_asiento',
  {
    creserva: reservationRef(),
    cviaje_asiento: seatRef(),
    cviaje: integer('cviaje')
      .notNull()
      .references(() => viaje.cviaje),
    /** 'ida' | 'vuelta' */
    tramo: text('tramo').notNull(),
    nasiento: integer('nasiento').notNull(),
    gnivel_piso: integer('gnivel_piso').notNull(),
    precio_centimos: integer('precio_centimos').notNull(),
    ...passengerColumns(),
    nacimiento: birthDate(),
    ...minorColumns(),
  },
  (t) => [unique().on(t.creserva, t.cviaje_asiento), index().on(t.cviaje_asiento)],
);

/**
 * A payment attempt: one per start (`/rest/safetypay`, `/rest/efectivo`). `referencia` is ours
 * (the provider echoes it in its notices); `operacion` is the provider's id once it notifies.
 */
export const pago = pgTable(
  'pago',
  {
    cpago: integer('cpago').primaryKey().generatedAlwaysAsIdentity(),
    creserva: reservationRef(),
    referencia: text('referencia').notNull().unique(),
    proveedor: text('proveedor').notNull(),
    metodo: text('metodo').notNull(),
    /** 'iniciado' | 'pagado' | 'rechazado' */
    estado: text('estado').notNull(),
    monto_centimos: integer('monto_centimos').notNull(),
    url: text('url'),
    cip: text('cip'),
    expira: instant('expira'),
    operacion: text('operacion'),
    creado: instant('creado').notNull(),
  },
  (t) => [index().on(t.creserva), check('pago_estado_check', sql`${t.estado} in ('iniciado', 'pagado', 'rechazado')`)],
);

/**
 * Every verified notice, once: (proveedor, operacion) is the idempotency key, inserted in the
 * transaction that acts on the notice, so a notice delivered many times acts once.
 */
export const pago_aviso = pgTable(
  'pago_aviso',
  {
    caviso: integer('caviso').primaryKey().generatedAlwaysAsIdentity(),
    proveedor: text('proveedor').notNull(),
    operacion: text('operacion').notNull(),
    referencia: text('referencia').notNull(),
    cpago: integer('cpago').references(() => pago.cpago),
    estado: text('estado').notNull(),
    monto_centimos: integer('monto_centimos').notNull(),
    moneda: text('moneda').notNull(),
    /** What it did: 'pagada', 'rechazada', 'reembolso', 'monto_distinto', 'pago_duplicado', 'sin_efecto', 'desconocido'. */
    resultado: text('resultado').notNull(),
    recibido: instant('recibido').notNull(),
  },
  (t) => [uniqueIndex('pago_aviso_operacion_uq').on(t.proveedor, t.operacion)],
);

/** The passenger columns of a ticket, from a seat row's (or a transfer's) passenger. */
export const ticketPassenger = (p: { ctipo_documento: number; numero: string; nombres: string; paterno: string; materno: string; nacimiento: string }) => ({
  pasajero_ctipo_documento: p.ctipo_documento,
  pasajero_numero: p.numero,
  pasajero_nombres: p.nombres,
  pasajero_paterno: p.paterno,
  pasajero_materno: p.materno,
  pasajero_nacimiento: p.nacimiento,
});

/** An issued e-ticket: one per seat of a paid reservation, written with the payment. */
export const boleto = pgTable(
  'boleto',
  {
    numero: text('numero').primaryKey(),
    creserva: reservationRef(),
    cviaje_asiento: seatRef(),
    qr: text('qr').notNull(),
    emitido: instant('emitido').notNull(),
    /**
     * Issue 7: 'emitido' (valid) or 'postergado' (void, replaced by `postergado_a`); issue 35:
     * 'anulado' (cancelled: refunded or turned into credit), 'transferido' (void, replaced by
     * `postergado_a` in another passenger's name).
     */
    estado: text('estado').notNull().default('emitido'),
    postergado_a: text('postergado_a'),
    /**
     * Issue 35: the passenger this ticket was issued to, kept on the ticket: a transfer issues a new
     * ticket in another name and the seat's row (`reserva_asiento`) then names the new passenger,
     * while the old ticket still shows whom it was for. Every view of a ticket reads these.
     */
    pasajero_ctipo_documento: integer('pasajero_ctipo_documento').notNull(),
    pasajero_numero: text('pasajero_numero').notNull(),
    pasajero_nombres: text('pasajero_nombres').notNull(),
    pasajero_paterno: text('pasajero_paterno').notNull(),
    pasajero_materno: text('pasajero_materno').notNull(),
    pasajero_nacimiento: date('pasajero_nacimiento', { mode: 'string' }).notNull(),
  },
  // A seat is sold once: a second valid ticket for it cannot be written, whatever the code path
  // (a postponed ticket's seat is freed and may be sold again).
  (t) => [
    uniqueIndex('boleto_asiento_uq').on(t.cviaje_asiento).where(sql`${t.estado} = 'emitido'`),
    index().on(t.creserva),
    check('boleto_estado_check', sql`${t.estado} in ('emitido', 'postergado', 'anulado', 'transferido')`),
  ],
);

/**
 * Issue 7: the tickets' ledger. Every change to a ticket is a row written in the transaction of
 * the change: 'emision' (a ticket issued, `monto` its fare), 'postergacion' (`numero` moved to
 * `boleto_hasta`, `monto` the difference paid), 'anulacion' (voided by the operator).
 */
export const boleto_movimiento = pgTable(
  'boleto_movimiento',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    numero: text('numero')
      .notNull()
      .references(() => boleto.numero),
    tipo: text('tipo').notNull(),
    boleto_desde: text('boleto_desde'),
    boleto_hasta: text('boleto_hasta'),
    monto_centimos: integer('monto_centimos').notNull(),
    creserva: reservationRef(),
    fecha: instant('fecha').notNull(),
  },
  (t) => [index().on(t.numero), check('boleto_movimiento_tipo_check', sql`${t.tipo} in ('emision', 'postergacion', 'anulacion', 'transferencia')`)],
);

/** Issue 7: an access key `/rest/venta/recovery` gave (only its SHA-256), valid until `expira`. */
export const acceso_recuperacion = pgTable(
  'acceso_recuperacion',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creserva: reservationRef(),
    clave_hash: text('clave_hash').notNull().unique(),
    expira: instant('expira').notNull(),
    creado: instant('creado').notNull(),
  },
  (t) => [index().on(t.creserva)],
);

/** Issue 7: a passenger's sworn declaration for a ticket, once (the ticket number is the key). */
export const declaracion_jurada = pgTable('declaracion_jurada', {
  numero: text('numero')
    .primaryKey()
    .references(() => boleto.numero),
  contacto_nombre: text('contacto_nombre').notNull(),
  contacto_telefono: text('contacto_telefono').notNull(),
  sin_objetos_prohibidos: boolean('sin_objetos_prohibidos').notNull(),
  apto_para_viajar: boolean('apto_para_viajar').notNull(),
  datos_veraces: boolean('datos_veraces').notNull(),
  registrada: instant('registrada').notNull(),
});

/**
 * Issue 7: points a signed-in customer applied to a purchase (`clave_hash`): a HOLD, no ledger
 * row. It counts against the available balance while `estado` is 'retenido', `expira` is ahead
 * and its reservation (once there is one) is pending; so points come back by themselves when the
 * purchase lapses or is declined. The paid transaction writes the ledger row and marks it 'canjeado'.
 */
export const canje_puntos = pgTable(
  'canje_puntos',
  {
    clave_hash: text('clave_hash').primaryKey(),
    ccuenta: integer('ccuenta')
      .notNull()
      .references(() => cuenta.ccuenta),
    puntos: integer('puntos').notNull(),
    expira: instant('expira').notNull(),
    creserva: integer('creserva').references(() => reserva.creserva),
    estado: text('estado').notNull().default('retenido'),
    creado: instant('creado').notNull(),
  },
  (t) => [index().on(t.ccuenta), check('canje_puntos_check', sql`${t.puntos} >= 0 and ${t.estado} in ('retenido', 'canjeado')`)],
);
