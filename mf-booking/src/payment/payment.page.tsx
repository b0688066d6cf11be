import { Link as SiteLink, messageText, numberFormat, useTranslation } from '@rumbo/shared';
import { DOCUMENT_TYPE, GENDERS, POINT_VALUE_CENTIMOS, POINTS_MIN_REDEMPTION } from '@rumbo/shared/schemas';
import { Alert, Box, Button, chakra, Container, ExternalLink, Flex, Grid, Heading, HStack, List, SimpleGrid, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { Checkbox, ErrorSummary, Fieldset, SelectField, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HoldAnnouncement, HoldTime } from '../seats/hold-time';
import { formatCentimos, limaDate, limaTime } from '../format';
import { focusControl } from '../focus';
import { loadReservationPage } from '../reservation/load-page';
import { tripsUrl } from '../trips-url';
import { deckNumber } from '../seats/seat-grid';
import { ReservedNotice } from '../reserved-notice';
import { StepIndicator } from '../steps';
import { RELATIONSHIPS, type PassengerField } from './passenger.form';
import { controlId, passengerScope, PaymentStore } from './payment.store';

const today = () => new Date().toISOString().slice(0, 10);

const PassengerBlock = observer(function PassengerBlock({ store, index }: { store: PaymentStore; index: number }) {
  const { t } = useTranslation('booking');
  const form = store.passengers[index]!;
  const scope = passengerScope(index);
  const id = (field: string) => controlId(scope, field);
  const text = (field: PassengerField, extra: Record<string, unknown> = {}) => (
    <TextField
      id={id(field)}
      name={id(field)}
      label={t(`payment.fields.${field}`)}
      value={form.values[field]}
      onValue={(value) => form.set(field, value)}
      error={form.errors[field]}
      required
      {...extra}
    />
  );
  const seats = store.seatsOf(index);
  const lookup = form.lookup;
  const minor = store.isMinor(index);
  return (
    <Fieldset.Root borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }} data-testid={`passenger-${index + 1}`}>
      <Fieldset.Legend fontWeight="bold" fontSize="lg" px="1">
        {t('payment.passenger', { n: index + 1 })}
      </Fieldset.Legend>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {seats
          .map(({ leg, seat }) => t(`payment.seatOn.${leg.tramo}`, { n: seat.nasiento, piso: deckNumber(seat.gnivel_piso) }))
          .join(' · ')}
      </Text>
      {store.customer && (
        <Button size="sm" variant="outline" alignSelf="start" mb="3" onClick={() => store.fillPassenger(index)}>
          {t('payment.useMyData')}
        </Button>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          id={id('ctipo_documento')}
          required
          label={t('payment.fields.ctipo_documento')}
          value={form.values.ctipo_documento}
          onValue={(value) => form.set('ctipo_documento', value)}
          error={form.errors.ctipo_documento}
          options={Object.values(DOCUMENT_TYPE).map((code) => ({ value: String(code), label: t(`payment.documents.${code}`) }))}
        />
        {text('numero', {
          autoComplete: 'off',
          hint: t(`payment.hints.numero.${form.values.ctipo_documento}`, { defaultValue: '' }) || undefined,
          onBlur: () => void form.search(),
        })}
      </SimpleGrid>
      <Box aria-live="polite" mt={lookup.state === 'idle' ? 0 : 3}>
        {lookup.state === 'searching' && <Text textStyle="sm">{t('payment.lookup.searching')}</Text>}
        {lookup.state === 'known' && (
          <Box borderWidth="1px" rounded="md" p="3" bg="blue.50" color="gray.900">
            <Text mb="2">{t('payment.lookup.known', { nombres: lookup.nombres })}</Text>
            <HStack align="end" gap="3" flexWrap="wrap">
              <Box minW="12rem">
                <TextField
                  id={id('lookup')}
                  name={id('lookup')}
                  type="date"
                  label={t('payment.lookup.birth')}
                  value={lookup.nacimiento}
                  onValue={(value) => form.setLookupBirth(value)}
                  error={lookup.error}
                  min="1900-01-01"
                  max={today()}
                />
              </Box>
              <Button variant="outline" loading={lookup.loading} onClick={() => void form.fill()}>
                {t('payment.lookup.fill')}
              </Button>
            </HStack>
          </Box>
        )}
        {lookup.state === 'filled' && (
          <Text textStyle="sm" role="status">
            {t('payment.lookup.filled', { nombres: lookup.nombres })}
          </Text>
        )}
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
        {text('nombres', { autoComplete: 'off' })}
        {text('paterno', { autoComplete: 'off' })}
        {text('materno', { autoComplete: 'off' })}
        {text('email', { type: 'email', autoComplete: index === 0 ? 'email' : 'off' })}
        {text('celular', { type: 'tel', inputMode: 'numeric', maxLength: 9, autoComplete: index === 0 ? 'tel-national' : 'off', hint: t('payment.hints.celular') })}
        <SelectField
          id={id('genero')}
          required
          label={t('payment.fields.genero')}
          value={form.values.genero}
          onValue={(value) => form.set('genero', value)}
          error={form.errors.genero}
          placeholder={t('payment.choose')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`payment.genders.${gender}`) }))}
        />
        {text('nacimiento', { type: 'date', min: '1900-01-01', max: today() })}
      </SimpleGrid>
      {minor && (
        <Box mt="4" borderWidth="1px" borderColor="orange.300" rounded="md" p="3" bg="orange.50" color="gray.900" data-testid={`minor-${index + 1}`}>
          <Text fontWeight="semibold" mb="2">
            {t('payment.minor.notice')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              id={id('responsable')}
              required
              label={t('payment.minor.responsable')}
              value={form.responsable}
              onValue={(value) => form.setGuardian('responsable', value)}
              error={form.errors.responsable}
              placeholder={t('payment.choose')}
              hint={store.guardiansFor(index).length === 0 ? t('payment.minor.noAdult') : undefined}
              options={store.guardiansFor(index).map((i) => ({
                value: String(i),
                label: [t('payment.passenger', { n: i + 1 }), store.passengers[i]!.label].filter(Boolean).join(': '),
              }))}
            />
            <SelectField
              id={id('parentesco')}
              required
              label={t('payment.minor.parentesco')}
              value={form.parentesco}
              onValue={(value) => form.setGuardian('parentesco', value)}
              error={form.errors.parentesco}
              placeholder={t('payment.choose')}
              options={RELATIONSHIPS.map((relation) => ({ value: relation, label: t(`payment.relationships.${relation}`) }))}
            />
          </SimpleGrid>
        </Box>
      )}
    </Fieldset.Root>
  );
});

