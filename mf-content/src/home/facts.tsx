import { getConfig, useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { companyAge } from './company-age';
import { CalendarStarIcon, GpsIcon, RouteIcon, SteeringWheelIcon } from './icons';

function Fact({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack as="li" gap="3" p="6" bg="bg" rounded="xl" borderWidth="1px" borderColor="border.muted" shadow="xs">
      <Box fontSize="2xl" color="brand.fg" bg="brand.subtle" rounded="full" boxSize="12" display="grid" placeItems="center">
        {icon}
      </Box>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
    </Stack>
  );
}

/** The four promises of the spec's marketing texts: relief drivers, GPS, destinations, years. */
export function MarketingFacts() {
  const { t } = useTranslation('content');
  const { foundingYear } = getConfig();
  const edad = companyAge(foundingYear);
  return (
    <Box as="section" aria-labelledby="home-facts" bg="bg.subtle" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <Heading as="h2" id="home-facts" size="2xl" mb="8">
          {t('home.facts.heading')}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5" data-testid="marketing-facts">
          <Fact icon={<SteeringWheelIcon />} title={t('home.facts.drivers.title')}>
            {t('home.facts.drivers.body')}
          </Fact>
          <Fact icon={<GpsIcon />} title={t('home.facts.gps.title')}>
            {t('home.facts.gps.body')}
          </Fact>
          <Fact icon={<RouteIcon />} title={t('home.facts.destinations.title')}>
            {t('home.facts.destinations.body')}
          </Fact>
          <Fact icon={<CalendarStarIcon />} title={t('home.facts.age.title', { edad })}>
            {t('home.facts.age.body', { fundacion: foundingYear })}
          </Fact>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
