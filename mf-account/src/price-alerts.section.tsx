import { Link, messageText, useTranslation } from '@rumbo/shared';
import { formatDay, formatSoles } from '@rumbo/shared/schemas';
import { Button, FramedSection, List, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PriceAlertsStore } from './price-alerts.store';

/**
 * Issue 48 item 3, in Mi cuenta → Comunicaciones: the customer's price alerts (route, days, sum,
 * the price last told), each with "Delete"; new ones are created on step 1's results.
 */
export const PriceAlertsSection = observer(function PriceAlertsSection({ store: given }: { store?: PriceAlertsStore }) {
  const { t, i18n } = useTranslation('account');
  const [store] = useState(() => given ?? new PriceAlertsStore());
  useEffect(() => {
    void store.load();
  }, [store]);
  const lang = i18n.language;
  const result = store.result;
  const status = !result ? '' : result.ok ? t('priceAlerts.deleted', { route: `${result.alert.origen} → ${result.alert.destino}` }) : messageText(t, result.message);

  return (
    <FramedSection titleId="price-alerts" title={t('priceAlerts.title')} level="h3">
      <Stack gap="3">
        {store.state === 'loading' ? (
          <Skeleton height="80px" />
        ) : store.state === 'failed' ? (
          <Text>{t('priceAlerts.failed')}</Text>
        ) : store.alerts.length === 0 ? (
          <Text>{t('priceAlerts.none')}</Text>
        ) : (
          <List.Root as="ul" listStyleType="none" gap="3" ps="0" data-testid="price-alerts">
            {store.alerts.map((alert) => {
              const route = `${alert.origen} → ${alert.destino}`;
              const days =
                alert.desde || alert.hasta
                  ? t('priceAlerts.days', { from: alert.desde ? formatDay(alert.desde, lang) : t('priceAlerts.today'), to: alert.hasta ? formatDay(alert.hasta, lang) : t('priceAlerts.open') })
                  : t('priceAlerts.anyDay');
              return (
                <List.Item key={alert.calerta} borderWidth="1px" rounded="md" p="3">
                  <Stack gap="1">
                    <Text fontWeight="semibold">{t('priceAlerts.below', { route, price: formatSoles(alert.tope, lang) })}</Text>
                    <Text textStyle="sm">{days}</Text>
                    {alert.avisado !== null && <Text textStyle="sm">{t('priceAlerts.told', { price: formatSoles(alert.avisado, lang) })}</Text>}
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      alignSelf="start"
                      loading={store.deleting === alert.calerta}
                      aria-label={t('priceAlerts.deleteOne', { route, price: formatSoles(alert.tope, lang) })}
                      onClick={() => void store.remove(alert)}
                    >
                      {t('priceAlerts.delete')}
                    </Button>
                  </Stack>
                </List.Item>
              );
            })}
          </List.Root>
        )}
        <Text textStyle="sm">
          {t('priceAlerts.howTo')}{' '}
          <Link to="/" color="brand.fg" textDecoration="underline">
            {t('priceAlerts.search')}
          </Link>
        </Text>
        <Text role="status" aria-live="polite" data-testid="price-alerts-result" color={result && !result.ok ? 'fg.error' : undefined} minH="1lh">
          {status}
        </Text>
      </Stack>
    </FramedSection>
  );
});