const BuyerSection = observer(function BuyerSection({ store }: { store: PaymentStore }) {
  const { t } = useTranslation('booking');
  const field = (name: 'nombre' | 'email' | 'ruc' | 'razon_social', extra: Record<string, unknown> = {}) => (
    <TextField
      id={controlId('buyer', name)}
      name={controlId('buyer', name)}
      label={t(`payment.buyer.${name}`)}
      value={store.buyer[name]}
      onValue={(value) => store.setBuyer(name, value)}
      error={store.buyerErrors[name]}
      required
      {...extra}
    />
  );
  const factura = store.buyer.comprobante === 'factura';
  return (
    <Box as="section" aria-labelledby="buyer-title" borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="buyer-title" size="md" mb="1">
        {t('payment.buyer.title')}
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {store.customer ? t('payment.buyer.signedIn') : t('payment.buyer.guest')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('nombre', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email', onBlur: () => void store.checkGuest(), hint: t('payment.buyer.emailHint') })}
      </SimpleGrid>
      <Box aria-live="polite">
        {store.hasAccount && store.isGuest && (
          <Text mt="3" role="status">
            {t('payment.buyer.hasAccount')}{' '}
            <SiteLink to={`/login?pathname=${encodeURIComponent('/pasajes/pago')}`} color="brand.fg" textDecoration="underline">
              {t('payment.buyer.signIn')}
            </SiteLink>
          </Text>
        )}
      </Box>
      <Box mt="4">
        <Checkbox.Root
          checked={factura}
          onCheckedChange={(details) => store.setBuyer('comprobante', details.checked === true ? 'factura' : 'boleta')}
          colorPalette="brand"
        >
          <Checkbox.HiddenInput name="factura" />
          <Checkbox.Control borderColor="border.control" />
          <Checkbox.Label>{t('payment.buyer.factura')}</Checkbox.Label>
        </Checkbox.Root>
      </Box>
      {factura && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
          {field('ruc', {
            inputMode: 'numeric',
            maxLength: 11,
            autoComplete: 'off',
            hint:
              store.rucLookup === 'searching'
                ? t('payment.buyer.rucSearching')
                : store.rucLookup === 'found'
                  ? t('payment.buyer.rucFound')
                  : store.rucLookup === 'unknown'
                    ? t('payment.buyer.rucUnknown')
                    : t('payment.buyer.rucHint'),
          })}
          {field('razon_social', { autoComplete: 'organization' })}
        </SimpleGrid>
      )}
    </Box>
  );
});

/** A signed-in customer pays part or all of the purchase with points. */
const Points = observer(function Points({ store }: { store: PaymentStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const number = numberFormat(lang);
  const id = controlId('points', 'puntos');
  return (
    <Box as="section" aria-labelledby="points-title" borderTopWidth="1px" pt="3" mb="3">
      <Heading as="h3" id="points-title" size="sm" mb="1">
        {t('payment.points.title')}
      </Heading>
      {store.puntosDisponibles !== undefined && (
        <Text textStyle="sm" mb="2" data-testid="points-available">
          {t('payment.points.available', { puntos: number.format(store.puntosDisponibles), value: formatCentimos(store.puntosDisponibles * POINT_VALUE_CENTIMOS, lang) })}
        </Text>
      )}
      {store.puntosCanje > 0 && (
        <HStack justify="space-between" flexWrap="wrap" gap="2" mb="2">
          <Text role="status">{t('payment.points.applied', { puntos: number.format(store.puntosCanje) })}</Text>
          <Button size="sm" variant="outline" loading={store.applyingPoints} onClick={() => void store.removePoints()}>
            {t('payment.points.remove')}
          </Button>
        </HStack>
      )}
      <HStack align="start" gap="2" flexWrap="wrap">
        <Box flex="1" minW="10rem">
          <TextField
            id={id}
            name={id}
            inputMode="numeric"
            autoComplete="off"
            label={t('payment.points.label')}
            hint={t('payment.points.hint', { min: POINTS_MIN_REDEMPTION })}
            value={store.puntos}
            onValue={(value) => store.setPoints(value)}
            error={store.puntosError}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void store.applyPoints();
              }
            }}
          />
        </Box>
        <Button mt="7" variant="outline" loading={store.applyingPoints} onClick={() => void store.applyPoints()}>
          {t('payment.points.apply')}
        </Button>
        <Button mt="7" variant="subtle" disabled={store.pointsThatFit < POINTS_MIN_REDEMPTION} onClick={() => void store.applyPoints(true)}>
          {t('payment.points.all')}
        </Button>
      </HStack>
    </Box>
  );
});

