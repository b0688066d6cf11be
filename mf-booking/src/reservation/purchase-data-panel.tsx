import { messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, Heading, HStack, List, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PurchaseDataStore, type PurchaseDataDeps } from './purchase-data.store';

/**
 * Issue 47: "Your data in this purchase" on the purchase's page (opened by its key or the
 * recovery mail's): download its records; erase a past guest purchase's personal data, after
 * reading what is erased and what the law keeps, and confirming.
 */
export const PurchaseDataPanel = observer(function PurchaseDataPanel({ codigo, deps, onErased }: { codigo: string; deps: PurchaseDataDeps; onErased?: () => void }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const [store] = useState(() => new PurchaseDataStore(codigo, deps, onErased));
  useEffect(() => {
    void store.load();
  }, [store]);
  const data = store.data;
  if (!data) return null;
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'America/Lima' });
  return (
    <Box as="section" aria-labelledby="purchase-data-title" borderWidth="1px" rounded="lg" p="4" data-testid="purchase-data">
      <Heading as="h2" id="purchase-data-title" size="md" mb="2">
        {t('reservation.data.title')}
      </Heading>
      <Text mb="3">{t('reservation.data.intro')}</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => store.download()}>
          {t('reservation.data.download')}
        </Button>
        {data.borrable && !store.confirming && (
          <Button variant="outline" colorPalette="red" onClick={() => store.askErase()}>
            {t('reservation.data.erase')}
          </Button>
        )}
      </HStack>
      <Box aria-live="polite" mt="3">
        {data.borrado && (
          <Alert.Root status={store.erased ? 'success' : 'info'} role="status">
            <Alert.Indicator />
            <Alert.Title>{t(`reservation.data.erased.${data.borrado.origen}`, { date: day(data.borrado.fecha) })}</Alert.Title>
          </Alert.Root>
        )}
        {!data.borrado && data.motivo && <Text color="fg.muted">{messageText(tv, { key: data.motivo })}</Text>}
      </Box>
      {store.confirming && (
        <Stack as="section" aria-labelledby="purchase-erase-title" gap="3" mt="3" borderWidth="1px" rounded="md" p="3" borderColor="border.error">
          <Heading as="h3" id="purchase-erase-title" size="sm">
            {t('reservation.data.confirm.title')}
          </Heading>
          <Box>
            <Text fontWeight="semibold">{t('reservation.data.confirm.erasedTitle')}</Text>
            <List.Root ps="5">
              <List.Item>{t('reservation.data.confirm.erased.people')}</List.Item>
              <List.Item>{t('reservation.data.confirm.erased.contacts')}</List.Item>
              <List.Item>{t('reservation.data.confirm.erased.devices')}</List.Item>
            </List.Root>
          </Box>
          <Box>
            <Text fontWeight="semibold">{t('reservation.data.confirm.keptTitle')}</Text>
            <List.Root ps="5">
              <List.Item>{t('reservation.data.confirm.kept.vouchers')}</List.Item>
              <List.Item>{t('reservation.data.confirm.kept.sale')}</List.Item>
            </List.Root>
          </Box>
          <Text>{t('reservation.data.confirm.final')}</Text>
          {store.problem && (
            <Text role="alert" color="fg.error">
              {messageText(tv, store.problem)}
            </Text>
          )}
          <HStack gap="3">
            <Button colorPalette="red" onClick={() => void store.erase()} loading={store.form.sending}>
              {t('reservation.data.confirm.submit')}
            </Button>
            <Button variant="ghost" onClick={() => store.cancel()}>
              {t('reservation.data.confirm.cancel')}
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
});
