/**
 * The seat map, shared by step 2 and the postponement's seat step: the deck grid (a WAI-ARIA grid of
 * seat buttons), the deck switch, the legend and the live region that tells what happened.
 */
import { Alert, Box, chakra, Grid, HStack, List, Stack, Text } from '@rumbo/shared/ui';
import { RadioGroup } from '@rumbo/shared/ui/forms';
import { useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatPrice } from '../format';
import { deckNumber, firstSeat, gridMoveOf, moveInDeck, seatStatus, type SeatCellOf, type SeatStatus } from './seat-grid';
import { messageKey, useHoldMessageText } from './hold-time';
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
export const MARK = '\u001f';
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
export const STATUS_MARK: Record<SeatStatus, string> = { available: '', selected: '✓', promotion: '%', occupied: '✕' };

interface SeatButtonProps {
  store: SeatsStore;
  cell: SeatCellOf;
  /** The deck's one tab stop (roving tabindex). */
  tabStop: boolean;
  onFocus: (nasiento: number) => void;
}

/** A seat's full spoken name, its visible parts marked (`shown`); the same on the map and in the list. */
export function useSeatName(store: SeatsStore, cell: SeatCellOf): string {
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
