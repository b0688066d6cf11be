import { useTranslation } from '@rumbo/shared';
import { Box, Button, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import type { PushOptInStore } from './push-opt-in.store';

/** The "Notify me on this phone" button and what came of it (nothing at all where push is off). */
export const PushOptIn = observer(function PushOptIn({ store, onEnable }: { store: PushOptInStore; onEnable: () => void }) {
  const { t } = useTranslation('booking');
  if (store.state === 'hidden') return null;
  return (
    <Box as="section" aria-labelledby="push-title" borderWidth="1px" rounded="lg" p="4" data-testid="push-opt-in">
      <Text as="h3" id="push-title" fontWeight="semibold" mb="1">
        {t('reservation.push.title')}
      </Text>
      <Text id="push-hint" textStyle="sm" mb="3">
        {t('reservation.push.hint')}
      </Text>
      {store.state !== 'on' && store.state !== 'denied' && (
        <Button variant="outline" colorPalette="brand" aria-describedby="push-hint" loading={store.state === 'working'} onClick={onEnable}>
          {t('reservation.push.button')}
        </Button>
      )}
      <Box aria-live="polite">
        {store.state === 'on' && <Text role="status">{t('reservation.push.on')}</Text>}
        {store.state === 'denied' && <Text>{t('reservation.push.denied')}</Text>}
        {store.state === 'failed' && (
          <Text role="alert" color="fg.error" mt="2">
            {t('reservation.push.failed')}
          </Text>
        )}
      </Box>
    </Box>
  );
});
