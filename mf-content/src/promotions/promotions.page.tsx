import { Alert, Container, PageTitle, SimpleGrid, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmSubscription, fetchPromotions, unsubscribe, type Promotion } from '../content.resource';
import { PromotionCard } from './promotion-card';
import { SubscribeForm } from './subscribe-form';
import { answerIn, type FormMessage, fromError, messageText, useAnswer, useRouteData, useTranslation, type ServerAnswer } from '@rumbo/shared';

/** The promotions page's route data (`routes.tsx`): the API's answer its loader asked, in the reader's language. */
export type PromotionsData = ServerAnswer<Promotion[]>;

type LinkState = { status: 'working'; kind: 'confirmar' | 'baja' } | { status: 'done'; kind: 'confirmar' | 'baja'; correo: string } | { status: 'failed'; message: FormMessage };

/** Follows the mail's `?confirmar=` or `?baja=` link once, and says how it went. */
function useSubscriptionLink(): LinkState | undefined {
  const [params] = useSearchParams();
  const confirmar = params.get('confirmar');
  const baja = params.get('baja');
  const token = confirmar ?? baja;
  const kind = confirmar ? 'confirmar' : 'baja';
  // An answer belongs to the token it answers: until it arrives, the link is being followed.
  const [answer, setAnswer] = useState<{ token: string; state: LinkState }>();
  useEffect(() => {
    if (!token) return;
    const settle = (state: LinkState) => setAnswer({ token, state });
    (kind === 'confirmar' ? confirmSubscription(token) : unsubscribe(token)).then(
      (result) => settle(result ? { status: 'done', kind, correo: result.correo } : { status: 'failed', message: { key: 'request.failed' } }),
      (error: unknown) => settle({ status: 'failed', message: fromError(error).message }),
    );
  }, [token, kind]);
  if (!token) return undefined;
  return answer?.token === token ? answer.state : { status: 'working', kind };
}

function LinkNotice({ state }: { state: LinkState }) {
  const { t } = useTranslation('content');
  if (state.status === 'working') {
    return <Text role="status">{t(state.kind === 'confirmar' ? 'promotions.confirm.confirming' : 'promotions.confirm.unsubscribing')}</Text>;
  }
  const ok = state.status === 'done';
  return (
    <Alert.Root status={ok ? 'success' : 'error'} role={ok ? 'status' : 'alert'} data-testid="subscription-link">
      <Alert.Indicator />
      <Alert.Title>
        {ok
          ? t(state.kind === 'confirmar' ? 'promotions.confirm.confirmed' : 'promotions.confirm.unsubscribed', { correo: state.correo })
          : messageText(t, state.message)}
      </Alert.Title>
    </Alert.Root>
  );
}

/** `/promociones`: current promotions and the e-mail subscription (with its confirm/unsubscribe links). */
export default function PromotionsPage() {
  const { t } = useTranslation('content');
  const rendered = useRouteData<PromotionsData>();
  const { data: promotions, failed } = useAnswer(fetchPromotions, (language) => answerIn(rendered, language));
  const link = useSubscriptionLink();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <PageTitle title={t('promotions.title')} lead={t('promotions.lead')} />
        {link && <LinkNotice state={link} />}
        {failed && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('common.loadError')}</Alert.Title>
          </Alert.Root>
        )}
        {/* Above the list, whose height is known only once it has arrived: nothing in view moves then. */}
        <SubscribeForm />
        {!promotions && !failed && <Skeleton h="48" rounded="lg" />}
        {promotions?.length === 0 && <Text>{t('promotions.none')}</Text>}
        {promotions && promotions.length > 0 && (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {promotions.map((promotion) => (
              <PromotionCard key={promotion.cpromocion} promotion={promotion} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
