import { messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, chakra, ExternalLink, Heading, Spinner, Stack, Text } from '@rumbo/shared/ui';
import { RadioGroup } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { Countdown } from '../countdown';
import { formatCentimos, limaDate, limaTime } from '../format';
import type { MethodChoice, ReservationStore } from './reservation.store';
import { CulqiCardForm, HiddenMethods, YapeForm } from './culqi-forms';

const PaymentMethods = observer(function PaymentMethods({ store }: { store: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
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
      {store.creditHeld > 0 && (
        <Text fontWeight="semibold" mb="3">
          {t('reservation.credit.due', { monto: formatCentimos(store.amountDue, i18n.language) })}
        </Text>
      )}
      <HiddenMethods culqi={store.culqi} />
      <RadioGroup.Root
        name="metodo"
        value={store.metodo || null}
        onValueChange={(details) => details.value && store.setMethod(details.value as MethodChoice)}
        aria-labelledby="methods-title"
        colorPalette="brand"
      >
        <Stack gap="3">
          {store.methods.map((method) => (
            <RadioGroup.Item key={method} value={method} disabled={store.unavailable(method)} alignItems="start" borderWidth="1px" rounded="md" p="3">
              <RadioGroup.ItemHiddenInput aria-describedby={[`method-${method}-description`, error ? 'method-error' : ''].filter(Boolean).join(' ')} />
              <RadioGroup.ItemIndicator borderColor="border.control" mt="0.5" />
              <Box>
                <RadioGroup.ItemText fontWeight="semibold">{t(`reservation.methods.${method}.name`)}</RadioGroup.ItemText>
                <Text id={`method-${method}-description`} textStyle="sm" color="fg.muted">
                  {store.unavailable(method) ? t('reservation.culqi.failing') : t(`reservation.methods.${method}.description`)}
                </Text>
              </Box>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {store.metodo === 'yape' && <YapeForm culqi={store.culqi} amount={store.amountDue} />}
      {store.metodo === 'culqi_tarjeta' && <CulqiCardForm culqi={store.culqi} />}
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
      <Button
        type="submit"
        colorPalette="brand"
        size="lg"
        mt="4"
        loading={store.starting}
        loadingText={t('reservation.methods.starting')}
        disabled={store.metodo === 'yape' && store.culqi.overCap(store.amountDue)}
      >
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

/**
 * Issue 35: the buyer's travel credit: pay it all with one click when it covers the total, or
 * put part of it on the reservation and pay the rest with a method (or take it off again).
 */
const CreditPay = observer(function CreditPay({ store }: { store: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const total = store.view!.total_centimos;
  const held = store.creditHeld;
  const money = (centimos: number) => formatCentimos(centimos, lang);
  return (
    <Box as="section" aria-labelledby="credit-pay-title" borderWidth="1px" rounded="lg" p="4" data-testid="credit-pay">
      <Heading as="h2" id="credit-pay-title" size="md" mb="2">
        {t('reservation.credit.title')}
      </Heading>
      {held > 0 ? (
        <Text mb="3" role="status">
          {held >= total ? t('reservation.credit.heldAll', { credito: money(held) }) : t('reservation.credit.held', { credito: money(held), resto: money(store.amountDue) })}
        </Text>
      ) : (
        <Text mb="3">
          {store.payableWithCredit
            ? t('reservation.credit.body', { saldo: money(store.creditAvailable ?? 0), total: money(total) })
            : t('reservation.credit.partialBody', { saldo: money(store.creditAvailable ?? 0), total: money(total) })}
        </Text>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
        {store.payableWithCredit && (
          <Button colorPalette="brand" variant="outline" loading={store.starting} loadingText={t('reservation.credit.paying')} onClick={() => void store.payWithCredit()}>
            {t('reservation.credit.pay', { total: money(total) })}
          </Button>
        )}
        {held === 0 && !store.payableWithCredit && (
          <Button colorPalette="brand" variant="outline" loading={store.starting} onClick={() => void store.useCredit(store.creditOffer)}>
            {t('reservation.credit.use', { monto: money(store.creditOffer) })}
          </Button>
        )}
        {held > 0 && (
          <Button variant="ghost" loading={store.starting} onClick={() => void store.useCredit(0)}>
            {t('reservation.credit.remove')}
          </Button>
        )}
      </Stack>
    </Box>
  );
});

/** Issue 35: a guest purchase's own travel credit, shown on its page (the recovery page leads here). */
export const OwnCredit = observer(function OwnCredit({ store }: { store: ReservationStore }) {
  const { t, i18n } = useTranslation('booking');
  const own = store.ownCredit;
  if (!own) return null;
  const saldo = formatCentimos(own.disponible_centimos, i18n.language);
  return (
    <Box as="section" aria-labelledby="own-credit-title" borderWidth="1px" rounded="lg" p="4" data-testid="own-credit">
      <Heading as="h2" id="own-credit-title" size="md" mb="2">
        {t('reservation.credit.ownTitle')}
      </Heading>
      <Text>{own.vence ? t('reservation.credit.own', { saldo, vence: limaDate(own.vence, i18n.language) }) : t('reservation.credit.ownNoDate', { saldo })}</Text>
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

/** The time left to pay, on its own: the clock re-renders it alone every second. */
const TimeLeft = observer(function TimeLeft({ store }: { store: ReservationStore }) {
  return <Countdown seconds={store.secondsLeft} />;
});

/** A pending reservation's side: time left, the provider's answer awaited or declined, the CIP, how to pay. */
export const PendingPanel = observer(function PendingPanel({ store }: { store: ReservationStore }) {
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
      {(store.creditOffer > 0 || store.creditHeld > 0) && <CreditPay store={store} />}
      {store.payableWithPoints ? <PointsConfirm store={store} /> : store.creditHeld >= (store.view?.total_centimos ?? 0) && store.creditHeld > 0 ? null : <PaymentMethods store={store} />}
    </Stack>
  );
});
