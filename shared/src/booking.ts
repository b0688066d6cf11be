import type { ApiClient } from './api';
import { SALES_CHANNEL, SEAT_STATE } from './constants';
import { STORAGE_KEYS, readJson } from './storage';

/** A seat this browser holds, as kept in session storage under `ASIENTOS`. */
export interface HeldSeat {
  cviaje: number;
  cviaje_asiento: number;
  cterminal_origen: number;
  cterminal_destino: number;
  nasiento: number;
  gnivel_piso: number;
  gcategoria_asiento: number;
  /** The purchase key the hold answered; a release must send it back. */
  clave_bloqueo: string;
  /** ISO instant the hold ends. */
  expira: string;
  /** The server's price of the seat (S/). */
  precio: number;
}

export function heldSeats(storage: Storage = sessionStorage): HeldSeat[] {
  const seats = readJson<unknown>(storage, STORAGE_KEYS.seats);
  return Array.isArray(seats) ? (seats as HeldSeat[]) : [];
}

/**
 * The logo's "logout helper" (DECISIONS.md): releases every seat this browser holds (state 83),
 * then clears `ASIENTOS` and `CRESERVA`. A signed-in customer stays signed in.
 */
export async function endGuestPurchase(api: ApiClient, storage: Storage = sessionStorage): Promise<void> {
  const seats = heldSeats(storage);
  storage.removeItem(STORAGE_KEYS.seats);
  storage.removeItem(STORAGE_KEYS.booking);
  await Promise.all(
    seats.map((seat) =>
      api
        .post('/rest/asiento/bloquear', {
          ...seat,
          gestado_asiento: SEAT_STATE.AVAILABLE,
          susuario: SALES_CHANNEL.susuario,
          cusuario: SALES_CHANNEL.cusuario,
        })
        .catch(() => undefined),
    ),
  );
}
