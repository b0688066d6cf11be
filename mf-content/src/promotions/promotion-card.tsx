import { Link, useTranslation } from '@rumbo/shared';
import { formatDay } from '@rumbo/shared/schemas';
import { Badge, Box, Card, Heading, Text } from '@rumbo/shared/ui';
import type { Promotion } from '../content.resource';

/** A promotion: discount, coupon, validity, conditions (no form controls: the home page shows it too). */
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

