import { Link as SiteLink, messageText, useTranslation } from '@rumbo/shared';
import { Alert, Badge, Box, Button, chakra, Container, Heading, HStack, List, PushOptIn, SimpleGrid, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { formatCentimos, prepareFormats } from '../format';
import { LEG_FILLS } from '../leg-line';
import { LegLinesView, useLegLines } from '../leg-lines';
import { deckNumber } from '../seats/seat-grid';
import { ReservationStore } from './reservation.store';
import { OwnCredit, PendingPanel } from './pending-panel';
import { TicketCard } from './ticket-card';
import { VouchersPanel } from './vouchers-panel';
import { PurchaseDataPanel } from './purchase-data-panel';
import { useTransitioned } from '../use-transitioned';
import { AREA_SELECTOR, PAINT } from '@rumbo/shared/paint';

/** How often the page asks for the payment's outcome while the provider has not answered. */
const POLL_MS = 3000;
const POLL_FAST_FOR_MS = 2 * 60_000;
const POLL_SLOW_MS = 15_000;

const Tickets = observer(function Tickets({ store }: { store: ReservationStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const view = store.view!;
  const resend = (event: FormEvent) => {
    event.preventDefault();
    void store.resend();
  };
  return (
    <Stack gap="5">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('reservation.paid', { email: view.comprador.email })}</Alert.Title>
      </Alert.Root>
      <Box as="section" aria-labelledby="tickets-title">
        <Heading as="h2" id="tickets-title" size="md" mb="3">
          {t('reservation.tickets.title')}
        </Heading>
        <List.Root listStyleType="none" ps="0" gap="3">
          {view.boletos.map((ticket) => (
            <TicketCard key={ticket.numero} ticket={ticket} actions wallet={store.pocket?.boletos.find((links) => links.numero === ticket.numero)} />
          ))}
        </List.Root>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" onClick={() => void store.downloadPdf()} loading={store.downloading}>
          {t('reservation.tickets.pdf')}
        </Button>
        {store.pocket && (
          <Button asChild variant="outline" colorPalette="brand">
            <a href={store.pocket.calendario} download data-testid="tickets-calendar">
              {t('reservation.tickets.calendar')}
            </a>
          </Button>
        )}
        {store.pdfError && (
          <Text role="alert" color="fg.error">
            {messageText(tv, store.pdfError)}
          </Text>
        )}
      </HStack>
      <PushOptIn store={store.push} scope="purchase" onEnable={() => void store.enablePush()} />
      <VouchersPanel codigo={store.codigo} deps={store.voucherDeps} />
      <PurchaseDataPanel codigo={store.codigo} deps={store.voucherDeps} onErased={() => void store.refresh()} />
      <chakra.form onSubmit={resend} noValidate aria-labelledby="resend-title" borderWidth="1px" rounded="lg" p="4">
        <Heading as="h3" id="resend-title" size="sm" mb="2">
          {t('reservation.resend.title')}
        </Heading>
        <HStack align="start" gap="2" flexWrap="wrap">
          <Box flex="1" minW="14rem">
            <TextField
              id="resend-email"
              name="email"
              type="email"
              autoComplete="email"
              label={t('reservation.resend.email')}
              value={store.resendEmail}
              onValue={(value) => store.setResendEmail(value)}
              error={store.resendError}
              required
            />
          </Box>
          <Button type="submit" variant="outline" mt="7" loading={store.resending}>
            {t('reservation.resend.submit')}
          </Button>
        </HStack>
        <Box aria-live="polite">{store.resent && <Text mt="2">{t('reservation.resend.sent', { email: store.resendEmail })}</Text>}</Box>
      </chakra.form>
    </Stack>
  );
});

const Closed = observer(function Closed({ store }: { store: ReservationStore }) {
  const { t } = useTranslation('booking');
  const view = store.view!;
  const reason = view.estado === 'reembolso' ? 'reembolso' : (view.motivo ?? 'anulada');
  return (
    <Stack gap="4" align="start">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`reservation.closed.${reason}.title`)}</Alert.Title>
          <Alert.Description>{t(`reservation.closed.${reason}.body`, { email: view.comprador.email })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <SiteLink to="/" color="brand.fg" textDecoration="underline" fontWeight="semibold">
        {t('reservation.searchAgain')}
      </SiteLink>
      <PurchaseDataPanel codigo={store.codigo} deps={store.voucherDeps} onErased={() => void store.refresh()} />
    </Stack>
  );
});

