import { Link, useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, Stack, Text } from '@rumbo/shared/ui';
import { MarketingFacts } from './facts';
import { SearchWidget } from '../search/search-widget';
import { Hero } from './hero';
import { HomeAgencies, HomeCorporate, HomeDestinations, HomePromotions } from './home-sections';
import { SeatClasses } from './seat-classes';

/**
 * `/`: the hero is static text, so it paints as soon as the remote mounts; the search widget
 * (mf-booking's parcel) and the sections below load their data after that.
 */
export default function HomePage() {
  const { t } = useTranslation('content');
  return (
    <>
      <Hero search={<SearchWidget />} />
      <Stack gap="14" my="14">
        <HomePromotions />
        <HomeDestinations />
      </Stack>
      <MarketingFacts />
      <SeatClasses />
      <Container maxW="7xl">
        <Box as="section" aria-labelledby="home-postpone" bg="sun.subtle" rounded="xl" p={{ base: '6', md: '8' }}>
          <Heading as="h2" id="home-postpone" size="lg" mb="2">
            {t('home.postpone.title')}
          </Heading>
          <Text mb="3">{t('home.postpone.body')}</Text>
          <Link to="/informacion/politica-postergacion" color="brand.fg" fontWeight="semibold" textDecoration="underline">
            {t('home.postpone.link')}
          </Link>
        </Box>
      </Container>
      <Stack gap="14" mt="14">
        <HomeAgencies />
        <HomeCorporate />
      </Stack>
    </>
  );
}
