import { Link as SiteLink, messageText, useFormSubmit, useHydrated, useTranslation } from '@rumbo/shared';
import { Alert, Button, chakra, Container, Grid, Heading, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { ErrorSummary } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { LEG_FILLS, tripFacts } from '../leg-line';
import { LegLinesView, useLegLines } from '../leg-lines';
import { HoldAnnouncement, HoldTime } from '../seats/hold-time';
import { loadReservationPage } from '../reservation/load-page';
import { currentTrip } from '../reservation';
import { seatsUrl, tripsUrl } from '../trips-url';
import { ReservedNotice } from '../reserved-notice';
import { StepIndicator } from '../steps';
import { BuyerSection, Terms } from './buyer-section';
import { PassengerBlock } from './passenger-block';
import { PaymentStore } from './payment.store';
import { CouponAndTotal } from './price-section';

const TripLines = observer(function TripLines({ store }: { store: PaymentStore }) {
  const legLines = useLegLines();
  return <LegLinesView fill={LEG_FILLS.payment} lines={legLines(store.legs.map((leg) => ({ tramo: leg.tramo, facts: tripFacts(leg.trip) })))} />;
});

/** The hold's live region on this step: the warning before the holds end and the answer to "More time". */
const HoldLiveRegion = observer(function HoldLiveRegion({ store }: { store: PaymentStore }) {
  return <HoldAnnouncement id="hold-announcement" message={store.holdMessage} />;
});

/** Step 3 "Pago" (`/pasajes/pago`): passengers, buyer, coupon, terms, "Reservar". */
export const PaymentPage = observer(function PaymentPage({ store: given }: { store?: PaymentStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const [store] = useState(() => {
    const own = given ?? new PaymentStore();
    own.restore();
    return own;
  });
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.submit());

  useEffect(() => {
    store.load();
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store]);

  const ready = store.state === 'ready';
  useEffect(() => {
    if (ready) void loadReservationPage().catch(() => undefined);
  }, [ready]);

  // The server-rendered page's frame is what Node rendered and what hydrates; the purchase shows from the render after.
  const hydrated = useHydrated();
  if (!hydrated) return <PaymentFrame />;
  const search = store.reservation?.search;
  return (
    <Container maxW="5xl" py="6">
      <PaymentHeading />
      {store.state === 'loading' && <Skeleton height="64" />}
      {store.state === 'reserved' && store.reservation?.codigo && <ReservedNotice codigo={store.reservation.codigo} onNewPurchase={() => store.startNewPurchase()} />}
      {store.state === 'none' && (
        <Stack gap="3" align="start">
          <Text>{t('payment.noSeats')}</Text>
          <SiteLink to={search ? tripsUrl(search) : '/'}>{t('seats.searchAgain')}</SiteLink>
        </Stack>
      )}
      {(store.state === 'ready' || store.state === 'expired') && <HoldLiveRegion store={store} />}
      {store.state === 'expired' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('payment.expired')}</Alert.Title>
            <Alert.Description>{t('payment.expiredKept')}</Alert.Description>
            <SiteLink to={seatsUrl(store.reservation && currentTrip(store.reservation))} textDecoration="underline">
              {t('payment.chooseAgain')}
            </SiteLink>
          </Alert.Content>
        </Alert.Root>
      )}
      {store.state === 'ready' && (
        <>
          <TripLines store={store} />
          <chakra.form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="payment-form-title">
            <Heading as="h2" id="payment-form-title" srOnly>
              {t('payment.formTitle')}
            </Heading>
            <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
              <Stack gap="5">
                <ErrorSummary
                  id="payment-summary"
                  alertRef={alertRef}
                  title={t('payment.summary')}
                  problem={store.problem ? messageText(tv, store.problem) : undefined}
                  entries={store.summary.map((item) => {
                    const text = messageText(tv, item.message);
                    const who = item.passenger ? t('payment.passenger', { n: item.passenger }) : item.buyer ? t('payment.buyer.title') : '';
                    return { text: who ? `${who}: ${text}` : text, href: `#${item.target}`, onPick: () => focus(item.target) };
                  })}
                />
                <Text textStyle="sm">{t('payment.required')}</Text>
                {store.passengers.map((form) => (
                  <PassengerBlock key={form.index} store={store} index={form.index} />
                ))}
                <BuyerSection store={store} />
              </Stack>
              <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
                <HoldTime timer={store.timer} />
                <CouponAndTotal store={store.price} isGuest={store.isGuest} />
                <Terms buyer={store.buyer} />
                <Button type="submit" colorPalette="brand" size="lg" loading={store.sending} loadingText={t('payment.reserving')}>
                  {t('payment.reserve')}
                </Button>
                <Text textStyle="sm" color="fg.muted">
                  {t('payment.reserveHint')}
                </Text>
              </Stack>
            </Grid>
          </chakra.form>
        </>
      )}
    </Container>
  );
});

/** Step 3's steps and heading. */
function PaymentHeading() {
  const { t } = useTranslation('booking');
  return (
    <>
      <StepIndicator current="pago" />
      <Heading as="h1" size="xl" mb="2">
        {t('payment.title')}
      </Heading>
    </>
  );
}

/**
 * Step 3's frame (issue 17 item 5): its steps and heading, and the trip lines without the purchase
 * (it is in the browser's session storage: `../frame-fill` writes them before the code arrives).
 * Nothing is under them: lines of any length (one leg or two, wrapped on a phone) move nothing,
 * and the form comes below them once live. The build renders it in Node for the server-rendered page;
 * the browser hydrates it and then shows the purchase's form.
 */
export function PaymentFrame() {
  return (
    <Container maxW="5xl" py="6">
      <PaymentHeading />
      <LegLinesView fill={LEG_FILLS.payment} />
    </Container>
  );
}
