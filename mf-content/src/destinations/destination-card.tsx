import { Link, useTranslation } from '@rumbo/shared';
import { Box, Image, Text } from '@rumbo/shared/ui';
import type { DestinationSummary } from '../content.resource';
import { formatSoles } from '@rumbo/shared/schemas';
import { DESTINATION_IMAGES } from './images';

/** A destination with its illustration and "from" price, linking to its page. Lazy image: below the fold. */
export function DestinationCard({ destination }: { destination: DestinationSummary }) {
  const { t, i18n } = useTranslation('content');
  const image = DESTINATION_IMAGES[destination.slug];
  return (
    <Link
      to={`/destinos/${destination.slug}`}
      display="block"
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      bg="bg"
      _hover={{ shadow: 'md' }}
      data-testid="destination-card"
    >
      {image && <Image src={image} alt="" aspectRatio="2 / 1" loading="lazy" decoding="async" w="full" h="auto" />}
      <Box p="4">
        <Text fontWeight="bold" fontSize="lg">
          {destination.nombre}
        </Text>
        <Text fontSize="sm" color="fg.muted" mb="2">
          {destination.resumen}
        </Text>
        <Text fontWeight="semibold" color="brand.fg">
          {destination.precio_desde !== null
            ? t('common.fromPrice', { precio: formatSoles(destination.precio_desde, i18n.language) })
            : t('common.noPrice')}
        </Text>
      </Box>
    </Link>
  );
}
