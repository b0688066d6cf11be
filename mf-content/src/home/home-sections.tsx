import { answerIn, Link, useAnswer, useRouteData, useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, HStack, SelectControl, SimpleGrid, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { useMemo, useState } from 'react';
import { AgencyCard } from '../agencies/agency-card';
import { fetchAgencies, fetchDestinations, fetchPromotions, type HomeData } from '../content.resource';
import { DestinationCard } from '../destinations/destination-card';
import { PromotionCard } from '../promotions/promotion-card';

function SectionHeader({ id, title, lead, link }: { id: string; title: string; lead?: string; link?: { to: string; label: string } }) {
  return (
    <HStack justify="space-between" align="flex-end" wrap="wrap" gap="2" mb="4">
      <Box>
        <Heading as="h2" id={id} size="xl">
          {title}
        </Heading>
        {lead && <Text color="fg.muted">{lead}</Text>}
      </Box>
      {link && (
        <Link to={link.to} color="brand.fg" fontWeight="semibold" textDecoration="underline">
          {link.label}
        </Link>
      )}
    </HStack>
  );
}

/**
 * The home page's sections are drawn from its loader's answers (its route data, `routes.tsx`),
 * asked anew once their code runs: no skeleton on a page whose data the server can give.
 */

/** The current promotions (three at most), from `promotionsEndpoints.promotions`. */
export function HomePromotions() {
  const { t } = useTranslation('content');
  const rendered = useRouteData<HomeData>()?.promotions;
  const { data } = useAnswer(fetchPromotions, (language) => answerIn(rendered, language));
  if (data && data.length === 0) return null;
  return (
    <Container as="section" maxW="7xl" aria-labelledby="home-promotions">
      <SectionHeader id="home-promotions" title={t('homeSections.promotions')} link={{ to: '/promociones', label: t('homeSections.allPromotions') }} />
      {data ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {data.slice(0, 3).map((promotion) => (
            <PromotionCard key={promotion.cpromocion} promotion={promotion} headingLevel="h3" />
          ))}
        </SimpleGrid>
      ) : (
        <Skeleton h="48" rounded="lg" />
      )}
    </Container>
  );
}

/** The destination pages with their "from" prices. */
export function HomeDestinations() {
  const { t } = useTranslation('content');
  const rendered = useRouteData<HomeData>()?.destinations;
  const { data } = useAnswer(fetchDestinations, (language) => answerIn(rendered, language));
  return (
    <Container as="section" maxW="7xl" aria-labelledby="home-destinations">
      <SectionHeader id="home-destinations" title={t('homeSections.destinations')} lead={t('homeSections.destinationsLead')} />
      {data ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
          {data.map((destination) => (
            <li key={destination.slug}>
              <DestinationCard destination={destination} />
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <Skeleton h="56" rounded="lg" />
      )}
    </Container>
  );
}

/** Agencies of the customer's city (Lima until they choose another). */
export function HomeAgencies() {
  const { t } = useTranslation('content');
  const rendered = useRouteData<HomeData>()?.agencies;
  const { data } = useAnswer(() => fetchAgencies(), (language) => answerIn(rendered, language));
  const [city, setCity] = useState('LIM');
  const cities = useMemo(() => [...new Map((data ?? []).map((a) => [a.codigo, a.ciudad]))].sort((a, b) => a[1].localeCompare(b[1], 'es')), [data]);
  const shown = (data ?? []).filter((a) => a.codigo === city).slice(0, 3);
  return (
    <Container as="section" maxW="7xl" aria-labelledby="home-agencies">
      <SectionHeader id="home-agencies" title={t('homeSections.agencies')} link={{ to: `/oficina?ciudad=${city}`, label: t('homeSections.allAgencies') }} />
      <Box maxW="xs" mb="4">
        <label htmlFor="home-agencies-city">
          <Text as="span" fontWeight="semibold" display="block" mb="1">
            {t('homeSections.agenciesCity')}
          </Text>
        </label>
        <SelectControl
          id="home-agencies-city"
          value={city}
          onValue={setCity}
          options={cities.map(([value, label]) => ({ value, label }))}
          borderColor="border.control"
        />
      </Box>
      {data ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4">
          {shown.map((agency) => (
            <li key={agency.cagencia}>
              <AgencyCard agency={agency} />
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <Skeleton h="40" rounded="lg" />
      )}
    </Container>
  );
}

export function HomeCorporate() {
  const { t } = useTranslation('content');
  return (
    <Container maxW="7xl">
      <Stack as="section" aria-labelledby="home-corporate" bg="brand.subtle" rounded="xl" p={{ base: '6', md: '8' }} gap="2">
        <Heading as="h2" id="home-corporate" size="lg">
          {t('homeSections.corporate')}
        </Heading>
        <Text>{t('homeSections.corporateBody')}</Text>
        <Link to="/corporativo" color="brand.fg" fontWeight="semibold" textDecoration="underline">
          {t('homeSections.corporateLink')}
        </Link>
      </Stack>
    </Container>
  );
}
