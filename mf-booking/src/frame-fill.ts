/**
 * What a purchase step's stitched frame shows from this browser's session storage before the
 * remote's code has arrived (issue 17 item 5): the frame is the same for every customer, but the
 * trip they chose is already in `CRESERVA`. This small script of mf-booking's (`frame-fill.js` in
 * its version folder, named by the stitched page) writes it into the frame's `[data-frame-fill]`
 * elements, in the words and format the live page renders there (the same functions), so the
 * customer sees their trip at once and nothing changes when the page goes live. The frame
 * hydrates with those elements' text left as it is (`suppressHydrationWarning`).
 */
import { DEFAULT_LANGUAGE } from '@rumbo/shared/schemas';
import { seatsTripLine } from './seats/trip-line';
import { currentTrip, readReservation, type Reservation } from './stored-purchase';

/** The attribute of a frame's element this fills; its value names what it shows. */
export const FRAME_FILL = 'data-frame-fill';

/** What each named element shows, from the booking in progress (undefined: nothing to show). */
const FILLS: Record<string, (reservation: Reservation) => string | undefined> = {
  'seats-trip': (reservation) => {
    const trip = currentTrip(reservation);
    return trip && seatsTripLine(trip, DEFAULT_LANGUAGE);
  },
};

export function fillFrame(root: Document = document, storage: Storage = sessionStorage): void {
  // A customer who reads the site in another language gets the frame hidden, then rendered anew.
  if (root.documentElement.classList.contains('prerender-stale')) return;
  const reservation = readReservation(storage);
  if (!reservation) return;
  for (const element of root.querySelectorAll(`[${FRAME_FILL}]`)) {
    if (element.textContent) continue;
    try {
      const text = FILLS[element.getAttribute(FRAME_FILL) ?? '']?.(reservation);
      if (text) element.textContent = text;
    } catch {
      // A stored booking of another shape: the frame stays as built; the live page says what it can.
    }
  }
}
