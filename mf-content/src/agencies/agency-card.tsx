import { Badge, Box, ExternalLink, HStack, Heading, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';
import type { Agency } from '../content.resource';

/** Directions to a point, on OpenStreetMap (opens in a new tab). */
export const directionsUrl = (agency: Pick<Agency, 'latitud' | 'longitud'>) =>
  `https://www.openstreetmap.org/directions?to=${agency.latitud}%2C${agency.longitud}`;

/** One agency: address, hours, phone, services and how to get there. */
export function AgencyCard({ agency, headingLevel = 'h3' }: { agency: Agency; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('content');
  const schedule = t('agencies.schedule', {
    dias: t(`agencies.days.${agency.horario.dias}`),
    abre: agency.horario.abre,
    cierra: agency.horario.cierra,
  });
  return (
    <Box as="article" borderWidth="1px" rounded="lg" p="4" bg="bg" aria-labelledby={`agency-${agency.cagencia}`} data-testid="agency-card">
      <HStack justify="space-between" align="flex-start" mb="2" gap="2">
        <Heading as={headingLevel} id={`agency-${agency.cagencia}`} size="md">
          {agency.nombre}
        </Heading>
        {agency.cterminal !== null && <Badge colorPalette="brand">{t('agencies.terminal')}</Badge>}
      </HStack>
      <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1">
        <Text as="dt" fontWeight="semibold">
          {t('agencies.address')}
        </Text>
        <Text as="dd">
          {agency.direccion} ({agency.ciudad})
        </Text>
        <Text as="dt" fontWeight="semibold">
          {t('agencies.hours')}
        </Text>
        <Text as="dd">{schedule}</Text>
        <Text as="dt" fontWeight="semibold">
          {t('agencies.phone')}
        </Text>
        <Text as="dd">
          <ExternalLink href={`tel:${agency.telefono.replace(/[^\d+]/g, '')}`} color="brand.fg" textDecoration="underline">
            {agency.telefono}
          </ExternalLink>
        </Text>
        <Text as="dt" fontWeight="semibold">
          {t('agencies.services')}
        </Text>
        <HStack as="dd" gap="2" wrap="wrap">
          {agency.servicios.pasajes && <Badge variant="outline">{t('agencies.tickets')}</Badge>}
          {agency.servicios.carga && <Badge variant="outline">{t('agencies.cargo')}</Badge>}
        </HStack>
      </Box>
      <ExternalLink
        href={directionsUrl(agency)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('agencies.directionsTo', { nombre: agency.nombre })}
        display="inline-block"
        mt="3"
        color="brand.fg"
        fontWeight="semibold"
        textDecoration="underline"
      >
        {t('agencies.directions')}
      </ExternalLink>
    </Box>
  );
}
