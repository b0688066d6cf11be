import { Link, useTranslation } from '@rumbo/shared';
import { Box, Container, Heading, Stack, Text } from '@rumbo/shared/ui';
import { MarketingFacts } from './facts';
import { HomeAgencies, HomeCorporate, HomeDestinations, HomePromotions } from './home-sections';
import { SeatClasses } from './seat-classes';

/**
 * Everything of `/` below the hero: a chunk of its own, hydrated when it comes into view
 * (`inViewPart`); its sections ask the API for their data only then.
 */
export default function HomeBelowFold() {
  const { t } = useTranslation('content');
  return (
    <>
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
