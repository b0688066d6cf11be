import { Alert, Badge, Box, Button, Card, chakra, Container, Flex, Heading, HStack, List, NativeSelect, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import type { Trip } from '@rumbo/shared/schemas';
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { navigateToUrl } from 'single-spa';
import { dayLabel, faresOf, fromPrice, limaDay, limaTime, formatPrice, splitDuration } from '../format';
import { readReservation } from '../reservation';
import { parseSearchQuery, type Leg } from '../trips-url';
import { SearchWidget } from '../search/search-widget';
import { StepIndicator } from '../steps';
import { sameItems, useTransitioned } from '../use-transitioned';
import { TripsStore, type SortKey } from './trips.store';

const CONTROL_BORDER = 'border.control';

/** What "Choose" does with a trip: by default keep it in `CRESERVA` and go to step 2. */
export type ChooseTrip = (store: TripsStore, trip: Trip) => void;
const toSeats: ChooseTrip = (store, trip) => navigateToUrl(store.choose(trip));

const TripCard = observer(function TripCard({ store, trip, onChoose }: { store: TripsStore; trip: Trip; onChoose: ChooseTrip }) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.language;
  const salida = limaTime(trip.fecha_salida, language);
  const llegada = limaTime(trip.fecha_llegada, language);
  const nextDay = limaDay(trip.fecha_llegada) !== limaDay(trip.fecha_salida);
  const desde = fromPrice(trip);
  const stops = store.stops.get(trip.cviaje);
  const stopsId = `trip-${trip.cviaje}-stops`;
  const titleId = `trip-${trip.cviaje}-title`;
  const soldOut = trip.asientos_libres <= 0;
  return (
    <Card.Root as="li" aria-labelledby={titleId} variant="outline">
      <Card.Body gap="3">
        <Flex gap="4" wrap="wrap" justify="space-between" align="start">
          <Stack gap="1" minW="48">
            <Heading as="h3" size="md" id={titleId}>
              {salida} → {llegada}
              {nextDay && (
                <Text as="span" textStyle="sm" fontWeight="normal" color="fg.muted">
                  {' '}
                  (+1)
                </Text>
              )}
            </Heading>
            <Text textStyle="sm">
              {t('trips.departure')}: {trip.terminal_salida.nombre} · {t('trips.arrival')}: {trip.terminal_llegada.nombre}
            </Text>
            {(trip.ruta_origen.cterminal !== trip.terminal_salida.cterminal || trip.ruta_destino.cterminal !== trip.terminal_llegada.cterminal) && (
              <Text textStyle="sm" color="fg.muted" data-testid="trip-route">
                {t('trips.busRoute', { origen: trip.ruta_origen.ciudad, destino: trip.ruta_destino.ciudad })}
              </Text>
            )}
            <Text textStyle="sm" color="fg.muted">
              {t('trips.duration')}: {t('trips.durationValue', splitDuration(trip.duracion_min))} · {t('trips.service')}: {trip.servicio} ·{' '}
              {t('trips.decks', { count: trip.pisos })}
            </Text>
          </Stack>
          <Stack gap="1" align={{ base: 'start', md: 'end' }}>
            {desde !== undefined && (
              <Text>
                {t('trips.from')}{' '}
                <Text as="strong" textStyle="xl">
                  {formatPrice(desde, language)}
                </Text>
              </Text>
            )}
            <Badge colorPalette={soldOut ? 'red' : 'green'} variant="subtle">
              {soldOut ? t('trips.soldOut') : t('trips.freeSeats', { count: trip.asientos_libres })}
            </Badge>
          </Stack>
        </Flex>
        <Box>
          <Text textStyle="sm" fontWeight="medium" id={`trip-${trip.cviaje}-fares`}>
            {t('trips.fares')}
          </Text>
          <List.Root aria-labelledby={`trip-${trip.cviaje}-fares`} display="flex" flexDirection="row" flexWrap="wrap" gap="2" listStyleType="none" ps="0">
            {faresOf(trip).map((fare) => (
              <List.Item key={fare.field} borderWidth="1px" rounded="md" px="2" py="1" textStyle="sm">
                {t(fare.individual ? 'trips.fareIndividual' : 'trips.fare', { clase: t(`classes.${fare.clase}`), piso: fare.piso })}:{' '}
                <strong>{formatPrice(fare.precio, language)}</strong>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <HStack gap="2">
            <Text textStyle="sm">{t('trips.stops', { count: trip.escalas })}</Text>
            {trip.escalas > 0 && (
              <Button size="xs" variant="outline" aria-expanded={Boolean(stops)} aria-controls={stopsId} onClick={() => void store.toggleStops(trip.cviaje)}>
                {stops && stops.state !== 'failed' ? t('trips.hideStops') : t('trips.showStops')}
              </Button>
            )}
          </HStack>
          <Button
            colorPalette="brand"
            disabled={soldOut}
            aria-label={t('trips.chooseTrip', { hora: salida })}
            onClick={() => onChoose(store, trip)}
          >
            {t('trips.choose')}
          </Button>
        </Flex>
        <Box id={stopsId} aria-live="polite">
          {stops?.state === 'loading' && <Text textStyle="sm">{t('trips.stopsLoading')}</Text>}
          {stops?.state === 'failed' && <Text textStyle="sm" color="fg.error">{t('trips.stopsFailed')}</Text>}
          {stops?.state === 'ready' &&
            (stops.stops.length === 0 ? (
              <Text textStyle="sm">{t('trips.stopsNone')}</Text>
            ) : (
              <List.Root as="ol" ps="5" textStyle="sm">
                {stops.stops.map((stop) => (
                  <List.Item key={stop.orden}>{t('trips.stopAt', { ciudad: stop.ciudad, hora: limaTime(stop.llegada, language) })}</List.Item>
                ))}
              </List.Root>
            ))}
        </Box>
      </Card.Body>
    </Card.Root>
  );
});

interface TripListView {
  state: TripsStore['state'];
  /** Trips of the day (before the class filter). */
  count: number;
  visible: Trip[];
}

const readList = (store: TripsStore): TripListView => ({ state: store.state, count: store.trips.length, visible: store.visible });
const sameList = (a: TripListView, b: TripListView) => a.state === b.state && a.count === b.count && sameItems(a.visible, b.visible);

/**
 * The day's trips of a store (step 1, and the postponement's choice of a new trip). The list
 * follows the store in a transition (`useTransitioned`): when the search answers, its cards are
 * rendered in slices instead of one long task.
 */
export const TripList = memo(function TripList({ store, onChoose = toSeats }: { store: TripsStore; onChoose?: ChooseTrip }) {
  const { t } = useTranslation('booking');
  const { state, count, visible } = useTransitioned(store, readList, sameList);
  if (state === 'loading') {
    return (
      <Stack aria-busy="true" gap="3">
        <Text role="status">{t('trips.loading')}</Text>
        <Skeleton height="32" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  if (state === 'failed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('trips.failed')}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void store.load()}>
          {t('trips.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (count === 0) {
    return (
      <Box role="status" borderWidth="1px" rounded="lg" p="6" textAlign="center">
        <Text fontWeight="bold">{t('trips.empty')}</Text>
        <Text color="fg.muted">{t('trips.emptyHint')}</Text>
      </Box>
    );
  }
  return (
    <Stack gap="3">
      <Text role="status">{t('trips.count', { count: visible.length })}</Text>
      {visible.length === 0 ? (
        <Text>{t('trips.emptyFiltered')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" p="0" aria-label={t('trips.title')}>
          {visible.map((trip) => (
            <TripCard key={trip.cviaje} store={store} trip={trip} onChoose={onChoose} />
          ))}
        </Stack>
      )}
    </Stack>
  );
});

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
  const { t } = useTranslation('booking');
  // The class filter's choices come with the trips, in the list's transition.
  const classes = useTransitioned(store, readClasses, sameItems);
  const previous = store.dayUrl(-1);
  const next = store.dayUrl(1);
  return (
    <Flex gap="3" wrap="wrap" align="end" justify="space-between" mb="4">
      <HStack gap="2">
        <Button variant="outline" size="sm" disabled={!previous} onClick={() => previous && navigateToUrl(previous)}>
          ← {t('trips.previousDay')}
        </Button>
        <Button variant="outline" size="sm" disabled={!next} onClick={() => next && navigateToUrl(next)}>
          {t('trips.nextDay')} →
        </Button>
      </HStack>
      <HStack gap="3" align="end">
        <Box>
          <chakra.label htmlFor="trips-sort" textStyle="sm" display="block">
            {t('trips.sort')}
          </chakra.label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="trips-sort" value={store.sort} onChange={(event) => store.setSort(event.target.value as SortKey)} borderColor={CONTROL_BORDER}>
              <option value="salida">{t('trips.sortDeparture')}</option>
              <option value="precio">{t('trips.sortPrice')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Box>
          <chakra.label htmlFor="trips-class" textStyle="sm" display="block">
            {t('trips.filter')}
          </chakra.label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="trips-class" value={String(store.clase)} onChange={(event) => store.setClase(Number(event.target.value))} borderColor={CONTROL_BORDER}>
              <option value="0">{t('trips.filterAll')}</option>
              {classes.map((clase) => (
                <option key={clase} value={clase}>
                  {t(`classes.${clase}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      </HStack>
    </Flex>
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
  const parsed = useMemo(() => parseSearchQuery(location.search), [location.search]);
  const leg = legOf(parsed);
  // Made in the first render (the page shows its toolbar and list at once); the search starts in an effect.
  const store = useMemo(() => (parsed.ok ? new TripsStore(parsed.search, leg) : undefined), [parsed, leg]);

  useEffect(() => {
    void store?.load();
  }, [store]);

  const initial = parsed.ok
    ? parsed.search
    : {
        origen: parsed.partial.origen || undefined,
        destino: parsed.partial.destino || undefined,
        fecha: parsed.partial.fecha || undefined,
      };

  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="destinos" />
      <Box mb="6">
        <SearchWidget key={location.search} initial={initial} headingLevel="h2" />
        <SiteLink to="/pasajes/recuperar" display="inline-block" mt="2" textStyle="sm" color="brand.fg" textDecoration="underline">
          {t('trips.recover')}
        </SiteLink>
      </Box>
      {!parsed.ok ? (
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
        <Box as="section" aria-labelledby="trips-title">
          <Heading as="h1" id="trips-title" size="xl">
            {t(leg === 'vuelta' ? 'trips.titleReturn' : 'trips.title')}
          </Heading>
          {store && (
            <>
              <RouteLine store={store} />
              <Toolbar store={store} />
              <TripList store={store} />
            </>
          )}
        </Box>
      )}
    </Container>
  );
});
