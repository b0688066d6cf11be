import * as v from 'valibot';

/**
 * Answers of the booking `/rest` calls: read by mf-booking and mf-content, written by the API.
 * Each is a valibot schema (the contract's answer, see `@rumbo/shared/contract`) and its type.
 */

/** `POST /rest/terminales`: a terminal with its city (name and `/rest/iata` code). */
export const TerminalAnswer = v.object({
  cterminal: v.number(),
  nombre: v.string(),
  direccion: v.string(),
  cciudad: v.number(),
  ciudad: v.string(),
  codigo: v.string(),
});
export type Terminal = v.InferOutput<typeof TerminalAnswer>;

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
export const TripAnswer = v.object({
  ...(Object.fromEntries(FARE_FIELDS.map((field) => [field, v.nullable(v.number())])) as Record<FareField, v.NullableSchema<v.NumberSchema<undefined>, undefined>>),
  cviaje: v.number(),
  cterminal_origen: v.number(),
  cterminal_destino: v.number(),
  terminal_salida: TerminalAnswer,
  terminal_llegada: TerminalAnswer,
  /** The bus's own first and last terminals (the same as the stretch's when it is the whole route). */
  ruta_origen: TerminalAnswer,
  ruta_destino: TerminalAnswer,
  fecha_salida: v.string(),
  fecha_llegada: v.string(),
  duracion_min: v.number(),
  servicio: v.string(),
  pisos: v.number(),
  asientos_libres: v.number(),
  /** How many stops between boarding and alighting (`/rest/viaje/escalas` lists them). */
  escalas: v.number(),
  nprecio_desde: v.nullable(v.number()),
  /** Discount of the promotional seats, 0 when none. */
  promocion_pct: v.number(),
});
export type Trip = v.InferOutput<typeof TripAnswer>;

/** `POST /rest/viaje/escalas`: an intermediate stop and when the bus gets there. */
export const TripStopAnswer = v.object({
  orden: v.number(),
  cciudad: v.number(),
  ciudad: v.string(),
  llegada: v.string(),
});
export type TripStop = v.InferOutput<typeof TripStopAnswer>;

/**
 * `POST /rest/viaje/calendario` (issue 48): one day of the fare calendar around a search's day: the
 * lowest "from" price (`fromPrice`) of its departures with a free seat, null when none has one,
 * and how many such departures leave that day.
 */
export const FareDayAnswer = v.object({
  fecha: v.string(),
  desde: v.nullable(v.number()),
  viajes: v.number(),
});
export type FareDay = v.InferOutput<typeof FareDayAnswer>;

/**
 * One cell of `POST /rest/maqueta` (spec §3): a seat (`gobjeto_sitio` 1) or a facility (2 stairs,
 * 3 restroom, 4 driver, 5 screen, 6 door). Cells not sent are empty (0). Seat fields are null on
 * facilities. `precio` is the server's price of the seat (promotional price already applied).
 */
export const SeatCellAnswer = v.object({
  nasiento: v.nullable(v.number()),
  gnivel_piso: v.number(),
  gobjeto_sitio: v.number(),
  gestado_asiento: v.nullable(v.number()),
  iescala: v.number(),
  gcategoria_asiento: v.nullable(v.number()),
  ipromocion_asiento: v.number(),
  cvariacion: v.nullable(v.number()),
  dvariacion: v.nullable(v.string()),
  iasiento_individual: v.number(),
  diasiento_individual: v.nullable(v.string()),
  xposicion: v.number(),
  yposicion: v.number(),
  promocion: v.nullable(v.number()),
  cviaje_asiento: v.nullable(v.number()),
  precio: v.nullable(v.number()),
});
export type SeatCell = v.InferOutput<typeof SeatCellAnswer>;

/** `POST /rest/maqueta`: the cells, and the priority seats (`especiales`). */
export const SeatMapAnswer = v.object({
  asientos: v.array(SeatCellAnswer),
  especiales: v.array(v.object({ nasiento: v.number(), gnivel_piso: v.number(), tipo: v.literal('preferencial') })),
});
export type SeatMap = v.InferOutput<typeof SeatMapAnswer>;

/** `POST /rest/asiento/bloquear`: the seat's new state; for a hold, until when and the purchase key. */
export const SeatHoldResultAnswer = v.object({
  cviaje: v.number(),
  cviaje_asiento: v.number(),
  nasiento: v.number(),
  gnivel_piso: v.number(),
  gcategoria_asiento: v.number(),
  gestado_asiento: v.number(),
  /** ISO instant the hold ends; null after a release. */
  expira: v.nullable(v.string()),
  clave_bloqueo: v.string(),
  precio: v.number(),
});
export type SeatHoldResult = v.InferOutput<typeof SeatHoldResultAnswer>;

/** `POST /rest/asiento/extender`: when the purchase's holds end now, and how many extensions are left. */
export const HoldExtensionAnswer = v.object({
  /** ISO instant the first of the purchase's holds ends. */
  expira: v.string(),
  prorrogas_restantes: v.number(),
});
export type HoldExtension = v.InferOutput<typeof HoldExtensionAnswer>;
