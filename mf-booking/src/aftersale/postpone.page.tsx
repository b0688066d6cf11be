import { Link as SiteLink, useFormSubmit, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, chakra, Container, Grid, Heading, HStack, List, PageTitle, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { HoldTime } from '../seats/hold-time';
import { dayLabel, formatPrice, limaDate, limaTime } from '../format';
import { ProblemAlert } from '../problem-alert';
import { TicketCard } from '../reservation/ticket-card';
import { deckNumber } from '../seats/seat-grid';
import { DeckGrid, DeckSwitch, Legend, Message } from '../seats/seat-map';
import { TripList } from '../trips/trip-list';
import { PostponeStore } from './postpone.store';
import { TicketLoadState } from './ticket-load-state';

const DayForm = observer(function DayForm({ store }: { store: PostponeStore }) {
  const { t } = useTranslation('booking');
  // The day's field is named after its id; it keeps the focus when the day gives no trips to show.
  const { formRef, onSubmit } = useFormSubmit(async () => ((await store.showTrips()) ? undefined : 'postpone-fecha'));
  return (
    <chakra.form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="postpone-day-title">
      <Heading as="h2" id="postpone-day-title" size="md" mb="2">
        {t('postpone.dayTitle')}
      </Heading>
      <HStack align="end" gap="3" flexWrap="wrap">
        <Box minW="14rem">
          <TextField
            id="postpone-fecha"
            name="postpone-fecha"
            type="date"
            label={t('postpone.fecha')}
            min={store.today}
            max={store.lastDay}
            value={store.fecha}
            onValue={(value) => store.setFecha(value)}
            error={store.fechaError}
            required
          />
        </Box>
        <Button type="submit" colorPalette="brand" mb={store.fechaError ? 7 : 0}>
          {t('postpone.showTrips')}
        </Button>
      </HStack>
    </chakra.form>
  );
});

const TripsStep = observer(function TripsStep({ store }: { store: PostponeStore }) {
  const { t, i18n } = useTranslation('booking');
  const trips = store.trips!;
  return (
    <Box as="section" aria-labelledby="postpone-trips-title">
      <PageTitle
        level="h2"
        size="md"
        titleId="postpone-trips-title"
        title={t('postpone.tripsTitle')}
        lead={`${t('trips.route', trips.cityNames)} · ${t('trips.day', { date: dayLabel(trips.query.fecha, i18n.language) })}`}
        mb="3"
      />
      <TripList store={trips} onChoose={(_, trip) => void store.chooseTrip(trip)} />
    </Box>
  );
});

const SeatStep = observer(function SeatStep({ store }: { store: PostponeStore }) {
  const { t, i18n } = useTranslation('booking');
  const seats = store.seats!;
  useEffect(() => {
    const timer = setInterval(() => seats.tick(), 1000);
    return () => clearInterval(timer);
  }, [seats]);
  const trip = seats.trip;
  const chosen = store.chosen;
  const lang = i18n.language;
  return (
    <Box as="section" aria-labelledby="postpone-seat-title">
      <Heading as="h2" id="postpone-seat-title" size="md" mb="1">
        {t('postpone.seatTitle')}
      </Heading>
      {trip && (
        <Text color="fg.muted" mb="2">
          {trip.terminal_salida.ciudad} → {trip.terminal_llegada.ciudad} · {limaDate(trip.fecha_salida, lang)} {limaTime(trip.fecha_salida, lang)} · {trip.servicio}
        </Text>
      )}
      <Button variant="outline" size="sm" mb="3" onClick={() => void store.backToTrips()}>
        {t('postpone.otherTrip')}
      </Button>
      <Message store={seats} />
      {seats.state === 'loading' && (
        <Box aria-busy="true">
          <Text role="status">{t('seats.loading')}</Text>
          <Skeleton height="64" />
        </Box>
      )}
      {seats.state === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('seats.failed')}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void seats.load()}>
            {t('seats.retry')}
          </Button>
        </Alert.Root>
      )}
      {seats.state === 'ready' && (
        <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" alignItems="start">
          <Box as="section" aria-label={t('seats.title')}>
            <Legend />
            <DeckSwitch store={seats} />
            <DeckGrid store={seats} />
          </Box>
          <Box as="section" aria-labelledby="postpone-confirm-title" borderWidth="1px" rounded="lg" p="4">
            <Heading as="h3" id="postpone-confirm-title" size="sm" mb="2">
              {t('postpone.confirmTitle')}
            </Heading>
            {chosen ? (
              <Text data-testid="postpone-seat">
                {t('postpone.newSeat', {
                  n: chosen.nasiento,
                  piso: deckNumber(chosen.gnivel_piso),
                  clase: t(`classes.${chosen.gcategoria_asiento}`),
                  precio: formatPrice(chosen.precio, lang),
                })}
              </Text>
            ) : (
              <Text id="postpone-seat-hint">{t('postpone.pickSeat')}</Text>
            )}
            <Text textStyle="sm" color="fg.muted" mt="2">
              {t('postpone.difference')}
            </Text>
            <Box mt="3">
              <HoldTime timer={seats.timer} />
            </Box>
            <ProblemAlert problem={store.problem} mt={store.problem ? 3 : 0} />
            <Button
              colorPalette="brand"
              width="full"
              mt="3"
              disabled={!chosen}
              aria-describedby={chosen ? undefined : 'postpone-seat-hint'}
              loading={store.confirming}
              loadingText={t('postpone.confirming')}
              onClick={() => void store.confirm()}
            >
              {t('postpone.confirm')}
            </Button>
          </Box>
        </Grid>
      )}
    </Box>
  );
});

