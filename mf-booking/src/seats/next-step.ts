import type { HeldSeat } from '@rumbo/shared';
import type { Reservation } from '../reservation';
import { tripsUrl } from '../trips-url';

/** The return leg needs the outbound trip's seats first. */
export function missingOutbound(reservation: Reservation | undefined, held: readonly HeldSeat[]): boolean {
  const ida = reservation?.ida;
  return reservation?.tramo === 'vuelta' && Boolean(ida) && !held.some((seat) => seat.cviaje === ida!.cviaje);
}

/** Where step 2's "Continue" leads: the return trip's list on a round trip's outbound leg, else payment. */
export function continueUrl(reservation: Reservation | undefined): string {
  if (reservation?.tramo === 'ida' && reservation.search.regreso) return tripsUrl(reservation.search, 'vuelta');
  return '/pasajes/pago';
}
