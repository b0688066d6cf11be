import { Alert, Box, Button, Container, Flex, Grid, Heading, HStack, List, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import type { SeatMap, Trip } from '@rumbo/shared/schemas';
import { Link as SiteLink, useHydrated, useRouteData, useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { formatPrice } from '../format';
import type { SeatMapTrip } from '../booking.resource';
import { loadPaymentPage } from '../lazy-pages';
import { seatsUrl, tripsUrl } from '../trips-url';
import { waitlistPlaceOf } from './waitlist-offer';
import { ReservedNotice } from '../reserved-notice';
import { StepIndicator } from '../steps';
import { useTransitioned } from '../use-transitioned';
import { deckNumber } from './seat-grid';
import { HoldTime } from './hold-time';
import { SeatMapLoading, SeatsFrame, TripLineBox } from './seats-frame';
import { seatsTripLine } from './trip-line';
import { SeatsStore } from './seats.store';
import { DeckGrid, DeckSwitch, Legend, Message } from './seat-map';
import { SeatList, SeatTools } from './seat-tools';

/** Step 2's route data (`useRouteData`): the seat map its loader asked for the trip its address names, and that trip. */
export interface LoadedSeatMap {
  trip: SeatMapTrip;
  answer: SeatMap;
}

/**
 * The seat map step 2's loader asked on the server, if it is `trip`'s (the purchase this browser
 * keeps): the page's first map, which the page then asks anew (a render may be a minute old:
 * `CACHE_SECONDS`), as any later one.
 */
export function seatMapOf(loaded: LoadedSeatMap | undefined, trip: SeatMapTrip): SeatMap | undefined {
  if (!loaded || (['cviaje', 'cterminal_origen', 'cterminal_destino'] as const).some((field) => loaded.trip[field] !== trip[field])) return undefined;
  return Array.isArray(loaded.answer.asientos) ? loaded.answer : undefined;
}


const Summary = observer(function Summary({ store }: { store: SeatsStore }) {
  const { t, i18n } = useTranslation('booking');
  const toPayment = store.canContinue && !store.goesToReturn;
  useEffect(() => {
    if (toPayment) void loadPaymentPage().catch(() => undefined);
  }, [toPayment]);
  const mine = [...store.mine].sort((a, b) => a.nasiento - b.nasiento);
  return (
    <Box as="section" aria-labelledby="seat-summary" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" id="seat-summary" size="md" mb="2">
        {t('seats.summary')}
      </Heading>
      {mine.length === 0 ? (
        <Text>{t('seats.none', { count: store.needed })}</Text>
      ) : (
        <>
          <Text textStyle="sm" color="fg.muted" mb="2">
            {t('seats.chosen', { count: mine.length, total: store.needed })}
          </Text>
          <List.Root listStyleType="none" ps="0" gap="2">
            {mine.map((seat) => (
              <List.Item key={seat.nasiento} display="flex" justifyContent="space-between" alignItems="center" gap="2">
                <Text textStyle="sm">
                  {t('seats.seatLine', { n: seat.nasiento, piso: deckNumber(seat.gnivel_piso), clase: t(`classes.${seat.gcategoria_asiento}`) })}
                </Text>
                <HStack gap="2">
                  <Text fontWeight="bold" textStyle="sm">
                    {formatPrice(seat.precio, i18n.language)}
                  </Text>
                  <Button size="xs" variant="ghost" aria-label={t('seats.release', { n: seat.nasiento })} onClick={() => void store.release(seat.nasiento)}>
                    ✕
                  </Button>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
          <Flex justify="space-between" mt="3" pt="2" borderTopWidth="1px" fontWeight="bold">
            <Text>{t('seats.total')}</Text>
            <Text data-testid="seat-total">{formatPrice(store.total, i18n.language)}</Text>
          </Flex>
        </>
      )}
      <Box mt="4">
        <HoldTime timer={store.timer} />
      </Box>
      {store.mine.length !== store.needed && (
        <Text textStyle="sm" mt="3" id="seat-continue-hint">
          {t('seats.needSeats', { count: store.needed })}
        </Text>
      )}
      <Button
        colorPalette="brand"
        width="full"
        mt="3"
        disabled={!store.canContinue}
        aria-describedby={store.mine.length !== store.needed ? 'seat-continue-hint' : undefined}
        onClick={() => navigateToUrl(store.continueUrl)}
      >
        {store.goesToReturn ? t('seats.continueReturn') : t('seats.continue')}
      </Button>
    </Box>
  );
});

/**
 * The trip's cities, times and service. A component of its own: the page's first time formatter is
 * built here (the browser's date data is loaded then), apart from the rest of the page's render.
 */
function TripLine({ trip }: { trip: Trip }) {
  const { i18n } = useTranslation('booking');
  // The line the server-rendered frame showed from session storage (`../frame-fill`): the same words.
  return (
    <TripLineBox>
      <Text>{seatsTripLine(trip, i18n.language)}</Text>
    </TripLineBox>
  );
}

const readState = (store: SeatsStore) => store.state;

/** Step 2 "Asientos" (`/pasajes/asientos`, the trip from `CRESERVA`). */
export const SeatsPage = observer(function SeatsPage({ store: given }: { store?: SeatsStore }) {
  const { t } = useTranslation('booking');
  // The seat map its loader asked on the server for the trip its address names (`routes.tsx`).
  const data = useRouteData<LoadedSeatMap>();
  const [store] = useState(() => {
    const own = given ?? new SeatsStore({ loadedSeatMap: (trip) => seatMapOf(data, trip) });
    own.restore();
    return own;
  });
  // The seat map (a grid of buttons) arrives in a transition: rendered in slices, not one long task.
  const state = useTransitioned(store, readState);

  useEffect(() => {
    // Issue 48: a waitlist offer's link opens the seats held for the customer, then the address names the trip.
    const place = waitlistPlaceOf(window.location.search);
    if (place) {
      void store.openOffer(place).then((opened) => {
        if (opened) window.history.replaceState(window.history.state, '', seatsUrl(store.trip));
      });
    } else {
      void store.start();
    }
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store]);

  // The server-rendered page's frame is what Node rendered and what hydrates; the chosen trip shows from the render after.
  const hydrated = useHydrated();
  if (!hydrated) return <SeatsFrame />;
  const trip = store.trip;
  const reservation = store.reservation;
  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="asientos" />
      {store.reservedCode ? (
        <Stack gap="3">
          <Heading as="h1" size="xl">
            {t('seats.title')}
          </Heading>
          <ReservedNotice codigo={store.reservedCode} onNewPurchase={() => store.startNewPurchase()} />
        </Stack>
      ) : state === 'none' || !trip || !reservation ? (
        state === 'loading' ? (
          <Skeleton height="64" />
        ) : (
          <Stack gap="3" align="start">
            <Heading as="h1" size="xl">
              {t('seats.title')}
            </Heading>
            <Message store={store} />
            <Text>{t('seats.noTrip')}</Text>
            <SiteLink to="/">{t('seats.searchAgain')}</SiteLink>
          </Stack>
        )
      ) : (
        <>
          <Heading as="h1" size="xl" mb="1">
            {reservation.search.regreso ? t(reservation.tramo === 'vuelta' ? 'seats.titleVuelta' : 'seats.titleIda') : t('seats.title')}
          </Heading>
          <TripLine trip={trip} />
          <Box mb="4">
            <SiteLink to={tripsUrl(reservation.search, reservation.tramo)} textDecoration="underline">
              {t('seats.backToTrips')}
            </SiteLink>
          </Box>
          <Message store={store} />
          {store.missingOutbound && (
            <Alert.Root status="warning" mb="3">
              <Alert.Indicator />
              <Alert.Title>{t('seats.needOutbound')}</Alert.Title>
              <Button size="sm" variant="outline" onClick={() => store.toOutbound()}>
                {t('seats.toOutbound')}
              </Button>
            </Alert.Root>
          )}
          {state === 'loading' && <SeatMapLoading />}
          {state === 'failed' && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t('seats.failed')}</Alert.Title>
              <Button size="sm" variant="outline" onClick={() => void store.load()}>
                {t('seats.retry')}
              </Button>
            </Alert.Root>
          )}
          {state === 'ready' && (
            <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" alignItems="start">
              <Box as="section" aria-label={t('seats.title')}>
                <SeatTools store={store} />
                {store.list.view === 'map' ? (
                  <>
                    <Legend />
                    <DeckSwitch store={store} />
                    <DeckGrid store={store} />
                  </>
                ) : (
                  <SeatList store={store} />
                )}
              </Box>
              <Summary store={store} />
            </Grid>
          )}
        </>
      )}
    </Container>
  );
});
