import { Link, useTranslation } from '@rumbo/shared';
import { Box, chakra, Text } from '@rumbo/shared/ui';
import { formatShortDay, type FareDay } from '@rumbo/shared/schemas';
import { observer } from 'mobx-react-lite';
import { formatPrice } from '../format';
import type { TripsStore } from './trips.store';

/**
 * The fare calendar of step 1 (issue 48): the lowest price of each day around the one shown, each
 * day a link that searches it (so it works before the page's code, and with none). The day shown
 * is marked as the current one; a day with no seat says so. What a link says is what it shows
 * ("sáb. 12 dic. desde S/ 45.00"): its name is its visible text (WCAG 2.5.3).
 */
export const FareCalendar = observer(function FareCalendar({ store }: { store: TripsStore }) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.language;
  if (store.calendar.length === 0) return null;
  const price = (day: FareDay) => (day.desde === null ? t('calendar.none') : t('calendar.from', { price: formatPrice(day.desde, language) }));
  return (
    <chakra.nav aria-label={t('calendar.label')} mb="4" overflowX="auto">
      <chakra.ol display="flex" gap="1" listStyleType="none" p="0" m="0">
        {store.calendar.map((day) => {
          const current = day.fecha === store.query.fecha;
          const url = current ? undefined : store.dayUrlOf(day.fecha);
          const face = (
            <>
              <Text as="span" display="block" textStyle="xs">
                {formatShortDay(day.fecha, language)}
              </Text>{' '}
              <Text as="span" display="block" fontWeight="semibold">
                {price(day)}
              </Text>
            </>
          );
          const box = { display: 'block', minW: '24', px: '2', py: '1', textAlign: 'center', borderWidth: '1px', borderRadius: 'md' } as const;
          return (
            <chakra.li key={day.fecha} flexShrink={0}>
              {url ? (
                <Link to={url} {...box} borderColor="border.control" _hover={{ bg: 'bg.muted' }}>
                  {face}
                </Link>
              ) : (
                <Box aria-current={current ? 'date' : undefined} {...box} borderColor={current ? 'colorPalette.solid' : 'border'} bg={current ? 'colorPalette.subtle' : undefined} color={current ? undefined : 'fg.muted'}>
                  {face}
                </Box>
              )}
            </chakra.li>
          );
        })}
      </chakra.ol>
    </chakra.nav>
  );
});
