import { Alert, Box, Button, chakra, Container, Field, Flex, Grid, Heading, HStack, List, NativeSelect, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { RadioGroup } from '@rumbo/shared/ui/forms';
import type { Trip } from '@rumbo/shared/schemas';
import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { formatPrice, limaTime } from '../format';
import { loadPaymentPage } from '../lazy-pages';
import { tripsUrl } from '../trips-url';
import { ReservedNotice } from '../reserved-notice';
import { StepIndicator } from '../steps';
import { useTransitioned } from '../use-transitioned';
import { deckNumber, firstSeat, gridMoveOf, moveInDeck, seatStatus, type SeatCellOf, type SeatStatus } from './seat-grid';
import { HoldTime, messageKey, useHoldMessageText } from './hold-time';
import { SeatsStore } from './seats.store';

/** Colours of the seat states (text on them keeps AA contrast). */
const STATUS_STYLE: Record<SeatStatus, { bg: string; color: string; borderColor: string }> = {
  available: { bg: 'white', color: 'gray.900', borderColor: 'brand.600' },
  selected: { bg: 'brand.700', color: 'white', borderColor: 'brand.800' },
  promotion: { bg: 'orange.100', color: 'gray.900', borderColor: 'orange.700' },
  occupied: { bg: 'gray.300', color: 'gray.800', borderColor: 'gray.400' },
};

const FACILITY_ICON: Record<number, string> = { 2: '⇅', 3: 'WC', 4: '◎', 5: '▭', 6: '⊐' };


/** Marks the parts of a seat's name the button shows (a character no text carries). */
const MARK = '\u001f';
const shown = (text: string) => `${MARK}${text}${MARK}`;

/**
 * A seat's spoken name whose visible parts (number, class degrees, price) are marked with `shown`,
 * split in order into hidden and visible parts: what the button shows is part of its name, in
 * order (WCAG 2.5.3 "label in name"); the rest of the name is visually hidden text.
 */
export function markedParts(marked: string): { text: string; visible: boolean }[] {
  return marked
    .split(MARK)
    .map((text, i) => ({ text, visible: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/**
 * The parts of a seat's name as the lines the button shows: each line starts with a visible part
 * and carries the hidden text after it (the first line the hidden text before it too). The lines
 * are blocks (a browser puts a space between blocks when it reads the name), so each boundary
 * falls where the name already has a space: "…, asiento 47, ventana, Especial ", "160°, S/ ", …;
 * inside a line every part is inline.
 */
export function nameLines(parts: readonly { text: string; visible: boolean }[]): { text: string; visible: boolean }[][] {
  const lines: { text: string; visible: boolean }[][] = [];
  for (const part of parts) {
    const line = lines.at(-1);
    if (!line || (part.visible && line.some((p) => p.visible))) lines.push([part]);
    else line.push(part);
  }
  return lines;
}

/** What shows a seat's state besides its colour (hidden from screen readers: the name says it). */
const STATUS_MARK: Record<SeatStatus, string> = { available: '', selected: '✓', promotion: '%', occupied: '✕' };

interface SeatButtonProps {
  store: SeatsStore;
  cell: SeatCellOf;
  /** The deck's one tab stop (roving tabindex). */
  tabStop: boolean;
  onFocus: (nasiento: number) => void;
}

/** A seat's full spoken name, its visible parts marked (`shown`); the same on the map and in the list. */
function useSeatName(store: SeatsStore, cell: SeatCellOf): string {
  const { t, i18n } = useTranslation('booking');
  const { seat } = cell;
  const status = seatStatus(seat);
  const own = store.mine.find((held) => held.nasiento === seat.nasiento);
  const precio = own?.precio ?? seat.precio;
  const degrees = `${seat.gcategoria_asiento}°`;
  const clase = t(`classes.${seat.gcategoria_asiento}`).replace(degrees, shown(degrees));
  const preferential = store.isPreferential(seat);
  const price = precio === null ? '' : formatPrice(precio, i18n.language).replace(/[\d.,]+$/, (amount) => shown(amount));
  return t('seats.seatName', {
    n: shown(String(seat.nasiento)),
    piso: deckNumber(seat.gnivel_piso),
    fila: cell.row,
    posicion: t(`seats.position.${cell.position}`),
    clase: preferential ? `${clase}, ${t('seats.preferential')}` : clase,
    precio: price,
    estado: t(`seats.status.${status}`),
  });
}

const SeatButton = observer(function SeatButton({ store, cell, tabStop, onFocus }: SeatButtonProps) {
  const { seat } = cell;
  const status = seatStatus(seat);
  const parts = markedParts(useSeatName(store, cell));
  const number = parts.find((part) => part.visible);
  const style = STATUS_STYLE[status];
  const occupied = status === 'occupied';
  const pending = store.pending.has(seat.nasiento);
  return (
    <chakra.button
      type="button"
      tabIndex={tabStop ? 0 : -1}
      aria-pressed={status === 'selected'}
      aria-disabled={occupied || undefined}
      aria-busy={pending || undefined}
      data-seat={seat.nasiento}
      data-status={status}
      onClick={() => void store.toggle(seat)}
      onFocus={() => onFocus(seat.nasiento)}
      position="relative"
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
      // A ring seen on any seat colour: dark outline, white gap (WCAG 2.4.7, 1.4.11).
      _focusVisible={{ outline: '3px solid', outlineColor: 'gray.900', outlineOffset: '2px', boxShadow: '0 0 0 2px white' }}
    >
      {STATUS_MARK[status] && (
        <chakra.span aria-hidden="true" position="absolute" top="0" insetEnd="0.5" textStyle="2xs" fontWeight="bold" data-mark>
          {STATUS_MARK[status]}
        </chakra.span>
      )}
      {nameLines(parts).map((line, l) => (
        <chakra.span key={l} display="block">
          {line.map((part, i) =>
            part.visible ? (
              <chakra.span
                key={i}
                textStyle={part === number ? 'sm' : '2xs'}
                fontWeight={part === number ? 'bold' : undefined}
                textDecoration={occupied && part === number ? 'line-through' : undefined}
              >
                {part.text}
              </chakra.span>
            ) : (
              // Inline and without size (not `srOnly`: a positioned element is a block, and a
              // block inside a name is read with a space around it: "47 , piso").
              <chakra.span key={i} fontSize="0" lineHeight="0" color="transparent">
                {part.text}
              </chakra.span>
            ),
          )}
        </chakra.span>
      ))}
    </chakra.button>
  );
});

function Facility({ object }: { object: number }) {
  const { t } = useTranslation('booking');
  const label = t(`seats.objects.${object}`, { defaultValue: '' });
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
      <span aria-hidden="true">{FACILITY_ICON[object] ?? ''}</span>
    </Box>
  );
}

/**
 * The deck on screen as a WAI-ARIA grid: one tab stop (the seat last focused, else the deck's
 * first seat); arrow keys, Home/End, Ctrl+Home/End and PageUp/PageDown move seat by seat in the
 * bus's layout (`moveInDeck`); Enter or Space picks or releases (the seat is a button).
 */
export const DeckGrid = observer(function DeckGrid({ store }: { store: SeatsStore }) {
  const { t } = useTranslation('booking');
  const [active, setActive] = useState<number | undefined>(undefined);
  const grid = useRef<HTMLDivElement>(null);
  const deck = store.currentDeck;
  if (!deck) return null;
  const seats = deck.rows.flat().filter((cell): cell is SeatCellOf => cell.kind === 'seat');
  const tabStop = seats.find((cell) => cell.seat.nasiento === active) ?? firstSeat(deck);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = gridMoveOf(event);
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-seat]')?.dataset.seat;
    if (!move || from === undefined) return;
    event.preventDefault();
    const to = moveInDeck(deck, Number(from), move);
    if (!to) return;
    setActive(to.seat.nasiento);
    grid.current?.querySelector<HTMLElement>(`[data-seat="${to.seat.nasiento}"]`)?.focus();
  };
  return (
    // At 320 px wide five columns of 2.75rem (44 px targets) fit with the gaps and this padding.
    <Box borderWidth="2px" rounded="2xl" p={{ base: '2', sm: '3' }} maxW="sm" mx="auto">
      <Text textStyle="xs" textAlign="center" color="fg.muted" mb="2">
        ▲ {t('seats.front')}
      </Text>
      <Stack id="seat-deck" ref={grid} role="grid" aria-label={t('seats.deck', { n: deck.number })} gap="1.5" onKeyDown={onKeyDown}>
        {deck.rows.map((row, y) => (
          <Grid key={y} role="row" templateColumns={`repeat(${deck.columns}, minmax(2.75rem, 1fr))`} gap="1.5">
            {row.map((cell) => (
              <Box key={`${cell.x}-${cell.y}`} role="gridcell" minH="12">
                {cell.kind === 'seat' ? (
                  <SeatButton store={store} cell={cell} tabStop={cell === tabStop} onFocus={setActive} />
                ) : cell.kind === 'facility' ? (
                  <Facility object={cell.object} />
                ) : null}
              </Box>
            ))}
          </Grid>
        ))}
      </Stack>
    </Box>
  );
});

const selectStyle = { minH: '10' } as const;

/** A labelled native select of the seat tools (a filter, the class for "choose for me"). */
function ToolSelect({ id, label, value, options, onValue }: { id: string; label: string; value: string; options: { value: string; label: string }[]; onValue: (value: string) => void }) {
  return (
    <Field.Root ids={{ control: id }} flex="1" minW="8rem">
      <Field.Label textStyle="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onValue(event.target.value)} {...selectStyle}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The seat tools beside the map: map or list (two toggle buttons), the class (the list's filter,
 * and what "choose for me" keeps to) and "choose for me".
 */
export const SeatTools = observer(function SeatTools({ store }: { store: SeatsStore }) {
  const { t } = useTranslation('booking');
  const any = { value: '', label: t('seats.any') };
  return (
    <Stack gap="3" mb="3">
      <HStack role="group" aria-label={t('seats.view')} gap="2" justify="center">
        {(['map', 'list'] as const).map((view) => (
          <Button key={view} size="sm" minH="10" variant={store.view === view ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={store.view === view} onClick={() => store.setView(view)}>
            {t(view === 'map' ? 'seats.viewMap' : 'seats.viewList')}
          </Button>
        ))}
      </HStack>
      <Flex gap="3" wrap="wrap" align="end">
        <ToolSelect
          id="seat-filter-clase"
          label={t('seats.filterClass')}
          value={store.filter.clase}
          options={[any, ...store.classes.map((clase) => ({ value: String(clase), label: t(`classes.${clase}`) }))]}
          onValue={(value) => store.setFilter('clase', value)}
        />
        <Button size="sm" minH="10" variant="outline" colorPalette="brand" loading={store.choosing} onClick={() => void store.chooseForMe()} flex="1" minW="8rem">
          {t('seats.chooseForMe', { count: Math.max(1, store.needed - store.mine.length) })}
        </Button>
      </Flex>
      {store.view === 'list' && (
        <Flex gap="3" wrap="wrap">
          {store.decks.length > 1 && (
            <ToolSelect
              id="seat-filter-piso"
              label={t('seats.filterDeck')}
              value={store.filter.piso}
              options={[any, ...store.decks.map((deck) => ({ value: String(deck.gnivel_piso), label: t('seats.deck', { n: deck.number }) }))]}
              onValue={(value) => store.setFilter('piso', value)}
            />
          )}
          <ToolSelect
            id="seat-filter-posicion"
            label={t('seats.filterPosition')}
            value={store.filter.posicion}
            options={[any, { value: 'window', label: t('seats.positionFilter.window') }, { value: 'aisle', label: t('seats.positionFilter.aisle') }]}
            onValue={(value) => store.setFilter('posicion', value)}
          />
        </Flex>
      )}
    </Stack>
  );
});

const ListedSeat = observer(function ListedSeat({ store, cell }: { store: SeatsStore; cell: SeatCellOf }) {
  const name = useSeatName(store, cell).split(MARK).join('');
  const status = seatStatus(cell.seat);
  const pending = store.pending.has(cell.seat.nasiento);
  return (
    <List.Item>
      <Button
        variant={status === 'selected' ? 'solid' : 'outline'}
        colorPalette="brand"
        width="full"
        minH="11"
        h="auto"
        py="2"
        justifyContent="space-between"
        whiteSpace="normal"
        textAlign="start"
        aria-pressed={status === 'selected'}
        aria-busy={pending || undefined}
        data-list-seat={cell.seat.nasiento}
        onClick={() => void store.toggle(cell.seat)}
      >
        <span>{name}</span>
        <span aria-hidden="true">{STATUS_MARK[status]}</span>
      </Button>
    </List.Item>
  );
});

/** The list view: the free seats (and this browser's) of every deck, filtered; each picks or releases as on the map. */
export const SeatList = observer(function SeatList({ store }: { store: SeatsStore }) {
  const { t } = useTranslation('booking');
  const cells = store.listed;
  return (
    <Box as="section" aria-labelledby="seat-list-title">
      <Heading as="h2" id="seat-list-title" size="sm" mb="2">
        {t('seats.listTitle')} <chakra.span fontWeight="normal">({t('seats.listCount', { count: cells.length })})</chakra.span>
      </Heading>
      {cells.length === 0 ? (
        <Text>{t('seats.listEmpty')}</Text>
      ) : (
        <List.Root listStyleType="none" ps="0" gap="2" id="seat-list">
          {cells.map((cell) => (
            <ListedSeat key={`${cell.seat.gnivel_piso}-${cell.seat.nasiento}`} store={store} cell={cell} />
          ))}
        </List.Root>
      )}
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
            <Box
              boxSize="4"
              rounded="sm"
              borderWidth="2px"
              {...STATUS_STYLE[status]}
              aria-hidden="true"
              textStyle="2xs"
              fontWeight="bold"
              lineHeight="1"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              {STATUS_MARK[status]}
            </Box>
            {t(`seats.legendItem.${status}`)}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
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
 * The seat map's live region, polite and always there: picking, releasing, a refusal and "someone
 * just took this seat" are announced without cutting in on what the screen reader is saying.
 */
export const Message = observer(function Message({ store }: { store: SeatsStore }) {
  const text = useHoldMessageText();
  const message = store.message;
  return (
    <Box id="seat-announcement" role="status" aria-live="polite" aria-atomic="true" mb={message ? 3 : 0}>
      {message && (
        <Alert.Root key={messageKey(message)} status={message.tone} role="none">
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
                <SeatTools store={store} />
                {store.view === 'map' ? (
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
