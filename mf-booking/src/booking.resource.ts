import { SALES_CHANNEL, api, type HeldSeat } from '@rumbo/shared';
import { DEVICE_HEADER, seatsEndpoints, tripsEndpoints, type RequestOf } from '@rumbo/shared/contract';
import { deviceId } from '@rumbo/shared/storage';
import type { FareDay, SeatHoldResult, SeatMap, Terminal, Trip, TripStop } from '@rumbo/shared/schemas';

/**
 * The contract's calls of the purchase flow (spec §7). Each answers undefined when the API gave no
 * result (network failure, 401/403); an error answer (400, 409...) throws the client's ApiError.
 */

export async function fetchTerminals(): Promise<Terminal[] | undefined> {
  const terminals = await api.call(tripsEndpoints.terminals);
  return Array.isArray(terminals) ? terminals : undefined;
}

export interface TripQuery {
  origen: string;
  destino: string;
  fecha: string;
}

/** The body of the day's trips request for `query` (`tripsEndpoints.trips`), from the site's sales channel. */
export const tripsRequest = (query: TripQuery) => ({
  origen: query.origen,
  destino: query.destino,
  fecha: query.fecha,
  cusuario: SALES_CHANNEL.cusuario,
  coficina_venta: SALES_CHANNEL.coficina_venta,
});

export async function searchTrips(query: TripQuery): Promise<Trip[] | undefined> {
  const trips = await api.call(tripsEndpoints.trips, tripsRequest(query));
  return Array.isArray(trips) ? trips : undefined;
}

/** The fare calendar around the query's day (issue 48): the lowest price of each day. */
export async function fetchFareCalendar(query: TripQuery): Promise<FareDay[] | undefined> {
  const days = await api.call(tripsEndpoints.fareCalendar, tripsRequest(query));
  return Array.isArray(days) ? days : undefined;
}

/**
 * The stops of a trip between the passenger's boarding and alighting terminals (the trip's
 * stretch, issue 19); an empty list when they could not be fetched (spec §7).
 */
export async function fetchStops(trip: StopsTrip): Promise<TripStop[] | undefined> {
  const stops = await api.call(tripsEndpoints.tripStops, {
    cviaje: trip.cviaje,
    cterminal_origen: trip.cterminal_origen,
    cterminal_destino: trip.cterminal_destino,
  });
  return Array.isArray(stops) ? stops : undefined;
}

export type SeatMapTrip = Pick<Trip, 'cviaje' | 'cterminal_origen' | 'cterminal_destino'>;

/** A trip whose stops are wanted: with its terminals, only those of the passenger's stretch. */
export type StopsTrip = Pick<Trip, 'cviaje'> & Partial<SeatMapTrip>;

/** The body of the seat map's request for `trip` (`seatsEndpoints.seatMap`). */
export const seatMapRequest = (trip: SeatMapTrip) => ({
  cviaje: trip.cviaje,
  cterminal_origen: trip.cterminal_origen,
  cterminal_destino: trip.cterminal_destino,
  susuario: SALES_CHANNEL.susuario,
  cusuario: SALES_CHANNEL.cusuario,
});

export async function fetchSeatMap(trip: SeatMapTrip): Promise<SeatMap | undefined> {
  const map = await api.call(seatsEndpoints.seatMap, seatMapRequest(trip));
  return map && Array.isArray(map.asientos) ? map : undefined;
}

/** The seat a hold or release names (spec body of `endpoints.seatHold`). */
export type SeatRef = Omit<HeldSeat, 'clave_bloqueo' | 'expira' | 'precio'>;

/** 84 holds the seat, 83 releases it; `clave_bloqueo` is the purchase's key once it has one. */
export function changeSeat(seat: SeatRef, gestado_asiento: 83 | 84, clave_bloqueo?: string): Promise<SeatHoldResult | undefined> {
  return api.call(seatsEndpoints.seatHold, {
    cviaje: seat.cviaje,
    cviaje_asiento: seat.cviaje_asiento,
    cterminal_origen: seat.cterminal_origen,
    cterminal_destino: seat.cterminal_destino,
    nasiento: seat.nasiento,
    gnivel_piso: seat.gnivel_piso,
    gcategoria_asiento: seat.gcategoria_asiento,
    gestado_asiento,
    susuario: SALES_CHANNEL.susuario,
    cusuario: SALES_CHANNEL.cusuario,
    ...(clave_bloqueo ? { clave_bloqueo } : {}),
    // A held seat keeps the map's floor and category as numbers; the API checks them against its schema.
  } as RequestOf<typeof seatsEndpoints.seatHold>, { headers: { [DEVICE_HEADER]: deviceId() } });
}
