import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { Box, Heading, Skeleton, Text } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { TripListLoading } from './trip-list';
import { ToolbarView } from './trips-toolbar';

/**
 * The height of step 1's search widget (measured at each breakpoint: its fields stack in one
 * column, then two, then one row). The frame reserves it, so nothing below moves when the widget
 * with this address's search replaces the frame.
 */
const SEARCH_HEIGHT = { base: '31.5rem', md: '22.25rem', lg: '13.75rem' };

/** Where step 1's search widget goes: its height is kept from the frame on. */
export function SearchBox({ children }: { children: ReactNode }) {
  return <Box minH={SEARCH_HEIGHT}>{children}</Box>;
}

export function RecoverLink() {
  const { t } = useTranslation('booking');
  return (
    <SiteLink to="/pasajes/recuperar" display="inline-block" mt="2" textStyle="sm" color="brand.fg" textDecoration="underline">
      {t('trips.recover')}
    </SiteLink>
  );
}

const ignore = () => undefined;

/** The search widget's place while its code has not started: its title and a sized placeholder. */
export function SearchPlaceholder() {
  const { t: searchText } = useTranslation('bookingSearch');
  return (
    <Box aria-busy="true" borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }} bg="bg" minH={SEARCH_HEIGHT}>
      <Heading as="h2" size="md" mb="3">
        {searchText('search.title')}
      </Heading>
      <Skeleton height="10" />
    </Box>
  );
}

/** The trips' section: its title (the frame's and the live page's, one element), then what it holds. */
export function TripsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="trips-title">
      <Heading as="h1" id="trips-title" size="xl">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** The trips' section's body while they are on their way: the leg's lines and toolbar still empty, the list loading. */
export function TripsFrameBody() {
  return (
    <>
      {/* The leg's two lines (cities, day), still unknown. */}
      <Box mb="3" color="fg.muted" aria-hidden="true">
        <Text>{'\u00a0'}</Text>
        <Text>{'\u00a0'}</Text>
      </Box>
      <ToolbarView sort="salida" clase={0} classes={[]} onSort={ignore} onClase={ignore} />
      <TripListLoading />
    </>
  );
}
