import { Link } from '@rumbo/shared';
import { Alert, Badge, Box, Card, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmSubscription, fetchPromotions, unsubscribe, type Promotion } from '../content.resource';
import { fromError, type FormMessage } from '../form-state';
import { messageText } from '../message';
import { useAnswer } from '../use-answer';
import { SubscribeForm } from './subscribe-form';

/** A calendar day (`YYYY-MM-DD`) in the reader's language. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en-EN' ? 'en-GB' : 'es-PE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

export function PromotionCard({ promotion, headingLevel = 'h2' }: { promotion: Promotion; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation('content');
  return (
    <Card.Root as="article" variant="outline" aria-labelledby={`promo-${promotion.cpromocion}`} data-testid="promotion">
      <Card.Body gap="3">
        <Badge alignSelf="flex-start" colorPalette="sun" size="lg">
          {t('promotions.discount', { descuento: promotion.descuento })}
        </Badge>
        <Heading as={headingLevel} id={`promo-${promotion.cpromocion}`} size="md">
          {promotion.titulo}
        </Heading>
        <Text>{promotion.descripcion}</Text>
        <Text fontSize="sm">
          {t('promotions.coupon')}:{' '}
          <Text as="strong" fontFamily="mono" fontSize="md" letterSpacing="wider" data-testid="coupon">
            {promotion.cupon}
          </Text>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('promotions.validity', { desde: formatDay(promotion.desde, i18n.language), hasta: formatDay(promotion.hasta, i18n.language) })}
          {' · '}
          {promotion.destino ? t('promotions.destination', { nombre: promotion.destino.nombre }) : t('promotions.allRoutes')}
        </Text>
        <Box as="details" fontSize="sm">
          <Box as="summary" cursor="pointer" fontWeight="semibold">
            {t('promotions.conditions')}
          </Box>
          <Text mt="1">{promotion.condiciones}</Text>
        </Box>
        {promotion.destino && (
          <Link to={`/destinos/${promotion.destino.slug}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
            {t('promotions.buy', { nombre: promotion.destino.nombre })}
          </Link>
        )}
      </Card.Body>
    </Card.Root>
  );
}

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
  const { data: promotions, failed } = useAnswer(fetchPromotions);
  const link = useSubscriptionLink();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Box>
          <Heading as="h1" size="3xl" mb="2">
            {t('promotions.title')}
          </Heading>
          <Text color="fg.muted">{t('promotions.lead')}</Text>
        </Box>
        {link && <LinkNotice state={link} />}
        {failed && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('common.loadError')}</Alert.Title>
          </Alert.Root>
        )}
        {!promotions && !failed && <Skeleton h="48" rounded="lg" />}
        {promotions?.length === 0 && <Text>{t('promotions.none')}</Text>}
        {promotions && promotions.length > 0 && (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {promotions.map((promotion) => (
              <PromotionCard key={promotion.cpromocion} promotion={promotion} />
            ))}
          </SimpleGrid>
        )}
        <SubscribeForm />
      </Stack>
    </Container>
  );
}
