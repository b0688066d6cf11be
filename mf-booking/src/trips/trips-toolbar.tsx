import { useTranslation } from '@rumbo/shared';
import { Box, Button, chakra, Flex, HStack, NativeSelect } from '@rumbo/shared/ui';
import { navigateToUrl } from 'single-spa';
import type { SortKey } from './trips.store';

const CONTROL_BORDER = 'border.control';

export interface ToolbarViewProps {
  /** Step 1's URL of the day before and after (undefined outside the sales window, or in the frame). */
  previous?: string;
  next?: string;
  sort: SortKey;
  /** Seat class shown, 0 for all. */
  clase: number;
  /** The class filter's choices. */
  classes: readonly number[];
  onSort: (sort: SortKey) => void;
  onClase: (clase: number) => void;
}

/** Step 1's day buttons, sort and class filter; the same markup in the server-rendered page's frame (disabled, no choices yet). */
export function ToolbarView({ previous, next, sort, clase, classes, onSort, onClase }: ToolbarViewProps) {
  const { t } = useTranslation('booking');
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
            <NativeSelect.Field id="trips-sort" value={sort} onChange={(event) => onSort(event.target.value as SortKey)} borderColor={CONTROL_BORDER}>
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
            <NativeSelect.Field id="trips-class" value={String(clase)} onChange={(event) => onClase(Number(event.target.value))} borderColor={CONTROL_BORDER}>
              <option value="0">{t('trips.filterAll')}</option>
              {classes.map((item) => (
                <option key={item} value={item}>
                  {t(`classes.${item}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      </HStack>
    </Flex>
  );
}
