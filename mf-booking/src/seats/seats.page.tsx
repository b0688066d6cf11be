import { Alert, Box, Button, chakra, Container, Flex, Grid, Heading, HStack, List, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { RadioGroup } from '@rumbo/shared/ui/forms';
import type { Trip } from '@rumbo/shared/schemas';
import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { Countdown } from '../countdown';
import { formatPrice, limaTime } from '../format';
import { loadPaymentPage } from '../lazy-pages';
import { tripsUrl } from '../trips-url';
import { StepIndicator } from '../steps';
import { useTransitioned } from '../use-transitioned';
import { deckNumber, seatStatus, type GridCell, type Seat, type SeatStatus } from './seat-grid';
import { SeatsStore, type SeatMessage } from './seats.store';

/** Colours of the seat states (text on them keeps AA contrast). */
const STATUS_STYLE: Record<SeatStatus, { bg: string; color: string; borderColor: string }> = {
  available: { bg: 'white', color: 'gray.900', borderColor: 'brand.600' },
  selected: { bg: 'brand.700', color: 'white', borderColor: 'brand.800' },
  promotion: { bg: 'orange.100', color: 'gray.900', borderColor: 'orange.700' },
  occupied: { bg: 'gray.300', color: 'gray.800', borderColor: 'gray.400' },
};

const FACILITY_ICON: Record<number, string> = { 2: '⇅', 3: 'WC', 4: '◎', 5: '▭', 6: '⊐' };

function useMessageText() {
  const { t } = useTranslation('booking');
  return (message: SeatMessage) => {
    if (message.key.startsWith('validation:') && t(message.key, { defaultValue: '' }) === '' && message.text) return message.text;
    return t(message.key, message.params ?? {});
  };
}

/**
 * The seat's spoken name split so that what the button shows (number, class, price) is part of
 * it, in order (WCAG 2.5.3 "label in name"): the rest of the name is visually hidden text.
 */
export function splitName(name: string, visible: readonly string[]): { text: string; visible: boolean }[] {
  const parts: { text: string; visible: boolean }[] = [];
  let at = 0;
  for (const token of visible) {
    const found = name.indexOf(token, at);
    if (found < 0) continue;
    if (found > at) parts.push({ text: name.slice(at, found), visible: false });
    parts.push({ text: token, visible: true });
    at = found + token.length;
  }
  if (at < name.length) parts.push({ text: name.slice(at), visible: false });
  return parts;
}

const SeatButton = observer(function SeatButton({ store, seat }: { store: SeatsStore; seat: Seat }) {
  const { t, i18n } = useTranslation('booking');
  const status = seatStatus(seat);
  const own = store.mine.find((held) => held.nasiento === seat.nasiento);
  const precio = own?.precio ?? seat.precio;
  const clase = t(`classes.${seat.gcategoria_asiento}`);
  const preferential = store.isPreferential(seat);
  const name = t('seats.seatName', {
    n: seat.nasiento,
    piso: deckNumber(seat.gnivel_piso),
    clase: preferential ? `${clase}, ${t('seats.preferential')}` : clase,
    precio: precio === null ? '' : formatPrice(precio, i18n.language),
    estado: t(`seats.status.${status}`),
  });
  const style = STATUS_STYLE[status];
  const occupied = status === 'occupied';
  const pending = store.pending.has(seat.nasiento);
  const visible = [String(seat.nasiento), `${seat.gcategoria_asiento}°`, ...(precio === null ? [] : [formatPrice(precio, i18n.language).replace(/^S\/\s*/, '')])];
  return (
    <chakra.button
      type="button"
      aria-pressed={status === 'selected'}
      aria-disabled={occupied || undefined}
      aria-busy={pending || undefined}
      data-seat={seat.nasiento}
      data-status={status}
      onClick={() => void store.toggle(seat)}
      w="full"
      h="full"
      minH="14"
      rounded="md"
      borderWidth="2px"
      {...style}
      cursor={occupied ? 'not-allowed' : 'pointer'}
      opacity={pending ? 0.6 : 1}
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      lineHeight="1.1"
      p="0.5"
      _focusVisible={{ outline: '3px solid', outlineColor: 'orange.500', outlineOffset: '2px' }}
    >
      {splitName(name, visible).map((part, i) =>
        part.visible ? (
          <chakra.span
            key={i}
            textStyle={part.text === visible[0] ? 'sm' : '2xs'}
            fontWeight={part.text === visible[0] ? 'bold' : undefined}
            textDecoration={occupied && part.text === visible[0] ? 'line-through' : undefined}
          >
            {part.text}
          </chakra.span>
        ) : (
          <chakra.span key={i} srOnly>
            {part.text}
          </chakra.span>
        ),
      )}
    </chakra.button>
  );
});

function Cell({ store, cell }: { store: SeatsStore; cell: GridCell }) {
  const { t } = useTranslation('booking');
  if (cell.kind === 'seat') return <SeatButton store={store} seat={cell.seat} />;
  if (cell.kind === 'facility') {
    const label = t(`seats.objects.${cell.object}`, { defaultValue: '' });
    return (
      <Box
        role="img"
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        h="full"
        minH="12"
        rounded="md"
        bg="gray.100"
        color="gray.800"
        display="flex"
        alignItems="center"
        justifyContent="center"
        textStyle="xs"
        title={label}
      >
        <span aria-hidden="true">{FACILITY_ICON[cell.object] ?? ''}</span>
      </Box>
    );
  }
  return <Box aria-hidden="true" minH="12" />;
}

export const DeckGrid = observer(function DeckGrid({ store }: { store: SeatsStore }) {
  const { t } = useTranslation('booking');
  const deck = store.currentDeck;
  if (!deck) return null;
  return (
    <Box id="seat-deck" role="group" aria-label={t('seats.deck', { n: deck.number })} borderWidth="2px" rounded="2xl" p="3" maxW="sm" mx="auto">
      <Text textStyle="xs" textAlign="center" color="fg.muted" mb="2">
        ▲ {t('seats.front')}
      </Text>
      <Grid templateColumns={`repeat(${deck.columns}, minmax(3rem, 1fr))`} gap="1.5">
        {deck.rows.flat().map((cell) => (
          <Cell key={`${cell.x}-${cell.y}`} store={store} cell={cell} />
        ))}
      </Grid>
    </Box>
  );
});

export const DeckSwitch = observer(function DeckSwitch({ store }: { store: SeatsStore }) {
  const { t } = useTranslation('booking');
  if (store.decks.length < 2) return null;
  return (
    <RadioGroup.Root
      value={String(store.currentDeck?.gnivel_piso ?? store.deck)}
      onValueChange={(details) => details.value && store.setDeck(Number(details.value))}
      aria-label={t('seats.decks')}
      colorPalette="brand"
      mb="3"
    >
      <HStack gap="5" justify="center">
        {store.decks.map((deck) => (
          <RadioGroup.Item key={deck.gnivel_piso} value={String(deck.gnivel_piso)}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator borderColor="border.control" />
            <RadioGroup.ItemText>{t('seats.deck', { n: deck.number })}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
});

export function Legend() {
  const { t } = useTranslation('booking');
  const statuses: SeatStatus[] = ['available', 'selected', 'promotion', 'occupied'];
  return (
    <Box as="section" aria-labelledby="seat-legend" mb="3">
      <Text id="seat-legend" fontWeight="medium" textStyle="sm" srOnly>
        {t('seats.legend')}
      </Text>
      <List.Root display="flex" flexDirection="row" flexWrap="wrap" gap="4" listStyleType="none" ps="0" justifyContent="center">
        {statuses.map((status) => (
          <List.Item key={status} display="flex" alignItems="center" gap="2" textStyle="sm">
            <Box boxSize="4" rounded="sm" borderWidth="2px" {...STATUS_STYLE[status]} aria-hidden="true" />
            {t(`seats.legendItem.${status}`)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** The holds' countdown, on its own: the clock re-renders it alone every second. */
const HoldCountdown = observer(function HoldCountdown({ store }: { store: SeatsStore }) {
  return <Countdown seconds={store.secondsLeft} />;
});

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
        <HoldCountdown store={store} />
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

export const Message = observer(function Message({ store }: { store: SeatsStore }) {
  const text = useMessageText();
  const message = store.message;
  return (
    <Box aria-live={message?.tone === 'error' ? 'assertive' : 'polite'} aria-atomic="true" mb={message ? 3 : 0}>
      {message && (
        <Alert.Root status={message.tone === 'error' ? 'error' : 'info'} role={message.tone === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{text(message)}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
});

/**
 * The trip's cities, times and service. A component of its own: the page's first time formatter is
 * built here (the browser's date data is loaded then), apart from the rest of the page's render.
 */
function TripLine({ trip }: { trip: Trip }) {
  const { i18n } = useTranslation('booking');
  return (
    <Text color="fg.muted" mb="1">
      {trip.terminal_salida.ciudad} → {trip.terminal_llegada.ciudad} · {limaTime(trip.fecha_salida, i18n.language)} → {limaTime(trip.fecha_llegada, i18n.language)} ·{' '}
      {trip.servicio}
    </Text>
  );
}

const readState = (store: SeatsStore) => store.state;

/** Step 2 "Asientos" (`/pasajes/asientos`, the trip from `CRESERVA`). */
export const SeatsPage = observer(function SeatsPage({ store: given }: { store?: SeatsStore }) {
  const { t } = useTranslation('booking');
  const [store] = useState(() => {
    const own = given ?? new SeatsStore();
    own.restore();
    return own;
  });
  // The seat map (a grid of buttons) arrives in a transition: rendered in slices, not one long task.
  const state = useTransitioned(store, readState);

  useEffect(() => {
    void store.start();
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store]);

  const trip = store.trip;
  const reservation = store.reservation;
  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="asientos" />
      {state === 'none' || !trip || !reservation ? (
        state === 'loading' ? (
          <Skeleton height="64" />
        ) : (
          <Stack gap="3" align="start">
            <Heading as="h1" size="xl">
              {t('seats.title')}
            </Heading>
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
          {state === 'loading' && (
            <Box aria-busy="true">
              <Text role="status">{t('seats.loading')}</Text>
              <Skeleton height="96" />
            </Box>
          )}
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
                <Legend />
                <DeckSwitch store={store} />
                <DeckGrid store={store} />
              </Box>
              <Summary store={store} />
            </Grid>
          )}
        </>
      )}
    </Container>
  );
});
