import * as v from 'valibot';
import { SALES_CHANNEL } from '../constants';
import { SEAT_STATE } from './seat-hold';
import { addDays, isCalendarDate, limaToday } from './format';

/** Trips are on sale from today to this many days ahead (the API seeds the same window). */
export const SALES_WINDOW_DAYS = 60;
/** The fare calendar shows this many days before and after the day searched (within the sales window). */
export const FARE_CALENDAR_DAYS = 7;
/** At most this many seats in one purchase (per trip). */
export const MAX_SEATS = 5;
/** A seat hold lasts this long; the seat map counts it down. */
export const HOLD_MINUTES = 10;
/**
 * A purchase's holds may be extended (`POST /rest/asiento/extender`) this many times, each to
 * HOLD_MINUTES from the moment asked (WCAG 2.2.1 "timing adjustable")...
 */
export const HOLD_EXTENSIONS = 2;
/** ...and never past this many minutes after the purchase's first hold (the cap the API enforces). */
export const HOLD_MAX_MINUTES = 30;
/** The countdown warns (shown and announced) this many seconds before the holds end. */
export const HOLD_WARNING_SECONDS = 150;


export { addDays };

const cityCode = (message: string) => v.pipe(v.string(message), v.regex(/^[A-Z]{3}$/, message));
const saleDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.isoDate(message),
    v.check(isCalendarDate, 'trip.fecha.invalid'),
    v.check((date) => date >= limaToday(), 'trip.fecha.past'),
    v.check((date) => date <= addDays(limaToday(), SALES_WINDOW_DAYS), 'trip.fecha.far'),
  );
const id = (message = 'request.invalid') => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));
const webUser = v.literal(SALES_CHANNEL.cusuario, 'trip.channel');

/**
 * The search widget's form and the query of step 1 (`/pasajes?origen&destino&fecha[&regreso]&pasajeros`).
 * Cities are the short codes of `/rest/iata`.
 */
export const TripSearchFormSchema = v.pipe(
  v.object({
    origen: cityCode('trip.origen.required'),
    destino: cityCode('trip.destino.required'),
    fecha: saleDate('trip.fecha.required'),
    regreso: v.optional(saleDate('trip.fecha.required')),
    pasajeros: v.pipe(v.number('trip.pasajeros.range'), v.integer('trip.pasajeros.range'), v.minValue(1, 'trip.pasajeros.range'), v.maxValue(MAX_SEATS, 'trip.pasajeros.range')),
  }),
  v.forward(
    v.check((form) => form.origen !== form.destino, 'trip.destino.same'),
    ['destino'],
  ),
  v.forward(
    v.check((form) => form.regreso === undefined || form.regreso >= form.fecha, 'trip.regreso.before'),
    ['regreso'],
  ),
);
export type TripSearchForm = v.InferOutput<typeof TripSearchFormSchema>;

/** `POST /rest/viaje`: one day's trips between two cities, through the web sales channel. */
export const TripSearchSchema = v.pipe(
  v.object({
    origen: cityCode('trip.origen.required'),
    destino: cityCode('trip.destino.required'),
    fecha: saleDate('trip.fecha.required'),
    cusuario: webUser,
    coficina_venta: v.literal(SALES_CHANNEL.coficina_venta, 'trip.channel'),
  }),
  v.forward(
    v.check((body) => body.origen !== body.destino, 'trip.destino.same'),
    ['destino'],
  ),
);
export type TripSearch = v.InferOutput<typeof TripSearchSchema>;

/** The fare calendar's days around `fecha`: FARE_CALENDAR_DAYS each way, within today's sales window. */
export function fareCalendarDays(fecha: string, today = limaToday()): { first: string; last: string } {
  const first = addDays(fecha, -FARE_CALENDAR_DAYS);
  const last = addDays(fecha, FARE_CALENDAR_DAYS);
  const end = addDays(today, SALES_WINDOW_DAYS);
  return { first: first < today ? today : first, last: last > end ? end : last };
}

/**
 * `POST /rest/viaje/escalas`: the trip's stops; with the stretch's terminals (a trip of
 * `/rest/viaje` over part of its route), only those between boarding and alighting.
 */
export const TripStopsSchema = v.object({ cviaje: id(), cterminal_origen: v.optional(id()), cterminal_destino: v.optional(id()) });

/** `POST /rest/maqueta` (spec §7). */
export const SeatMapRequestSchema = v.object({
  cviaje: id(),
  cterminal_origen: id(),
  cterminal_destino: id(),
  susuario: v.literal(SALES_CHANNEL.susuario, 'trip.channel'),
  cusuario: webUser,
});
export type SeatMapRequest = v.InferOutput<typeof SeatMapRequestSchema>;

/**
 * `POST /rest/asiento/bloquear` (spec §7): 84 holds the seat, 83 releases it. `clave_bloqueo`
 * identifies this browser's purchase: the first hold answers a new one, later calls send it back.
 * The category is the layout's and the price the server's, whatever the body says.
 */
export const SeatHoldSchema = v.object({
  cviaje: id(),
  cviaje_asiento: id(),
  cterminal_origen: id(),
  cterminal_destino: id(),
  nasiento: id(),
  gnivel_piso: v.picklist([15, 16], 'request.invalid'),
  gcategoria_asiento: v.picklist([140, 160, 180], 'request.invalid'),
  gestado_asiento: v.picklist([SEAT_STATE.HELD, SEAT_STATE.AVAILABLE], 'request.invalid'),
  susuario: v.literal(SALES_CHANNEL.susuario, 'trip.channel'),
  cusuario: webUser,
  clave_bloqueo: v.optional(v.pipe(v.string('request.invalid'), v.uuid('request.invalid'))),
});
export type SeatHoldRequest = v.InferOutput<typeof SeatHoldSchema>;

/**
 * `POST /rest/asiento/extender`: gives every live hold of the purchase `clave_bloqueo` HOLD_MINUTES
 * more from now, at most HOLD_EXTENSIONS times and never past HOLD_MAX_MINUTES after its first hold.
 */
export const HoldExtensionSchema = v.object(
  {
    clave_bloqueo: v.pipe(v.string('request.invalid'), v.uuid('request.invalid')),
  },
  // Also a missing key or a body that is not an object: the generic message, not valibot's own.
  'request.invalid',
);
export type HoldExtensionRequest = v.InferOutput<typeof HoldExtensionSchema>;
