/**
 * The purchase flow's routes, one row each (`RouteRow`: its path, its page, the loader whose value
 * the page reads with `useRouteData`, when its code starts), read by this remote's server renderer
 * (`renderer.tsx`) and by its browser router (`Root`, built from the same rows): both match the
 * same addresses.
 *
 * Step 1's address names its search (`tripsUrl`) and step 2's its trip (`seatsUrl`): their loaders
 * ask the day's trips and that trip's seat map. What a step shows of the customer's own purchase,
 * kept in this browser's session storage (`CRESERVA`, `ASIENTOS`), which no server has, is the
 * page's one client part, `frame-fill.js` of this version (`scripts`), which also starts the
 * reservation's first request, which needs this browser's purchase key, while the code downloads.
 */
import { routedByRows, type LoaderContext, type RouteRow } from '@rumbo/shared';
import { seatsEndpoints, tripsEndpoints } from '@rumbo/shared/contract';
import { FareDayAnswer, SeatMapAnswer, TerminalAnswer, TripAnswer, type Terminal } from '@rumbo/shared/schemas';
import { Container, NotFoundMessage, Skeleton } from '@rumbo/shared/ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
import * as v from 'valibot';
import { seatMapRequest, tripsRequest, type TripQuery } from './booking.resource';
import { loadChangesPage, loadDeclarationPage, loadDisruptionPage, loadPaymentPage, loadPostponePage, loadRecoveryPage, loadReservationPage } from './lazy-pages';
import { SeatsPage, type LoadedSeatMap } from './seats/seats.page';
import { RESERVATION_ROUTE } from './stored-purchase';
import { TripsPage, type TripsData } from './trips/trips.page';
import { legQuery, parseSearchQuery, seatsTripOf } from './trips-url';

/** The version's script that writes what a frame shows from session storage (webpack.config.mjs). */
const FILL_SCRIPT = 'frame-fill.js';

/** The search form's terminals (step 1's, and the trip search other remotes' pages hold: `NAMED_PARTS`). */
export async function terminals(context: LoaderContext): Promise<Terminal[] | undefined> {
  const checked = v.safeParse(v.array(TerminalAnswer), await context.get(tripsEndpoints.terminals.path, tripsEndpoints.terminals.method));
  return checked.success && checked.output.length > 0 ? checked.output : undefined;
}

/** The day and cities of the leg step 1's address asks (`tripsUrl`), or undefined when it is no search. */
function addressQuery(context: LoaderContext): TripQuery | undefined {
  const parsed = parseSearchQuery(new URLSearchParams(Object.entries(context.query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString());
  return parsed.ok ? legQuery(parsed.search, parsed.leg) : undefined;
}

/** Step 1: the form's terminals, and the day's trips and fare calendar of the leg its address asks; the page shows them at once, then asks them anew. */
async function tripsData(context: LoaderContext): Promise<TripsData> {
  const query = addressQuery(context);
  const asked = async <S extends v.GenericSchema>(endpoint: typeof tripsEndpoints.trips | typeof tripsEndpoints.fareCalendar, schema: S) => {
    if (!query) return undefined;
    const checked = v.safeParse(schema, await context.get(endpoint.path, endpoint.method, tripsRequest(query)));
    return checked.success ? { query, answer: checked.output as v.InferOutput<S> } : undefined;
  };
  const [terminalsFound, trips, fareCalendar] = await Promise.all([terminals(context), asked(tripsEndpoints.trips, v.array(TripAnswer)), asked(tripsEndpoints.fareCalendar, v.array(FareDayAnswer))]);
  return { terminals: terminalsFound, trips, fareCalendar };
}

/** Step 2: the seat map of the trip its address names (`seatsUrl`); the page shows it at once, then asks it anew. */
async function seatMap(context: LoaderContext): Promise<LoadedSeatMap | undefined> {
  const trip = seatsTripOf(context.query);
  if (!trip) return undefined;
  const checked = v.safeParse(SeatMapAnswer, await context.get(seatsEndpoints.seatMap.path, seatsEndpoints.seatMap.method, seatMapRequest(trip)));
  return checked.success ? { trip, answer: checked.output } : undefined;
}

/** A page whose code is a chunk of its own (`lazy-pages.ts`), with a placeholder of its size while it loads. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page: LazyExoticComponent<ComponentType> = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <Container maxW="5xl" py="6">
            <Skeleton height="96" />
          </Container>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

export const BOOKING_ROUTES: readonly RouteRow[] = [
  // Its search form (with the terminals), the day's trips and the fare calendar come in the HTML: its code starts
  // when the customer acts (a tap on a trip is replayed), then asks the trips anew.
  { path: '/pasajes', page: TripsPage, load: tripsData, query: true } satisfies RouteRow<TripsData>,
  { path: '/pasajes/asientos', page: SeatsPage, load: seatMap, island: 'load', scripts: [FILL_SCRIPT], query: true } satisfies RouteRow<LoadedSeatMap>,
  { path: '/pasajes/pago', page: lazyPage(loadPaymentPage, (m) => m.PaymentPage), island: 'load', scripts: [FILL_SCRIPT], query: true },
  { path: RESERVATION_ROUTE, page: lazyPage(loadReservationPage, (m) => m.ReservationPage), island: 'load', scripts: [FILL_SCRIPT], query: true },
  // After the sale. Recovery is a form: in the HTML, what is typed and sent before its code is kept
  // and replayed. A ticket's page reads its ticket with this browser's purchase key or session (no
  // server has either): its heading and the ticket's loading state come in the HTML, its code at once.
  { path: '/pasajes/recuperar', page: lazyPage(loadRecoveryPage, (m) => m.RecoveryPage) },
  { path: '/pasajes/cambios/:numero', page: lazyPage(loadChangesPage, (m) => m.ChangesPage), island: 'load' },
  { path: '/pasajes/postergar/:numero', page: lazyPage(loadPostponePage, (m) => m.PostponePage), island: 'load' },
  { path: '/pasajes/declaracion/:numero', page: lazyPage(loadDeclarationPage, (m) => m.DeclarationPage), island: 'load' },
  { path: '/pasajes/incidencia/:numero', page: lazyPage(loadDisruptionPage, (m) => m.DisruptionPage), island: 'load' },
];

/** The purchase flow's screens, routed by the address with the rows above (the shell mounts it under `/pasajes`). */
export const Root = routedByRows({ BrowserRouter, StaticRouter, Routes, Route }, BOOKING_ROUTES, <NotFoundMessage />);
