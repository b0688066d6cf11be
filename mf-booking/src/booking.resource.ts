import { SALES_CHANNEL, api, serverPageData, type HeldSeat } from '@rumbo/shared';
import { DEVICE_HEADER, seatsEndpoints, tripsEndpoints, type RequestOf } from '@rumbo/shared/contract';
import { deviceId } from '@rumbo/shared/storage';
import { FareDayAnswer, SeatMapAnswer, TripAnswer, type FareDay, type SeatHoldResult, type SeatMap, type Terminal, type Trip, type TripStop } from '@rumbo/shared/schemas';
import * as v from 'valibot';

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

/** Where step 1's loader puts the day's trips of the leg its address asks (`PAINT.data`): the query and the API's answer. */
export const TRIPS_DATA_KEY = tripsEndpoints.trips.path;
export interface LoadedTrips {
  query: TripQuery;
  answer: Trip[];
}

let loadedTripsUsed = false;

/**
 * The day's trips step 1's loader asked on the server for the leg its address names, if it is
 * `query` and the page has not refreshed them yet (`loadedTripsRefreshed`): the page's first list, shown
 * from its first render (the server's and the browser's, however many times React renders it
 * while it hydrates), which the page then asks anew (a render may be a minute old: `CACHE_SECONDS`),
 * as any later one.
 */
export function loadedTrips(query: TripQuery): Trip[] | undefined {
  if (loadedTripsUsed) return undefined;
  const loaded = serverPageData(TRIPS_DATA_KEY) as Partial<LoadedTrips> | undefined;
  if (!loaded?.query || (['origen', 'destino', 'fecha'] as const).some((field) => loaded.query![field] !== query[field])) return undefined;
  const checked = v.safeParse(v.array(TripAnswer), loaded.answer);
  return checked.success ? checked.output : undefined;
}

/**
 * The page has asked its trips anew: the loader's are not shown again in this visit (the server
 * renders many pages with one module: there, they never are used up).
 */
export function loadedTripsRefreshed(): void {
  if (typeof window !== 'undefined') loadedTripsUsed = true;
}

/** The fare calendar around the query's day (issue 48): the lowest price of each day. */
export async function fetchFareCalendar(query: TripQuery): Promise<FareDay[] | undefined> {
  const days = await api.call(tripsEndpoints.fareCalendar, tripsRequest(query));
  return Array.isArray(days) ? days : undefined;
}

/** Where step 1's loader puts the fare calendar of the leg its address asks: the query and the API's answer. */
export const FARE_CALENDAR_DATA_KEY = tripsEndpoints.fareCalendar.path;
export interface LoadedFareCalendar {
  query: TripQuery;
  answer: FareDay[];
}

/** The fare calendar step 1's loader asked on the server, if it is the one of `query`: drawn from the first render. */
export function loadedFareCalendar(query: TripQuery): FareDay[] | undefined {
  const loaded = serverPageData(FARE_CALENDAR_DATA_KEY) as Partial<LoadedFareCalendar> | undefined;
  if (!loaded?.query || (['origen', 'destino', 'fecha'] as const).some((field) => loaded.query![field] !== query[field])) return undefined;
  const checked = v.safeParse(v.array(FareDayAnswer), loaded.answer);
  return checked.success ? checked.output : undefined;
}

/** Lets the loader's trips be shown again (tests: several pages in one document). */
export function resetLoadedTrips(): void {
  loadedTripsUsed = false;
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

/** Where step 2's loader puts the seat map of the trip its address names (`PAINT.data`): the trip and the API's answer. */
export const SEAT_MAP_DATA_KEY = seatsEndpoints.seatMap.path;
export interface LoadedSeatMap {
  trip: SeatMapTrip;
  answer: SeatMap;
}

let loadedTaken = false;

/**
 * The seat map step 2's loader asked on the server for the trip its address names, if it is
 * `trip`'s (the purchase this browser keeps): taken once, for the page's first map, which the page
 * then asks anew (a render may be a minute old: `CACHE_SECONDS`), as any later one.
 */
export function takeLoadedSeatMap(trip: SeatMapTrip): SeatMap | undefined {
  if (loadedTaken) return undefined;
  loadedTaken = true;
  const loaded = serverPageData(SEAT_MAP_DATA_KEY) as Partial<LoadedSeatMap> | undefined;
  if (!loaded?.trip || (['cviaje', 'cterminal_origen', 'cterminal_destino'] as const).some((field) => loaded.trip![field] !== trip[field])) return undefined;
  const checked = v.safeParse(SeatMapAnswer, loaded.answer);
  return checked.success && Array.isArray(checked.output.asientos) ? checked.output : undefined;
}

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
