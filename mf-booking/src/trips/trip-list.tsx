import { useTranslation } from '@rumbo/shared';
import type { Trip } from '@rumbo/shared/schemas';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, List, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import { navigateToUrl } from 'single-spa';
import { faresOf, fromPrice, limaDay, limaTime, formatPrice, splitDuration } from '../format';
import { sameItems, useTransitioned } from '../use-transitioned';
import type { TripsStore } from './trips.store';
import { WaitlistJoin } from './waitlist-join';

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
        {soldOut && <WaitlistJoin trip={trip} seats={store.search.pasajeros} />}
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

/** The list while the day's trips are on their way (also the return leg's frame, `TripsFrameBody`). */
export function TripListLoading() {
  const { t } = useTranslation('booking');
  return (
    <Stack aria-busy="true" gap="3">
      <Text role="status">{t('trips.loading')}</Text>
      <Skeleton height="32" />
      <Skeleton height="32" />
    </Stack>
  );
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
  if (state === 'loading') return <TripListLoading />;
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
