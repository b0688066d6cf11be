import { limaDate, limaTime, type Trip } from '@rumbo/shared/schemas';

/** The terminals' words of a line ("embarque en …, desembarque en …"), from the names. */
export type TerminalsText = (names: { salida: string; llegada: string }) => string;

/** A leg's line on step 3, after its label: cities, departure in Lima, service and terminals. */
export function paymentLegLine(trip: Trip, language: string, terminals: TerminalsText): string {
  return `${trip.terminal_salida.ciudad} → ${trip.terminal_llegada.ciudad} · ${limaDate(trip.fecha_salida, language)} ${limaTime(trip.fecha_salida, language)} · ${trip.servicio} · ${terminals({ salida: trip.terminal_salida.nombre, llegada: trip.terminal_llegada.nombre })}`;
}

/** The terminals' words from a template with `{salida}` and `{llegada}` in it (the frame's `data-terminals`). */
export const terminalsFromTemplate =
  (template: string): TerminalsText =>
  ({ salida, llegada }) =>
    template.replace('{salida}', () => salida).replace('{llegada}', () => llegada);
