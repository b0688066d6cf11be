import { Alert, Box, Container, List, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useHydrated, useRouteData, useTranslation } from '@rumbo/shared';
import type { FareDay, Terminal, Trip } from '@rumbo/shared/schemas';
import type { TripQuery } from '../booking.resource';
import { dayLabel } from '../format';
import { readReservation } from '../reservation';
import { parseSearchQuery, type Leg } from '../trips-url';
import { SearchWidget } from '../search/search-widget';
import { StepIndicator } from '../steps';
import { sameItems, useTransitioned } from '../use-transitioned';
import { FareCalendar } from './fare-calendar';
import { PriceAlertOffer } from './price-alert';
import { TripList } from './trip-list';
import { ToolbarView } from './trips-toolbar';
import { RecoverLink, SearchBox, SearchPlaceholder, TripsFrameBody, TripsSection } from './trips-frame';
import { TripsStore } from './trips.store';

/** What step 1's loader asked for the leg its address names (`routes.tsx`): the query and the API's answer. */
export interface LoadedTrips {
  query: TripQuery;
  answer: Trip[];
}

/** Step 1's route data (`useRouteData`): the search form's terminals, the day's trips and the fare calendar of the leg its address asks. */
export interface TripsData {
  terminals?: Terminal[];
  trips?: LoadedTrips;
  fareCalendar?: LoadedFareCalendar;
}

const sameQuery = (a: TripQuery, b: TripQuery) => a.origen === b.origen && a.destino === b.destino && a.fecha === b.fecha;

/**
 * The day's trips step 1's loader asked on the server, if they are `query`'s: the page's first
 * list, shown from its first render (the server's and the browser's), which the page then asks
 * anew (a render may be a minute old: `CACHE_SECONDS`), as any later one.
 */
export const tripsOf = (loaded: LoadedTrips | undefined, query: TripQuery): Trip[] | undefined => (loaded && sameQuery(loaded.query, query) ? loaded.answer : undefined);

/** What step 1's loader asked of the fare calendar of the leg its address names: the query and the API's answer. */
export interface LoadedFareCalendar {
  query: TripQuery;
  answer: FareDay[];
}

/** The fare calendar step 1's loader asked on the server, if it is the one of `query`: drawn from the first render. */
export const calendarOf = (loaded: LoadedFareCalendar | undefined, query: TripQuery): FareDay[] | undefined => (loaded && sameQuery(loaded.query, query) ? loaded.answer : undefined);

const readCities = (store: TripsStore) => store.cityNames;
const sameCities = (a: TripsStore['cityNames'], b: TripsStore['cityNames']) => a.origen === b.origen && a.destino === b.destino;
const readClasses = (store: TripsStore) => store.classes;

/**
 * The leg's cities (by name once the trips are known, with the list's transition) and the day, on
 * lines of their own: the names replacing the codes never make the text wrap anew (no layout shift).
 */
const RouteLine = memo(function RouteLine({ store }: { store: TripsStore }) {
  const { t, i18n } = useTranslation('booking');
  const cities = useTransitioned(store, readCities, sameCities);
  return (
    <Box mb="3" color="fg.muted">
      <Text>{t('trips.route', cities)}</Text>
      <Text>{t('trips.day', { date: dayLabel(store.query.fecha, i18n.language) })}</Text>
    </Box>
  );
});

const Toolbar = observer(function Toolbar({ store }: { store: TripsStore }) {
  // The class filter's choices come with the trips, in the list's transition.
  const classes = useTransitioned(store, readClasses, sameItems);
  const previous = store.dayUrl(-1);
  const next = store.dayUrl(1);
  return (
    <ToolbarView
      previous={previous}
      next={next}
      sort={store.sort}
      clase={store.clase}
      classes={classes}
      onSort={(sort) => store.setSort(sort)}
      onClase={(clase) => store.setClase(clase)}
    />
  );
});

/** Which leg a step-1 URL shows: the return leg only once an outbound trip of that search is chosen. */
function legOf(search: ReturnType<typeof parseSearchQuery>): Leg {
  if (!search.ok || search.leg !== 'vuelta') return 'ida';
  const reservation = readReservation();
  return reservation?.ida && JSON.stringify(reservation.search) === JSON.stringify(search.search) ? 'vuelta' : 'ida';
}

/** Step 1 "Destinos" (`/pasajes?origen&destino&fecha[&regreso]&pasajeros`). */
export const TripsPage = observer(function TripsPage() {
  const { t } = useTranslation('booking');
  const location = useLocation();
  // What its loader asked on the server (`routes.tsx`): the form's terminals, the leg's trips and fare calendar.
  const data = useRouteData<TripsData>();
  // The server-rendered page's frame (the same for every query) is what Node rendered and what hydrates;
  // the search of this address shows from the render after.
  const hydrated = useHydrated();
  const parsed = useMemo(() => parseSearchQuery(location.search), [location.search]);
  // The outbound leg is the address's alone: the server renders its trips (its loader's), and the
  // browser hydrates them. The return leg needs this tab's booking (session storage): it is drawn
  // once the page is live, as is an address that is no search.
  const fromServer = parsed.ok && parsed.leg !== 'vuelta';
  const shown = hydrated || fromServer;
  const leg = fromServer || typeof window === 'undefined' ? 'ida' : legOf(parsed);
  // Made in the first render (the page shows its toolbar and list at once); the search starts in an effect.
  const store = useMemo(
    () =>
      parsed.ok
        ? new TripsStore(parsed.search, leg, { loadedTrips: (query) => tripsOf(data?.trips, query), loadedFareCalendar: (query) => calendarOf(data?.fareCalendar, query) })
        : undefined,
    [parsed, leg, data],
  );

  useEffect(() => {
    if (hydrated) void store?.load();
  }, [store, hydrated]);

  const initial = parsed.ok
    ? parsed.search
    : {
        origen: parsed.partial.origen || undefined,
        destino: parsed.partial.destino || undefined,
        fecha: parsed.partial.fecha || undefined,
      };

  // The frame's shape (`trips-frame.tsx`) until the code is live where the server cannot know the page
  // (the return leg), then the same elements filled in: what the frame painted (the steps, the
  // recovery link, the title) stays, and is not drawn again.
  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="destinos" />
      <Box mb="6">
        <SearchBox>{shown ? <SearchWidget key={location.search} initial={initial} headingLevel="h2" terminals={data?.terminals} /> : <SearchPlaceholder />}</SearchBox>
        <RecoverLink />
      </Box>
      {hydrated && !parsed.ok ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('trips.invalid')}</Alert.Title>
            <Alert.Description>
              <List.Root ps="5">
                {[...new Set(parsed.issues)].map((key) => (
                  <List.Item key={key}>{t(`validation:${key}`)}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <TripsSection title={t(hydrated && leg === 'vuelta' ? 'trips.titleReturn' : 'trips.title')}>
          {!shown ? (
            <TripsFrameBody />
          ) : (
            store && (
              <>
                <RouteLine store={store} />
                <FareCalendar store={store} />
                <Toolbar store={store} />
                <TripList store={store} />
                <PriceAlertOffer key={`${store.query.origen}-${store.query.destino}`} route={store.query} />
              </>
            )
          )}
        </TripsSection>
      )}
    </Container>
  );
});
