import { numberFormat, useTranslation } from '@rumbo/shared';
import { POINT_VALUE_CENTIMOS, POINTS_MIN_REDEMPTION } from '@rumbo/shared/schemas';
import { Box, Button, Flex, Heading, HStack, List, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { formatCentimos } from '../format';
import type { PriceStore } from './price.store';
import { controlId } from './summary';

/** A signed-in customer pays part or all of the purchase with points. */
const Points = observer(function Points({ store }: { store: PriceStore }) {
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

/** The price of step 3: the coupon, (signed in) the points, and the total. */
export const CouponAndTotal = observer(function CouponAndTotal({ store, isGuest }: { store: PriceStore; isGuest: boolean }) {
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
      {!isGuest && <Points store={store} />}
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