const Summary = observer(function Summary({ store }: { store: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
  const view = store.view!;
  const lang = i18n.language;
  return (
    <Box as="section" aria-labelledby="reservation-summary" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" id="reservation-summary" size="md" mb="3">
        {t('reservation.summary')}
      </Heading>
      <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
        <chakra.dt fontWeight="semibold">{t('reservation.code')}</chakra.dt>
        <chakra.dd fontSize="xl" fontWeight="bold" letterSpacing="wider" data-testid="reservation-code">
          {view.codigo}
        </chakra.dd>
        <chakra.dt fontWeight="semibold">{t('reservation.state')}</chakra.dt>
        <chakra.dd>
          <Badge colorPalette={view.estado === 'pagada' ? 'green' : view.estado === 'pendiente' ? 'orange' : 'red'} data-testid="reservation-state">
            {t(`reservation.states.${view.estado}`)}
          </Badge>
        </chakra.dd>
        <chakra.dt fontWeight="semibold">{t('reservation.amount')}</chakra.dt>
        <chakra.dd fontWeight="bold" data-testid="reservation-amount">
          {formatCentimos(view.total_centimos, lang)}
        </chakra.dd>
        {view.descuento_centimos > 0 && (
          <>
            <chakra.dt fontWeight="semibold">{t('reservation.discount')}</chakra.dt>
            <chakra.dd>
              {t('reservation.discountValue', { amount: formatCentimos(view.descuento_centimos, lang), cupon: view.cupon ?? '' })}
            </chakra.dd>
          </>
        )}
        {view.puntos_canje > 0 && (
          <>
            <chakra.dt fontWeight="semibold">{t('reservation.pointsUsed')}</chakra.dt>
            <chakra.dd data-testid="reservation-points">
              {t('reservation.pointsValue', { puntos: view.puntos_canje, amount: formatCentimos(view.canje_centimos, lang) })}
            </chakra.dd>
          </>
        )}
        {view.tipo === 'postergacion' && view.boleto_origen && (
          <>
            <chakra.dt fontWeight="semibold">{t('reservation.postponement')}</chakra.dt>
            <chakra.dd>{t('reservation.postponementValue', { numero: view.boleto_origen })}</chakra.dd>
          </>
        )}
        <chakra.dt fontWeight="semibold">{t('reservation.buyer')}</chakra.dt>
        <chakra.dd>
          {view.comprador.nombre} · {view.comprador.email}
          {view.comprador.comprobante === 'factura' && ` · ${t('reservation.factura', { ruc: view.comprador.ruc ?? '', razon: view.comprador.razon_social ?? '' })}`}
        </chakra.dd>
      </chakra.dl>
      <List.Root listStyleType="none" ps="0" mt="3" gap="1" textStyle="sm">
        {view.asientos.map((seat) => (
          <List.Item key={seat.cviaje_asiento}>
            {t('reservation.seatLine', {
              n: seat.nasiento,
              piso: deckNumber(seat.gnivel_piso),
              pasajero: `${seat.pasajero.nombres} ${seat.pasajero.paterno}`,
              precio: formatCentimos(seat.precio_centimos, lang),
            })}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
});

interface PageView {
  state: ReservationStore['state'];
  view: ReservationStore['view'];
  pending: boolean;
  waiting: boolean;
}

const readPage = (store: ReservationStore): PageView => ({ state: store.state, view: store.view, pending: store.pending, waiting: store.waiting });
const samePage = (a: PageView, b: PageView) => a.state === b.state && a.view === b.view && a.pending === b.pending && a.waiting === b.waiting;

/**
 * `/pasajes/reserva/{codigo}`: the reservation, its payment, and its tickets once paid. What the
 * server answers reaches the page in a transition (`useTransitioned`): the summary and payment
 * methods are rendered in slices rather than in one long task.
 */
export function ReservationPage({ store: given }: { store?: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
  const { codigo = '' } = useParams();
  const [store] = useState(() => given ?? new ReservationStore(codigo));
  const { state, view, pending, waiting } = useTransitioned(store, readPage, samePage);
  const legLines = useLegLines();

  useEffect(() => {
    void store.load();
  }, [store]);

  // While the reservation is on its way, the summary's formatters are built (not in the render of the answer).
  const language = i18n.language;
  useEffect(() => prepareFormats(language), [language]);

  // The clock runs only while there is time left to show (a pending reservation).
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store, pending]);

  // While the provider has not answered: ask again, but not from a tab nobody is looking at; often
  // at first (a card or bank returns in seconds), then seldom (cash at an agent takes longer). It
  // ends with the reservation's hold: past it the server reads the reservation as expired.
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          if (!document.hidden) void store.refresh();
          next();
        },
        Date.now() - started < POLL_FAST_FOR_MS ? POLL_MS : POLL_SLOW_MS,
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [store, waiting]);

  return (
    <Container maxW="4xl" py="6">
      <Heading as="h1" size="xl" mb="4">
        {t('reservation.title')}
      </Heading>
      {/* Its trip first: from the answer, or, in the frame, from this browser's purchase (`../frame-fill`). */}
      {(state === 'loading' || (state === 'ready' && view)) && (
        // One element from the frame to the answer: the line the frame painted stays, text and all.
        <LegLinesView fill={LEG_FILLS.reservation} lines={state === 'ready' && view ? legLines(view.tramos.map((leg) => ({ tramo: leg.tramo, facts: leg }))) : undefined} />
      )}
      {state === 'loading' && (
        // Shown once the frame's fill has written the trip above it (or the page is live): it never moves down.
        <Box aria-busy="true" css={{ [`html:not([${PAINT.frameFilled}]) ${AREA_SELECTOR}:not([${PAINT.live}]) &`]: { visibility: 'hidden' } }}>
          <Text role="status">{t('reservation.loading')}</Text>
          <Skeleton height="48" />
        </Box>
      )}
      {state === 'unknown' && (
        <Stack gap="3" align="start">
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('reservation.unknown', { codigo: store.codigo })}</Alert.Title>
          </Alert.Root>
          <SiteLink to={`/pasajes/recuperar?codigo=${encodeURIComponent(store.codigo)}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
            {t('reservation.recover')}
          </SiteLink>
          <SiteLink to="/" color="brand.fg" textDecoration="underline">
            {t('reservation.searchAgain')}
          </SiteLink>
        </Stack>
      )}
      {state === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('reservation.failed')}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void store.load()}>
            {t('seats.retry')}
          </Button>
        </Alert.Root>
      )}
      {state === 'ready' && view && !pending && (
        <Stack gap="6" align="stretch">
          <Summary store={store} />
          {view.estado === 'pagada' ? <Tickets store={store} /> : <Closed store={store} />}
          <OwnCredit store={store} />
        </Stack>
      )}
      {state === 'ready' && view && pending && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
          <Summary store={store} />
          <PendingPanel store={store} />
        </SimpleGrid>
      )}
    </Container>
  );
}