const CouponAndTotal = observer(function CouponAndTotal({ store }: { store: PaymentStore }) {
  const { t, i18n } = useTranslation('booking');
  const quote = store.quote;
  const applied = quote?.cupon;
  const lang = i18n.language;
  return (
    <Box as="section" aria-labelledby="price-title" borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="price-title" size="md" mb="3">
        {t('payment.price.title')}
      </Heading>
      {applied ? (
        <HStack justify="space-between" flexWrap="wrap" gap="2" mb="3">
          <Text role="status">{t('payment.coupon.applied', { cupon: applied, pct: quote.descuento_pct ?? 0 })}</Text>
          <Button size="sm" variant="outline" onClick={() => void store.removeCoupon()}>
            {t('payment.coupon.remove')}
          </Button>
        </HStack>
      ) : (
        <>
          <HStack align="start" gap="2" mb="2">
            <Box flex="1">
              <TextField
                id={controlId('coupon', 'cupon')}
                name={controlId('coupon', 'cupon')}
                label={t('payment.coupon.label')}
                value={store.cupon}
                onValue={(value) => store.setCoupon(value)}
                error={store.cuponError}
                autoComplete="off"
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void store.applyCoupon();
                  }
                }}
              />
            </Box>
            <Button mt="7" variant="outline" loading={store.quoting} onClick={() => void store.applyCoupon()}>
              {t('payment.coupon.apply')}
            </Button>
          </HStack>
          {store.coupons.length > 0 && (
            <Box mb="3">
              <Text textStyle="sm" mb="1">
                {t('payment.coupon.available')}
              </Text>
              <List.Root listStyleType="none" ps="0" display="flex" flexWrap="wrap" gap="2">
                {store.coupons.map((promotion) => (
                  <List.Item key={promotion.cpromocion}>
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => {
                        store.setCoupon(promotion.cupon);
                        void store.applyCoupon();
                      }}
                    >
                      {t('payment.coupon.use', { cupon: promotion.cupon, pct: promotion.descuento })}
                    </Button>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
        </>
      )}
      {!store.isGuest && <Points store={store} />}
      <Box aria-live="polite" aria-atomic="true">
        <Flex justify="space-between">
          <Text>{t('payment.price.subtotal')}</Text>
          <Text>{formatCentimos(store.subtotalCentimos, lang)}</Text>
        </Flex>
        {quote && quote.descuento_centimos > 0 && (
          <Flex justify="space-between" color="green.800" data-testid="payment-discount">
            <Text>{t('payment.price.discount')}</Text>
            <Text>− {formatCentimos(quote.descuento_centimos, lang)}</Text>
          </Flex>
        )}
        {quote && quote.canje_centimos > 0 && (
          <Flex justify="space-between" color="green.800" data-testid="payment-points">
            <Text>{t('payment.price.points', { puntos: quote.puntos_canje })}</Text>
            <Text>− {formatCentimos(quote.canje_centimos, lang)}</Text>
          </Flex>
        )}
        <Flex justify="space-between" fontWeight="bold" mt="2" pt="2" borderTopWidth="1px">
          <Text>{t('payment.price.total')}</Text>
          <Text data-testid="payment-total">{formatCentimos(quote?.total_centimos ?? store.subtotalCentimos, lang)}</Text>
        </Flex>
      </Box>
    </Box>
  );
});

const Terms = observer(function Terms({ store }: { store: PaymentStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  return (
    <Box>
      <Checkbox.Root checked={store.terminos} onCheckedChange={(details) => store.setTerms(details.checked === true)} colorPalette="brand" invalid={Boolean(store.termsError)}>
        <Checkbox.HiddenInput name="terms" aria-describedby={store.termsError ? 'terms-error' : undefined} aria-required="true" />
        <Checkbox.Control borderColor="border.control" />
        {/* The label is text only: a click anywhere on it ticks the box; the terms open from their own link. */}
        <Checkbox.Label>{t('payment.terms.accept')}</Checkbox.Label>
      </Checkbox.Root>
      <Box mt="1" ps="7">
        <ExternalLink href="/informacion/terminos-condiciones" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" textStyle="sm">
          {t('payment.terms.link')}
        </ExternalLink>
      </Box>
      {store.termsError && (
        <Text id="terms-error" textStyle="sm" fontWeight="medium" color="fg.error" mt="1">
          {messageText(tv, store.termsError)}
        </Text>
      )}
    </Box>
  );
});

const TripLines = observer(function TripLines({ store }: { store: PaymentStore }) {
  const { t, i18n } = useTranslation('booking');
  return (
    <List.Root listStyleType="none" ps="0" gap="1" mb="3">
      {store.legs.map((leg) => (
        <List.Item key={leg.tramo}>
          <Text>
            <chakra.span fontWeight="semibold">{t(`payment.leg.${leg.tramo}`)}:</chakra.span> {leg.trip.terminal_salida.ciudad} → {leg.trip.terminal_llegada.ciudad} ·{' '}
            {limaDate(leg.trip.fecha_salida, i18n.language)} {limaTime(leg.trip.fecha_salida, i18n.language)} · {leg.trip.servicio} ·{' '}
            {t('payment.terminals', { salida: leg.trip.terminal_salida.nombre, llegada: leg.trip.terminal_llegada.nombre })}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
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
  const alertRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    store.load();
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store]);

  useEffect(() => {
    if (focusRequest) alertRef.current?.focus();
  }, [focusRequest]);

  const ready = store.state === 'ready';
  useEffect(() => {
    if (ready) void loadReservationPage().catch(() => undefined);
  }, [ready]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.submit()) setFocusRequest((n) => n + 1);
  };

  const search = store.reservation?.search;
  return (
    <Container maxW="5xl" py="6">
      <StepIndicator current="pago" />
      <Heading as="h1" size="xl" mb="2">
        {t('payment.title')}
      </Heading>
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
            <SiteLink to="/pasajes/asientos" textDecoration="underline">
              {t('payment.chooseAgain')}
            </SiteLink>
          </Alert.Content>
        </Alert.Root>
      )}
      {store.state === 'ready' && (
        <>
          <TripLines store={store} />
          <chakra.form onSubmit={submit} noValidate aria-labelledby="payment-form-title">
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
                    return { text: who ? `${who}: ${text}` : text, href: `#${item.target}`, onPick: () => focusControl(item.target) };
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
                <CouponAndTotal store={store} />
                <Terms store={store} />
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
