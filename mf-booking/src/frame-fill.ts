/**
 * What a purchase step's server-rendered frame shows from this browser's session storage before the
 * remote's code has arrived (issue 17 item 5): the frame is the same for every customer, but the
 * trip they chose is already in `CRESERVA`, and the seats they hold in `ASIENTOS` (step 2's trip
 * line, step 3's and the reservation's line per leg). This small script of mf-booking's (`frame-fill.js` in
 * its version folder, named by the server-rendered page) writes it into the frame's `[data-frame-fill]`
 * elements, in the words and format the live page renders there (the same functions), so the
 * customer sees their trip at once and nothing changes when the page goes live. The frame
 * hydrates with those elements' text left as it is (`suppressHydrationWarning`).
 */
import type { EarlyRequest } from '@rumbo/shared/early';
import { PAINT } from '@rumbo/shared/paint';
import { DEFAULT_LANGUAGE, LANGUAGES, PURCHASE_KEY_PATTERN, RESERVATION_CODE_PATTERN, type Language, type Trip } from '@rumbo/shared/schemas';
import { heldSeats, type HeldSeat } from '@rumbo/shared/storage';
import { LEG_FILLS, legLine, terminalsFromTemplate, tripFacts } from './leg-line';
import { seatsTripLine } from './seats/trip-line';
import { currentTrip, isReservationOf, purchaseKeyOf, readReservation, RESERVATION_ROUTE, type Reservation } from './stored-purchase';
import type { Leg } from './trips-url';

/** The attribute of a frame's element this fills; its value names what it shows. */
export const FRAME_FILL = 'data-frame-fill';

/** The purchase in progress as this browser keeps it: the booking, the seats it holds, and the page's path. */
interface Purchase {
  reservation: Reservation;
  held: HeldSeat[];
  pathname: string;
}

/**
 * The language the frame was rendered in (its area's `PAINT.language`): its lines are written in
 * it, as the live page renders them for that reader (dates, weekdays).
 */
function frameLanguage(element: Element): Language {
  const language = element.closest(`[${PAINT.language}]`)?.getAttribute(PAINT.language);
  return LANGUAGES.find((known) => known === language) ?? DEFAULT_LANGUAGE;
}

/** A leg's line (`./leg-line`) of the purchase's trip, where `shows` says the page shows it, with the terminals' words the frame carries. */
const legFill = (leg: Leg, shows: (purchase: Purchase, trip: Trip) => boolean) => (purchase: Purchase, element: Element) => {
  const trip = purchase.reservation[leg];
  const template = element.getAttribute('data-terminals');
  return trip && template && shows(purchase, trip) ? legLine(tripFacts(trip), frameLanguage(element), terminalsFromTemplate(template)) : undefined;
};

/** Step 3 shows a leg with seats held on it (as its store's `legs`), until the purchase is a reservation. */
const onStep3 = ({ reservation, held }: Purchase, trip: Trip) => !reservation.codigo && held.some((seat) => seat.cviaje === trip.cviaje);

/** The reservation's page shows this browser's purchase's legs when its address is that purchase's code. */
const RESERVATION_PATH = RESERVATION_ROUTE.replace(':codigo', '');
const ofThisReservation = ({ reservation, pathname }: Purchase) =>
  pathname.startsWith(RESERVATION_PATH) && isReservationOf(reservation, decodeURIComponent(pathname.slice(RESERVATION_PATH.length)));

/** What each named element shows, from the purchase in progress (undefined: nothing to show). */
const FILLS: Record<string, (purchase: Purchase, element: Element) => string | undefined> = {
  'seats-trip': ({ reservation }, element) => {
    const trip = currentTrip(reservation);
    return trip && seatsTripLine(trip, frameLanguage(element));
  },
  [`${LEG_FILLS.payment}-ida`]: legFill('ida', onStep3),
  [`${LEG_FILLS.payment}-vuelta`]: legFill('vuelta', onStep3),
  [`${LEG_FILLS.reservation}-ida`]: legFill('ida', ofThisReservation),
  [`${LEG_FILLS.reservation}-vuelta`]: legFill('vuelta', ofThisReservation),
};

export function fillFrame(root: Document = document, storage: Storage = sessionStorage): void {
  // A customer who reads the site in another language gets the frame hidden, then rendered anew.
  if (root.documentElement.classList.contains('prerender-stale')) return;
  const reservation = readReservation(storage);
  if (!reservation) return;
  const purchase = { reservation, held: heldSeats(storage), pathname: root.location?.pathname ?? '' };
  for (const element of root.querySelectorAll(`[${FRAME_FILL}]`)) {
    if (element.textContent) continue;
    try {
      const text = FILLS[element.getAttribute(FRAME_FILL) ?? '']?.(purchase, element);
      if (text) element.textContent = text;
    } catch {
      // A stored booking of another shape: the frame stays as built; the live page says what it can.
    }
  }
}

/**
 * `POST /rest/venta/consulta` (`salesEndpoints.reservation`, written here so this script does not
 * carry the contract's schemas; its test checks they agree).
 */
export const RESERVATION_LOOKUP_PATH = '/rest/venta/consulta';

/**
 * The reservation page's first request, as its store sends it (`ReservationStore.load`): the code
 * in the address (any case), read with this browser's purchase key for it (`purchaseKeyOf`: the
 * purchase in `CRESERVA` if it is this one, else one this tab opened before). None when the address
 * is not a reservation's or this browser has no key for it: the page then asks as always.
 */
export function reservationRequest(pathname: string, storage: Storage = sessionStorage): EarlyRequest | undefined {
  if (!pathname.startsWith(RESERVATION_PATH)) return undefined;
  const segment = pathname.slice(RESERVATION_PATH.length).replace(/\/$/, '');
  if (!segment || segment.includes('/')) return undefined;
  let codigo: string;
  try {
    codigo = decodeURIComponent(segment).trim().toUpperCase();
  } catch {
    return undefined;
  }
  if (!RESERVATION_CODE_PATTERN.test(codigo)) return undefined;
  const clave = purchaseKeyOf(codigo, storage);
  return clave && PURCHASE_KEY_PATTERN.test(clave) ? { method: 'POST', path: RESERVATION_LOOKUP_PATH, body: { codigo, clave_bloqueo: clave } } : undefined;
}
