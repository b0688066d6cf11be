import { Box, Button, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PushOptInStore } from '../push-opt-in';

/**
 * The "Notify me on this phone" button and what came of it (nothing at all where push is off):
 * on a purchase's page for that purchase, in Mi cuenta for every trip of the customer's.
 */
export const PushOptIn = observer(function PushOptIn({ store, scope, onEnable }: { store: PushOptInStore; scope: 'purchase' | 'account'; onEnable: () => void }) {
  const { t } = useTranslation('common');
  if (store.state === 'hidden') return null;
  return (
    <Box as="section" aria-labelledby="push-title" borderWidth="1px" rounded="lg" p="4" data-testid="push-opt-in">
      <Text as="h3" id="push-title" fontWeight="semibold" mb="1">
        {t('push.title')}
      </Text>
      <Text id="push-hint" textStyle="sm" mb="3">
        {t(`push.${scope}.hint`)}
      </Text>
      {store.state !== 'on' && store.state !== 'denied' && (
        <Button variant="outline" colorPalette="brand" aria-describedby="push-hint" loading={store.state === 'working'} onClick={onEnable}>
          {t('push.button')}
        </Button>
      )}
      <Box aria-live="polite">
        {store.state === 'on' && <Text role="status">{t(`push.${scope}.on`)}</Text>}
        {store.state === 'denied' && <Text>{t('push.denied')}</Text>}
        {store.state === 'failed' && (
          <Text role="alert" color="fg.error" mt="2">
            {t('push.failed')}
          </Text>
        )}
      </Box>
    </Box>
  );
});
