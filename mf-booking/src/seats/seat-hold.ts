import type { ApiError, HeldSeat } from '@rumbo/shared';
import type { SeatHoldResult, Trip } from '@rumbo/shared/schemas';
import type { SeatRef } from '../booking.resource';
import type { HoldMessage } from './hold-timer';
import type { Seat } from './seat-grid';

/** A seat of a trip as the API is told about it when holding or releasing it. */
export const refOf = (trip: Trip, seat: Seat): SeatRef => ({
  cviaje: trip.cviaje,
  cviaje_asiento: seat.cviaje_asiento!,
  cterminal_origen: trip.cterminal_origen,
  cterminal_destino: trip.cterminal_destino,
  nasiento: seat.nasiento,
  gnivel_piso: seat.gnivel_piso,
  gcategoria_asiento: seat.gcategoria_asiento,
});

/** The hold the server gave on a seat (ending at `expira`), as this browser keeps it in `ASIENTOS`. */
export const heldSeatOf = (trip: Trip, seat: Seat, result: SeatHoldResult, expira: string): HeldSeat => ({
  ...refOf(trip, seat),
  cviaje_asiento: result.cviaje_asiento,
  gcategoria_asiento: result.gcategoria_asiento,
  clave_bloqueo: result.clave_bloqueo,
  expira,
  precio: result.precio,
});

/** The server's refusal of a seat, for the map's live region: its code's text, else its own words. */
export const serverMessage = (error: ApiError): HoldMessage => ({ tone: 'error', key: error.code ? `validation:${error.code}` : 'seats.network', text: error.message });
