import { type FormMessage, messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, Skeleton, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { NoAccess } from './no-access';

/** What a ticket page's store tells about loading its ticket (postponement, sworn declaration). */
export interface TicketLoad {
  state: 'loading' | 'ready' | 'noAccess' | 'refused' | 'failed';
  problem: FormMessage | undefined;
  numero: string;
  load(): Promise<void>;
}

/**
 * The states of a ticket page before its ticket is ready: loading, no access (sign in or recover
 * the purchase), refused by the server (its reason, in the user's language), failed with a retry.
 * Renders nothing once the ticket is ready.
 */
export const TicketLoadState = observer(function TicketLoadState({ store, path }: { store: TicketLoad; path: string }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  switch (store.state) {
    case 'loading':
      return (
        <Box aria-busy="true">
          <Text role="status">{t('aftersale.loading')}</Text>
          <Skeleton height="48" />
        </Box>
      );
    case 'noAccess':
      return <NoAccess numero={store.numero} path={path} />;
    case 'refused':
      return store.problem ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{messageText(tv, store.problem)}</Alert.Title>
        </Alert.Root>
      ) : null;
    case 'failed':
      return (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('aftersale.failed')}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void store.load()}>
            {t('seats.retry')}
          </Button>
        </Alert.Root>
      );
    default:
      return null;
  }
});
