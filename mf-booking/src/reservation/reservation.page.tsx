import { Link as SiteLink, messageText, useTranslation } from '@rumbo/shared';
import { PAYMENT_METHODS, type PaymentMethod } from '@rumbo/shared/schemas';
import { Alert, Badge, Box, Button, chakra, Container, ExternalLink, Heading, HStack, List, SimpleGrid, Skeleton, Spinner, Stack, Text } from '@rumbo/shared/ui';
import { RadioGroup, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Countdown } from '../countdown';
import { formatCentimos, limaDate, limaTime, prepareFormats } from '../format';
import { deckNumber } from '../seats/seat-grid';
import { ReservationStore } from './reservation.store';
import { TicketCard } from './ticket-card';
import { useTransitioned } from '../use-transitioned';

/** How often the page asks for the payment's outcome while the provider has not answered. */
const POLL_MS = 3000;
const POLL_FAST_FOR_MS = 2 * 60_000;
const POLL_SLOW_MS = 15_000;

const PaymentMethods = observer(function PaymentMethods({ store }: { store: ReservationStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.pay();
  };
  const error = store.methodError;
  return (
    <chakra.form onSubmit={submit} noValidate aria-labelledby="methods-title">
      <Heading as="h2" id="methods-title" size="md" mb="3">
        {t('reservation.methods.title')}
      </Heading>
      <RadioGroup.Root
        name="metodo"
        value={store.metodo || null}
        onValueChange={(details) => details.value && store.setMethod(details.value as PaymentMethod)}
        aria-labelledby="methods-title"
        colorPalette="brand"
      >
        <Stack gap="3">
          {PAYMENT_METHODS.map((method) => (
            <RadioGroup.Item key={method} value={method} alignItems="start" borderWidth="1px" rounded="md" p="3">
              <RadioGroup.ItemHiddenInput aria-describedby={[`method-${method}-description`, error ? 'method-error' : ''].filter(Boolean).join(' ')} />
              <RadioGroup.ItemIndicator borderColor="border.control" mt="0.5" />
              <Box>
                <RadioGroup.ItemText fontWeight="semibold">{t(`reservation.methods.${method}.name`)}</RadioGroup.ItemText>
                <Text id={`method-${method}-description`} textStyle="sm" color="fg.muted">
                  {t(`reservation.methods.${method}.description`)}
                </Text>
              </Box>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {error && (
        <Text id="method-error" role="alert" color="fg.error" fontWeight="medium" mt="2">
          {messageText(tv, error)}
        </Text>
      )}
      {store.problem && (
        <Alert.Root status="error" role="alert" mt="3">
          <Alert.Indicator />
          <Alert.Title>{messageText(tv, store.problem)}</Alert.Title>
        </Alert.Root>
      )}
      <Button type="submit" colorPalette="brand" size="lg" mt="4" loading={store.starting} loadingText={t('reservation.methods.starting')}>
        {t('reservation.methods.pay')}
      </Button>
    </chakra.form>
  );
});

const PointsConfirm = observer(function PointsConfirm({ store }: { store: ReservationStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  return (
    <Box as="section" aria-labelledby="points-confirm-title" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" id="points-confirm-title" size="md" mb="2">
        {t('reservation.points.title')}
      </Heading>
      <Text mb="3">{t('reservation.points.body', { puntos: store.view!.puntos_canje })}</Text>
      {store.problem && (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Title>{messageText(tv, store.problem)}</Alert.Title>
        </Alert.Root>
      )}
      <Button colorPalette="brand" size="lg" loading={store.starting} loadingText={t('reservation.points.confirming')} onClick={() => void store.confirmWithPoints()}>
        {t('reservation.points.confirm')}
      </Button>
    </Box>
  );
});

const CipBox = observer(function CipBox({ store }: { store: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
  const cip = store.cip!;
  return (
    <Box borderWidth="2px" borderColor="brand.600" rounded="lg" p="4" data-testid="cip">
      <Heading as="h2" size="md" mb="2">
        {t('reservation.cip.title')}
      </Heading>
      <Text mb="1">{t('reservation.cip.code')}</Text>
      <Text fontSize="3xl" fontWeight="bold" letterSpacing="wider" data-testid="cip-code">
        {cip.cip}
      </Text>
      {cip.expira && <Text textStyle="sm">{t('reservation.cip.until', { date: limaDate(cip.expira, i18n.language), time: limaTime(cip.expira, i18n.language) })}</Text>}
      <Text textStyle="sm" mt="2">
        {t('reservation.cip.how')}
      </Text>
      {cip.url && (
        <ExternalLink href={cip.url} color="brand.fg" textDecoration="underline" fontWeight="semibold" display="inline-block" mt="2">
          {t('reservation.cip.voucher')}
        </ExternalLink>
      )}
    </Box>
  );
});

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
            <TicketCard key={ticket.numero} ticket={ticket} actions />
          ))}
        </List.Root>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" onClick={() => void store.downloadPdf()} loading={store.downloading}>
          {t('reservation.tickets.pdf')}
        </Button>
        {store.pdfError && (
          <Text role="alert" color="fg.error">
            {messageText(tv, store.pdfError)}
          </Text>
        )}
      </HStack>
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
        {view.tramos.map((leg) => (
          <List.Item key={leg.tramo}>
            <chakra.span fontWeight="semibold">{t(`payment.leg.${leg.tramo}`)}:</chakra.span> {leg.origen} → {leg.destino} · {limaDate(leg.salida, lang)}{' '}
            {limaTime(leg.salida, lang)} · {leg.servicio} · {t('reservation.terminals', { salida: leg.terminal_origen, llegada: leg.terminal_destino })}
          </List.Item>
        ))}
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

/** The time left to pay, on its own: the clock re-renders it alone every second. */
const TimeLeft = observer(function TimeLeft({ store }: { store: ReservationStore }) {
  return <Countdown seconds={store.secondsLeft} />;
});

/** A pending reservation's side: time left, the provider's answer awaited or declined, the CIP, how to pay. */
const PendingPanel = observer(function PendingPanel({ store }: { store: ReservationStore }) {
  const { t } = useTranslation('booking');
  return (
    <Stack gap="4">
      <TimeLeft store={store} />
      <Text textStyle="sm">{t('reservation.payWithin')}</Text>
      {store.waiting && (
        <Box role="status" borderWidth="1px" rounded="md" p="3">
          <Spinner size="sm" me="2" />
          {store.cip ? t('reservation.waitingCip') : t('reservation.waiting')}
        </Box>
      )}
      {store.declined && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('reservation.declined.title')}</Alert.Title>
            <Alert.Description>{t('reservation.declined.body')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {store.cip && <CipBox store={store} />}
      {store.payableWithPoints ? <PointsConfirm store={store} /> : <PaymentMethods store={store} />}
    </Stack>
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
      {state === 'loading' && (
        <Box aria-busy="true">
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
