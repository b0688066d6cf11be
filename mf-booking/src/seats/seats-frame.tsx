import { useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, Skeleton, Text } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { StepIndicator } from '../steps';

/**
 * The trip's line under step 2's heading: two lines kept on a phone (cities, times and service
 * wrap there), one from `md` on, so the frame and the page take the same height.
 */
export function TripLineBox({ children }: { children: ReactNode }) {
  return (
    <Box color="fg.muted" mb="1" minH={{ base: '3rem', md: '1.5rem' }}>
      {children}
    </Box>
  );
}

/** The seat map while it is on its way (also the frame's). */
export function SeatMapLoading() {
  const { t } = useTranslation('booking');
  return (
    <Box aria-busy="true">
      <Text role="status">{t('seats.loading')}</Text>
      <Skeleton height="96" />
    </Box>
  );
}

/**
 * Step 2's frame (issue 17 item 5): its heading and the seat map's place, without the trip (it is
 * in the browser's session storage). The build renders it in Node for the server-rendered page; the
 * browser hydrates it and then shows the chosen trip.
 */
export function SeatsFrame() {
  const { t } = useTranslation('booking');
  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="asientos" />
      <Heading as="h1" size="xl" mb="1">
        {t('seats.title')}
      </Heading>
      {/* The chosen trip, written from this browser's session storage before the code arrives (`../frame-fill`). */}
      <TripLineBox>
        {/* An empty text child: React hydrates it as the element's text, which the fill may have set. */}
        <Text data-frame-fill="seats-trip" suppressHydrationWarning>
          {''}
        </Text>
      </TripLineBox>
      {/* The way back to the trips: its line. */}
      <Box mb="4" aria-hidden="true">
        <Text>{'\u00a0'}</Text>
      </Box>
      <SeatMapLoading />
    </Container>
  );
}
