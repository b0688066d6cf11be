import { messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { formatCentimos } from '../format';
import type { CulqiPayStore } from './culqi-pay.store';

/**
 * Issue 46: the Yape form. Above Yape's cap it says so before any code is asked for (and the
 * other ways stay on the list); else the phone and the 6-digit approval code, whose 2-minute life
 * is shown and counted from the first digit typed (announced politely, then once more when it ends).
 */
export const YapeForm = observer(function YapeForm({ culqi, amount }: { culqi: CulqiPayStore; amount: number }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  if (culqi.overCap(amount)) {
    return (
      <Alert.Root status="warning" role="alert" mt="3" data-testid="yape-cap">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('reservation.culqi.yape.capTitle', { tope: formatCentimos(culqi.capCentimos, i18n.language) })}</Alert.Title>
          <Alert.Description>{t('reservation.culqi.yape.capBody', { monto: formatCentimos(amount, i18n.language) })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const left = culqi.codeSecondsLeft;
  const announced = left === undefined || left > 60 ? undefined : [60, 30, 10].find((mark, i, marks) => left <= mark && left > (marks[i + 1] ?? 0)) ?? 0;
  const minutes = Math.floor(culqi.codeLife / 60);
  return (
    <Box mt="3" display="grid" gap="3" data-testid="yape-form">
      <Text textStyle="sm">{t('reservation.culqi.yape.how', { minutos: minutes })}</Text>
      <TextField
        id="yape-telefono"
        name="telefono"
        label={t('reservation.culqi.yape.phone')}
        value={culqi.yape.values.telefono}
        onValue={(value) => culqi.setPhone(value)}
        error={culqi.yape.fieldError('telefono')}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={9}
        required
      />
      <TextField
        id="yape-otp"
        name="otp"
        label={t('reservation.culqi.yape.code')}
        hint={t('reservation.culqi.yape.codeHint', { minutos: minutes })}
        value={culqi.yape.values.otp}
        onValue={(value) => culqi.setCode(value)}
        error={culqi.yape.fieldError('otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <Text id="yape-otp-life" textStyle="sm" fontWeight="semibold" data-testid="yape-code-life">
        {left === undefined ? null : left > 0 ? t('reservation.culqi.yape.codeLeft', { segundos: left }) : t('reservation.culqi.yape.codeExpired')}
      </Text>
      {/* Read out at 60, 30 and 10 seconds and at the end, not every second. */}
      <Text srOnly aria-live="polite" data-testid="yape-code-announce">
        {announced === undefined ? null : announced > 0 ? t('reservation.culqi.yape.codeLeft', { segundos: announced }) : t('reservation.culqi.yape.codeExpired')}
      </Text>
      {culqi.yape.problem && (
        <Text role="alert" color="fg.error" fontWeight="medium">
          {messageText(tv, culqi.yape.problem)}
        </Text>
      )}
    </Box>
  );
});

/** Issue 46: the card, tokenized at Culqi from the browser: the store's API receives only the token. */
export const CulqiCardForm = observer(function CulqiCardForm({ culqi }: { culqi: CulqiPayStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  return (
    <Box mt="3" display="grid" gap="3" data-testid="culqi-card-form">
      <Text textStyle="sm">{t(culqi.methods?.sandbox ? 'reservation.culqi.card.sandbox' : 'reservation.culqi.card.how')}</Text>
      <TextField
        id="culqi-numero"
        name="numero"
        label={t('reservation.culqi.card.number')}
        value={culqi.card.values.numero}
        onValue={(value) => culqi.setCard('numero', value)}
        error={culqi.card.fieldError('numero')}
        inputMode="numeric"
        autoComplete="cc-number"
        required
      />
      <TextField
        id="culqi-vence"
        name="vence"
        label={t('reservation.culqi.card.expiry')}
        value={culqi.card.values.vence}
        onValue={(value) => culqi.setCard('vence', value)}
        error={culqi.card.fieldError('vence')}
        autoComplete="cc-exp"
        placeholder="MM/AA"
        required
      />
      <TextField
        id="culqi-cvv"
        name="cvv"
        label={t('reservation.culqi.card.cvv')}
        value={culqi.card.values.cvv}
        onValue={(value) => culqi.setCard('cvv', value)}
        error={culqi.card.fieldError('cvv')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        required
      />
      {culqi.card.problem && (
        <Text role="alert" color="fg.error" fontWeight="medium">
          {messageText(tv, culqi.card.problem)}
        </Text>
      )}
    </Box>
  );
});

/** Issue 46: the methods failing now, and that the others still work. */
export const HiddenMethods = observer(function HiddenMethods({ culqi }: { culqi: CulqiPayStore }) {
  const { t } = useTranslation('booking');
  if (culqi.hidden.length === 0) return null;
  return (
    <Text role="status" textStyle="sm" mb="3" data-testid="methods-hidden">
      {t('reservation.culqi.hidden', { metodos: culqi.hidden.map((m) => t(`reservation.methods.${m === 'tarjeta' ? 'culqi_tarjeta' : m}.name`)).join(', ') })}
    </Text>
  );
});
