/**
 * This remote version's server renderer (`renderer.cjs`; the site server calls it per request,
 * see `@rumbo/shared/server`).
 *
 * The purchase steps: their frames (header, steps, headings, sized placeholders). Step 1's address
 * names its search (`tripsUrl`) and step 2's its trip (`seatsUrl`): their loaders ask the day's
 * trips and that trip's seat map here. What a step shows of the customer's own purchase, kept in
 * this browser's session storage (`CRESERVA`, `ASIENTOS`), which no server has, is the page's one
 * client part, `frame-fill.js` of this version (`scripts`), which also starts the reservation's
 * first request, which needs this browser's purchase key, while the code downloads.
 *
 * The trip search as other remotes' pages hold it (`NAMED_PARTS`: the home page's, a
 * destination's with its city preset), drawn with the terminals its loader asks for.
 */
import { RemoteRoot, TRIP_SEARCH_SLOT } from '@rumbo/shared';
import { seatsEndpoints, tripsEndpoints } from '@rumbo/shared/contract';
import { FareDayAnswer, SeatMapAnswer, TerminalAnswer, TripAnswer } from '@rumbo/shared/schemas';
import { createRenderer, type LoaderContext } from '@rumbo/shared/server';
import * as v from 'valibot';
import { FARE_CALENDAR_DATA_KEY, SEAT_MAP_DATA_KEY, seatMapRequest, TRIPS_DATA_KEY, tripsRequest, type LoadedFareCalendar, type LoadedSeatMap, type LoadedTrips, type TripQuery } from './booking.resource';
import { bookingPackageTexts } from './locales';
import { Root } from './root';
import { SearchParcel } from './search';
import { searchPackageTexts } from './search/locales';
import { TERMINALS_DATA_KEY } from './search/search.store';
import { RESERVATION_ROUTE } from './stored-purchase';
import { legQuery, parseSearchQuery, seatsTripOf } from './trips-url';

/** The version's script that writes what a frame shows from session storage (webpack.config.mjs). */
const FILL_SCRIPT = 'frame-fill.js';

const build = __BUILD_LABEL__ || __APP_VERSION__;

async function terminals(context: LoaderContext): Promise<Record<string, unknown>> {
  const checked = v.safeParse(v.array(TerminalAnswer), await context.get(tripsEndpoints.terminals.path, tripsEndpoints.terminals.method));
  return checked.success && checked.output.length > 0 ? { [TERMINALS_DATA_KEY]: checked.output } : {};
}

/** The day and cities of the leg step 1's address asks (`tripsUrl`), or undefined when it is no search. */
function addressQuery(context: LoaderContext): TripQuery | undefined {
  const parsed = parseSearchQuery(new URLSearchParams(Object.entries(context.query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString());
  return parsed.ok ? legQuery(parsed.search, parsed.leg) : undefined;
}

/** Step 1: the day's trips of the leg its address asks; the page shows them at once, then asks them anew. */
async function dayTrips(context: LoaderContext): Promise<Record<string, unknown>> {
  const query = addressQuery(context);
  if (!query) return {};
  const checked = v.safeParse(v.array(TripAnswer), await context.get(tripsEndpoints.trips.path, tripsEndpoints.trips.method, tripsRequest(query)));
  return checked.success ? { [TRIPS_DATA_KEY]: { query, answer: checked.output } satisfies LoadedTrips } : {};
}

/** Step 1: the fare calendar around the day of the leg its address asks (issue 48), drawn with the page. */
async function fareCalendar(context: LoaderContext): Promise<Record<string, unknown>> {
  const query = addressQuery(context);
  if (!query) return {};
  const checked = v.safeParse(v.array(FareDayAnswer), await context.get(tripsEndpoints.fareCalendar.path, tripsEndpoints.fareCalendar.method, tripsRequest(query)));
  return checked.success ? { [FARE_CALENDAR_DATA_KEY]: { query, answer: checked.output } satisfies LoadedFareCalendar } : {};
}

/** Step 2: the seat map of the trip its address names (`seatsUrl`); the page shows it at once, then asks it anew. */
async function seatMap(context: LoaderContext): Promise<Record<string, unknown>> {
  const trip = seatsTripOf(context.query);
  if (!trip) return {};
  const checked = v.safeParse(SeatMapAnswer, await context.get(seatsEndpoints.seatMap.path, seatsEndpoints.seatMap.method, seatMapRequest(trip)));
  return checked.success ? { [SEAT_MAP_DATA_KEY]: { trip, answer: checked.output } satisfies LoadedSeatMap } : {};
}

export const { render, renderPart } = createRenderer({
  texts: [bookingPackageTexts, searchPackageTexts],
  page: () => <RemoteRoot Root={Root} build={build} hydrating />,
  routes: [
    // Its search form (with the terminals), the day's trips and the fare calendar come in the HTML: its code starts
    // when the customer acts (a tap on a trip is replayed), then asks the trips anew.
    { path: '/pasajes', load: async (context) => Object.assign({}, ...(await Promise.all([terminals(context), dayTrips(context), fareCalendar(context)]))), query: true },
    { path: '/pasajes/asientos', load: seatMap, island: 'load', scripts: [FILL_SCRIPT], query: true },
    { path: '/pasajes/pago', island: 'load', scripts: [FILL_SCRIPT], query: true },
    { path: RESERVATION_ROUTE, island: 'load', scripts: [FILL_SCRIPT], query: true },
    // After the sale. Recovery is a form: in the HTML, what is typed and sent before its code is kept
    // and replayed. A ticket's page reads its ticket with this browser's purchase key or session (no
    // server has either): its heading and the ticket's loading state come in the HTML, its code at once.
    { path: '/pasajes/recuperar' },
    ...['/pasajes/cambios/:numero', '/pasajes/postergar/:numero', '/pasajes/declaracion/:numero', '/pasajes/incidencia/:numero'].map((path) => ({ path, island: 'load' as const })),
  ],
  parts: {
    'trip-search': { load: terminals, render: () => <SearchParcel labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating /> },
    'trip-search-to': { load: terminals, render: ({ destino }) => <SearchParcel destino={destino} labelledBy={TRIP_SEARCH_SLOT.labelledBy} hydrating /> },
  },
});
