import { limaTime, type Trip } from '@rumbo/shared/schemas';

/** Step 2's line under its heading: the trip's cities, its departure and arrival in Lima, its service. */
export function seatsTripLine(trip: Trip, language: string): string {
  return `${trip.terminal_salida.ciudad} → ${trip.terminal_llegada.ciudad} · ${limaTime(trip.fecha_salida, language)} → ${limaTime(trip.fecha_llegada, language)} · ${trip.servicio}`;
}
