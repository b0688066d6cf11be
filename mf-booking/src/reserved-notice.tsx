import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { Alert, Button, Stack, Text } from '@rumbo/shared/ui';
import { useState } from 'react';

/**
 * Steps 2 and 3 once the purchase in `CRESERVA` is a reservation (spec §1: only payment with the
 * payment code remains): the way to its payment, or an explicit new purchase.
 */
export function ReservedNotice({ codigo, onNewPurchase }: { codigo: string; onNewPurchase: () => Promise<void> }) {
  const { t } = useTranslation('booking');
  const [starting, setStarting] = useState(false);
  return (
    <Alert.Root status="info" data-testid="reserved-notice" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('reserved.title')}</Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="1" align="start">
            <Text>{t('reserved.body', { codigo })}</Text>
            <SiteLink to={`/pasajes/reserva/${codigo}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
              {t('reserved.pay', { codigo })}
            </SiteLink>
            <Text textStyle="sm">{t('reserved.newHint', { codigo })}</Text>
            <Button
              size="sm"
              variant="outline"
              loading={starting}
              onClick={() => {
                setStarting(true);
                void onNewPurchase().finally(() => setStarting(false));
              }}
            >
              {t('reserved.newPurchase')}
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
