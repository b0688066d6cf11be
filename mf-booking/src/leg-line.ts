import { limaDate, limaTime, type Trip } from '@rumbo/shared/schemas';

/**
 * What a leg's line says (step 3, the reservation): its cities, terminals, departure and service,
 * as a reservation's leg has them (`ReservationLeg`, the API's answer) and as a trip of the
 * purchase in progress gives them (`tripFacts`).
 */
export interface LegFacts {
  origen: string;
  destino: string;
  terminal_origen: string;
  terminal_destino: string;
  /** ISO instant of the departure. */
  salida: string;
  servicio: string;
}

/**
 * The names of the frames' leg lines (`{name}-{leg}`) that `./frame-fill` writes: step 3's, and
 * the reservation's (this browser's own purchase).
 */
export const LEG_FILLS = { payment: 'payment-leg', reservation: 'reservation-leg' } as const;

/** A trip of the purchase in progress (session storage) as a leg's facts. */
export const tripFacts = (trip: Trip): LegFacts => ({
  origen: trip.terminal_salida.ciudad,
  destino: trip.terminal_llegada.ciudad,
  terminal_origen: trip.terminal_salida.nombre,
  terminal_destino: trip.terminal_llegada.nombre,
  salida: trip.fecha_salida,
  servicio: trip.servicio,
});

/** The terminals' words of a line ("embarque en …, desembarque en …"), from the names. */
export type TerminalsText = (names: { salida: string; llegada: string }) => string;

/** A leg's line, after its label: cities, departure in Lima, service and terminals. */
export function legLine(leg: LegFacts, language: string, terminals: TerminalsText): string {
  return `${leg.origen} → ${leg.destino} · ${limaDate(leg.salida, language)} ${limaTime(leg.salida, language)} · ${leg.servicio} · ${terminals({ salida: leg.terminal_origen, llegada: leg.terminal_destino })}`;
}

/** The terminals' words from a template with `{salida}` and `{llegada}` in it (a frame's `data-terminals`). */
export const terminalsFromTemplate =
  (template: string): TerminalsText =>
  ({ salida, llegada }) =>
    template.replace('{salida}', () => salida).replace('{llegada}', () => llegada);