const Done = observer(function Done({ store }: { store: PostponeStore }) {
  const { t } = useTranslation('booking');
  const ticket = store.issued!;
  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('postpone.done', { numero: ticket.numero })}</Alert.Title>
      </Alert.Root>
      <List.Root listStyleType="none" ps="0" aria-label={t('postpone.newTicket')}>
        <TicketCard ticket={ticket} actions />
      </List.Root>
    </Stack>
  );
});

const Ready = observer(function Ready({ store }: { store: PostponeStore }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const info = store.info!;
  const lang = i18n.language;
  if (store.step === 'done') return <Done store={store} />;
  return (
    <Stack gap="6">
      <List.Root listStyleType="none" ps="0" aria-label={t('aftersale.ticketLabel')}>
        <TicketCard ticket={info.boleto} />
      </List.Root>
      {info.postergable ? (
        <Text data-testid="postpone-until">
          {t('postpone.until', { date: limaDate(info.postergable_hasta, lang), time: limaTime(info.postergable_hasta, lang) })}
        </Text>
      ) : (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title data-testid="postpone-refusal">{tv(info.motivo ?? 'postpone.tooLate')}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <SiteLink to="/informacion/politica-postergacion" color="brand.fg" textDecoration="underline" alignSelf="start">
        {t('postpone.policy')}
      </SiteLink>
      {info.postergable && <DayForm store={store} />}
      {store.step === 'trip' && <TripsStep store={store} />}
      {store.step === 'seat' && <SeatStep store={store} />}
    </Stack>
  );
});

/** `/pasajes/postergar/{numero}`: move a ticket to another trip of its route and a free seat. */
export const PostponePage = observer(function PostponePage({ store: given }: { store?: PostponeStore }) {
  const { t } = useTranslation('booking');
  const { numero = '' } = useParams();
  const [store] = useState(() => given ?? new PostponeStore(numero));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <Container maxW="5xl" py="6">
      <Heading as="h1" size="xl" mb="2">
        {t('postpone.title', { numero: store.numero })}
      </Heading>
      <Text mb="4">{t('postpone.intro')}</Text>
      <TicketLoadState store={store} path={`/pasajes/postergar/${store.numero}`} />
      {store.state === 'ready' && store.info && <Ready store={store} />}
    </Container>
  );
});
