import { Alert, Box, Button, chakra, Container, Flex, Heading, HStack, List, NativeSelect, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { memo, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { navigateToUrl } from 'single-spa';
import { dayLabel } from '../format';
import { readReservation } from '../reservation';
import { parseSearchQuery, type Leg } from '../trips-url';
import { SearchWidget } from '../search/search-widget';
import { StepIndicator } from '../steps';
import { sameItems, useTransitioned } from '../use-transitioned';
import { TripList } from './trip-list';
import { TripsStore, type SortKey } from './trips.store';

const CONTROL_BORDER = 'border.control';

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
