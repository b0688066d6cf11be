import { Link } from '@rumbo/shared';
import { Box, Container, Heading, Text } from '@rumbo/shared/ui';
import { useTranslation } from 'react-i18next';
import { MarketingFacts } from './facts';
import { Hero } from './hero';
import { SeatClasses } from './seat-classes';

/** `/`: everything here is static text, so the hero paints as soon as the remote mounts. */
export default function HomePage() {
  const { t } = useTranslation('content');
  return (
    <>
      <Hero />
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
    </>
  );
}
