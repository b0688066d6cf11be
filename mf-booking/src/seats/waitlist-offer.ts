import { api, type HeldSeat } from '@rumbo/shared';
import { waitlistEndpoints } from '@rumbo/shared/contract';
import type { Trip, WaitlistOffer, WaitlistPlace } from '@rumbo/shared/schemas';
import { searchTrips } from '../booking.resource';
import type { Reservation } from '../reservation';

/**
 * Issue 48: the waitlist offer's mailed link opens step 2 (`/pasajes/asientos?espera=…&token=…`)
 * with the seats held for the customer. The place and its token from the address, or undefined.
 */
export function waitlistPlaceOf(search: string): WaitlistPlace | undefined {
  const query = new URLSearchParams(search);
  const cespera = query.get('espera');
  const token = query.get('token');
  if (!cespera || !/^[1-9]\d{0,9}$/.test(cespera) || !token || !/^[0-9a-f]{32}$/.test(token)) return undefined;
  return { cespera: Number(cespera), token };
}

/**
 * The purchase the offer starts: step 1's search that lists the trip (one passenger per seat), the
 * trip itself, and its held seats under the offer's purchase key, as step 2 keeps them in storage.
 * Undefined when the day's search no longer lists the trip.
 */
export function offerPurchase(offer: WaitlistOffer, trips: readonly Trip[]): { reservation: Reservation; held: HeldSeat[] } | undefined {
  const trip = trips.find((t) => t.cviaje === offer.cviaje && t.cterminal_origen === offer.cterminal_origen && t.cterminal_destino === offer.cterminal_destino);
  if (!trip) return undefined;
  const reservation: Reservation = {
    search: { origen: offer.origen, destino: offer.destino, fecha: offer.fecha, pasajeros: offer.asientos.length },
    ida: trip,
    tramo: 'ida',
    clave_bloqueo: offer.clave_bloqueo,
  };
  const held = offer.asientos.map((seat) => ({
    cviaje: offer.cviaje,
    cterminal_origen: offer.cterminal_origen,
    cterminal_destino: offer.cterminal_destino,
    ...seat,
    clave_bloqueo: offer.clave_bloqueo,
    expira: offer.expira,
  }));
  return { reservation, held };
}

/** Asks the API for the offer's held seats and the day's trips; the purchase to keep (see `offerPurchase`). Refusals throw ApiError. */
export async function fetchOfferPurchase(place: WaitlistPlace): Promise<ReturnType<typeof offerPurchase>> {
  const offer = await api.call(waitlistEndpoints.waitlistOffer, place);
  if (!offer) return undefined;
  const trips = await searchTrips(offer);
  return trips && offerPurchase(offer, trips);
}
