/** The seat tools beside the map: map or list, the class filter, "choose for me", and the list view. */
import { Box, Button, chakra, Field, Flex, Heading, HStack, List, SelectControl, Stack, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';
import { observer } from 'mobx-react-lite';
import { seatStatus, type SeatCellOf } from './seat-grid';
import { SeatsStore } from './seats.store';
import { MARK, STATUS_MARK, useSeatName } from './seat-map';

const selectStyle = { minH: '10' } as const;

/** A labelled native select of the seat tools (a filter, the class for "choose for me"). */
function ToolSelect({ id, label, value, options, onValue }: { id: string; label: string; value: string; options: { value: string; label: string }[]; onValue: (value: string) => void }) {
  return (
    <Field.Root ids={{ control: id }} flex="1" minW="8rem">
      <Field.Label textStyle="sm">{label}</Field.Label>
      <SelectControl size="sm" value={value} onValue={onValue} options={options} {...selectStyle} />
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
          <Button key={view} size="sm" minH="10" variant={store.list.view === view ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={store.list.view === view} onClick={() => store.list.setView(view)}>
            {t(view === 'map' ? 'seats.viewMap' : 'seats.viewList')}
          </Button>
        ))}
      </HStack>
      <Flex gap="3" wrap="wrap" align="end">
        <ToolSelect
          id="seat-filter-clase"
          label={t('seats.filterClass')}
          value={store.list.filter.clase}
          options={[any, ...store.list.classes.map((clase) => ({ value: String(clase), label: t(`classes.${clase}`) }))]}
          onValue={(value) => store.list.setFilter('clase', value)}
        />
        <Button size="sm" minH="10" variant="outline" colorPalette="brand" loading={store.choosing} onClick={() => void store.chooseForMe()} flex="1" minW="8rem" h="auto" py="2" whiteSpace="normal">
          {t('seats.chooseForMe', { count: Math.max(1, store.needed - store.mine.length) })}
        </Button>
      </Flex>
      {store.list.view === 'list' && (
        <Flex gap="3" wrap="wrap">
          {store.decks.length > 1 && (
            <ToolSelect
              id="seat-filter-piso"
              label={t('seats.filterDeck')}
              value={store.list.filter.piso}
              options={[any, ...store.decks.map((deck) => ({ value: String(deck.gnivel_piso), label: t('seats.deck', { n: deck.number }) }))]}
              onValue={(value) => store.list.setFilter('piso', value)}
            />
          )}
          <ToolSelect
            id="seat-filter-posicion"
            label={t('seats.filterPosition')}
            value={store.list.filter.posicion}
            options={[any, { value: 'window', label: t('seats.positionFilter.window') }, { value: 'aisle', label: t('seats.positionFilter.aisle') }]}
            onValue={(value) => store.list.setFilter('posicion', value)}
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
  const cells = store.list.listed;
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
