import { Box, Card, Container, Heading, HStack, PageTitle, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { useTranslation } from '@rumbo/shared';
import { ReclineIcon, SnowflakeIcon, UsbIcon } from './icons';

/** The seat categories of the fleet (`gcategoria_asiento`) and their recline in degrees. */
const SEAT_CLASSES = [
  { key: 'economy', degrees: 140 },
  { key: 'special', degrees: 160 },
  { key: 'vip', degrees: 180 },
] as const;

export function SeatClasses() {
  const { t } = useTranslation('content');
  return (
    <Box as="section" aria-labelledby="home-seats" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <PageTitle level="h2" titleId="home-seats" size="2xl" title={t('home.seats.heading')} lead={t('home.seats.intro')} mb="8" />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
          {SEAT_CLASSES.map(({ key, degrees }) => (
            <Card.Root as="li" key={key} variant="outline" data-testid={`seat-class-${degrees}`}>
              <Card.Body gap="4">
                <HStack justify="space-between" align="start">
                  <Stack gap="1">
                    <Heading as="h3" size="lg">
                      {t(`home.seats.${key}.name`)}
                    </Heading>
                    <Text fontWeight="semibold" color="sun.fg" fontSize="sm">
                      {t('home.seats.degrees', { grados: degrees })}
                    </Text>
                  </Stack>
                  <Box fontSize="5xl" color="brand.fg" lineHeight="1">
                    <ReclineIcon degrees={degrees} />
                  </Box>
                </HStack>
                <Text color="fg.muted">{t(`home.seats.${key}.body`)}</Text>
                <Stack as="ul" listStyleType="none" gap="2" fontSize="sm">
                  <HStack as="li" gap="2">
                    <Box as="span" fontSize="lg" color="brand.fg">
                      <UsbIcon />
                    </Box>
                    {t('home.seats.usb')}
                  </HStack>
                  <HStack as="li" gap="2">
                    <Box as="span" fontSize="lg" color="brand.fg">
                      <SnowflakeIcon />
                    </Box>
                    {t('home.seats.ac')}
                  </HStack>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
