/** Answers of the booking `/rest` calls: read by mf-booking and mf-content, written by the API. */

/** `POST /rest/terminales`: a terminal with its city (name and `/rest/iata` code). */
export interface Terminal {
  cterminal: number;
  nombre: string;
  direccion: string;
  cciudad: number;
  ciudad: string;
  codigo: string;
}

/** Fare fields of a trip (spec §3): S/ per seat class and deck, null where the bus has none. */
export const FARE_FIELDS = [
  'edd_calc_140_p1',
  'edd_calc_140_p2',
  'edd_calc_160_p1',
  'edd_calc_160_p1_individual',
  'edd_calc_160_p2',
  'edd_calc_180_p1',
  'edd_calc_180_p2',
] as const;
export type FareField = (typeof FARE_FIELDS)[number];

/** `gnivel_piso`: 15 is deck 1, 16 is deck 2. */
export const DECKS = [15, 16] as const;
export type DeckCode = (typeof DECKS)[number];
export const deckNumber = (gnivel_piso: number) => (gnivel_piso === 16 ? 2 : 1);

/**
 * The fare field a seat sells at (spec §3), one rule for the browser and the server: its class
 * and deck, `_individual` for the single-seat fare. `fareParts` reads one back.
 */
export function fareFieldOf(seat: { gcategoria_asiento: number; gnivel_piso: number }, individual = false): string {
  return `edd_calc_${seat.gcategoria_asiento}_p${deckNumber(seat.gnivel_piso)}${individual ? '_individual' : ''}`;
}

/** A fare field's seat class (140, 160, 180), deck (1, 2) and whether it is the single-seat fare. */
export function fareParts(field: FareField): { clase: number; piso: number; individual: boolean } {
  const match = /^edd_calc_(\d+)_p(\d)(_individual)?$/.exec(field)!;
  return { clase: Number(match[1]), piso: Number(match[2]), individual: Boolean(match[3]) };
}

/** What the "from" price of a trip is read from. */
export type FromPriceFields = Partial<Record<FareField, number | null>> & { nprecio_desde: number | null };

/**
 * The "from" price of a trip (spec §9), one rule for the browser and the server: `nprecio_desde`
 * when it is a positive price, else the lowest positive category price field; undefined when the
 * trip has neither. (The API advertises an `nprecio_desde` only when a seat sells at it.)
 */
export function fromPrice(trip: FromPriceFields): number | undefined {
  if (typeof trip.nprecio_desde === 'number' && trip.nprecio_desde > 0) return trip.nprecio_desde;
  let lowest: number | undefined;
  for (const field of FARE_FIELDS) {
    const price = trip[field];
    if (typeof price === 'number' && price > 0 && (lowest === undefined || price < lowest)) lowest = price;
  }
  return lowest;
}

/**
 * `POST /rest/viaje`: one departure over the stretch asked (issue 19: any two cities the bus
 * passes in order), enriched with its terminals. Terminals, times, duration, stops, free seats and
 * fares are the stretch's: `terminal_salida`/`fecha_salida` where the passenger boards,
 * `terminal_llegada`/`fecha_llegada` where they alight. Times are ISO instants.
 */
export type Trip = Record<FareField, number | null> & {
  cviaje: number;
  cterminal_origen: number;
  cterminal_destino: number;
  terminal_salida: Terminal;
  terminal_llegada: Terminal;
  /** The bus's own first and last terminals (the same as the stretch's when it is the whole route). */
  ruta_origen: Terminal;
  ruta_destino: Terminal;
  fecha_salida: string;
  fecha_llegada: string;
  duracion_min: number;
  servicio: string;
  pisos: number;
  asientos_libres: number;
  /** How many stops between boarding and alighting (`/rest/viaje/escalas` lists them). */
  escalas: number;
  nprecio_desde: number | null;
  /** Discount of the promotional seats, 0 when none. */
  promocion_pct: number;
};

/** `POST /rest/viaje/escalas`: an intermediate stop and when the bus gets there. */
export interface TripStop {
  orden: number;
  cciudad: number;
  ciudad: string;
  llegada: string;
}

/**
 * One cell of `POST /rest/maqueta` (spec §3): a seat (`gobjeto_sitio` 1) or a facility (2 stairs,
 * 3 restroom, 4 driver, 5 screen, 6 door). Cells not sent are empty (0). Seat fields are null on
 * facilities. `precio` is the server's price of the seat (promotional price already applied).
 */
export interface SeatCell {
  nasiento: number | null;
  gnivel_piso: number;
  gobjeto_sitio: number;
  gestado_asiento: number | null;
  iescala: number;
  gcategoria_asiento: number | null;
  ipromocion_asiento: number;
  cvariacion: number | null;
  dvariacion: string | null;
  iasiento_individual: number;
  diasiento_individual: string | null;
  xposicion: number;
  yposicion: number;
  promocion: number | null;
  cviaje_asiento: number | null;
  precio: number | null;
}

/** `POST /rest/maqueta`: the cells, and the priority seats (`especiales`). */
export interface SeatMap {
  asientos: SeatCell[];
  especiales: { nasiento: number; gnivel_piso: number; tipo: 'preferencial' }[];
}

/** `POST /rest/asiento/bloquear`: the seat's new state; for a hold, until when and the purchase key. */
export interface SeatHoldResult {
  cviaje: number;
  cviaje_asiento: number;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  gestado_asiento: number;
  /** ISO instant the hold ends; null after a release. */
  expira: string | null;
  clave_bloqueo: string;
  precio: number;
}

/** `POST /rest/asiento/extender`: when the purchase's holds end now, and how many extensions are left. */
export interface HoldExtension {
  /** ISO instant the first of the purchase's holds ends. */
  expira: string;
  prorrogas_restantes: number;
}
