import { boolean, index, integer, numeric, pgTable, primaryKey, text, time, unique } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { ciudad } from '../cities/cities.tables';

/** A bus terminal of the operator; every city has at least one. */
export const terminal = pgTable('terminal', {
  cterminal: integer('cterminal').primaryKey(),
  cciudad: integer('cciudad')
    .notNull()
    .references(() => ciudad.cciudad),
  nombre: text('nombre').notNull(),
  direccion: text('direccion').notNull(),
});

/** A route between two terminals, with its base fare (economy, deck 2) and its duration. */
export const ruta = pgTable(
  'ruta',
  {
    cruta: integer('cruta').primaryKey(),
    cterminal_origen: integer('cterminal_origen')
      .notNull()
      .references(() => terminal.cterminal),
    cterminal_destino: integer('cterminal_destino')
      .notNull()
      .references(() => terminal.cterminal),
    duracion_min: integer('duracion_min').notNull(),
    precio_base: numeric('precio_base', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.cterminal_origen, t.cterminal_destino)],
);

/** Intermediate stops of a route, in order, with the time from departure. */
export const ruta_escala = pgTable(
  'ruta_escala',
  {
    cruta: integer('cruta')
      .notNull()
      .references(() => ruta.cruta),
    orden: integer('orden').notNull(),
    cciudad: integer('cciudad')
      .notNull()
      .references(() => ciudad.cciudad),
    minutos: integer('minutos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cruta, t.orden] })],
);

/** A bus layout: one or two decks. */
export const maqueta = pgTable('maqueta', {
  cmaqueta: integer('cmaqueta').primaryKey(),
  nombre: text('nombre').notNull(),
  servicio: text('servicio').notNull(),
  pisos: integer('pisos').notNull(),
  /** Number of seats, so the trip list counts free seats without reading the layout. */
  asientos: integer('asientos').notNull(),
});

/**
 * One non-empty cell of a layout: a seat (gobjeto_sitio 1) or a facility (2 stairs, 3 restroom,
 * 4 driver, 5 screen, 6 door). Cells not listed are empty (gobjeto_sitio 0).
 */
export const maqueta_sitio = pgTable(
  'maqueta_sitio',
  {
    cmaqueta: integer('cmaqueta')
      .notNull()
      .references(() => maqueta.cmaqueta),
    gnivel_piso: integer('gnivel_piso').notNull(),
    xposicion: integer('xposicion').notNull(),
    yposicion: integer('yposicion').notNull(),
    gobjeto_sitio: integer('gobjeto_sitio').notNull(),
    nasiento: integer('nasiento'),
    gcategoria_asiento: integer('gcategoria_asiento'),
    iasiento_individual: boolean('iasiento_individual').notNull().default(false),
    /** Seats that may be sold at the trip's promotional price. */
    promocionable: boolean('promocionable').notNull().default(false),
    /** Priority seats (people with disabilities, elderly, pregnant): the map's `especiales`. */
    preferencial: boolean('preferencial').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.cmaqueta, t.gnivel_piso, t.xposicion, t.yposicion] }), unique().on(t.cmaqueta, t.nasiento)],
);

/** The daily departures of a route: the seed turns them into trips for the coming days. */
export const ruta_horario = pgTable(
  'ruta_horario',
  {
    cruta: integer('cruta')
      .notNull()
      .references(() => ruta.cruta),
    hora: time('hora').notNull(),
    cmaqueta: integer('cmaqueta')
      .notNull()
      .references(() => maqueta.cmaqueta),
  },
  (t) => [primaryKey({ columns: [t.cruta, t.hora] })],
);

/**
 * One departure. Fares are decided here, by the server, per seat class and deck (`edd_calc_*`,
 * null where the bus has no such seat); the client never sends a price.
 */
export const viaje = pgTable(
  'viaje',
  {
    cviaje: integer('cviaje').primaryKey().generatedAlwaysAsIdentity(),
    cruta: integer('cruta')
      .notNull()
      .references(() => ruta.cruta),
    cmaqueta: integer('cmaqueta')
      .notNull()
      .references(() => maqueta.cmaqueta),
    salida: instant('salida').notNull(),
    llegada: instant('llegada').notNull(),
    edd_calc_140_p1: numeric('edd_calc_140_p1', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_140_p2: numeric('edd_calc_140_p2', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_160_p1: numeric('edd_calc_160_p1', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_160_p1_individual: numeric('edd_calc_160_p1_individual', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_160_p2: numeric('edd_calc_160_p2', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_180_p1: numeric('edd_calc_180_p1', { precision: 10, scale: 2, mode: 'number' }),
    edd_calc_180_p2: numeric('edd_calc_180_p2', { precision: 10, scale: 2, mode: 'number' }),
    /** A "from" price set by a campaign; else the lowest positive fare is the "from" price. */
    nprecio_desde: numeric('nprecio_desde', { precision: 10, scale: 2, mode: 'number' }),
    /** Discount (percent) on the layout's promotional seats; 0 when the trip has no promotion. */
    promocion_pct: integer('promocion_pct').notNull().default(0),
    /** Set once the trip's seat rows exist (created on first use from the layout). */
    asientos_creados: boolean('asientos_creados').notNull().default(false),
  },
  (t) => [unique().on(t.cruta, t.salida), index('viaje_salida_idx').on(t.salida)],
);
