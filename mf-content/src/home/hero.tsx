import { Box, Container, Heading, Text, chakra } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '@rumbo/shared';

/**
 * The Andes at dusk, drawn in a few paths: decoration only, cheap to paint and never the
 * page's largest element (the heading is, so it is painted as soon as the remote mounts).
 */
function Skyline() {
  return (
    <chakra.svg
      viewBox="0 0 1200 120"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      position="absolute"
      insetX="0"
      bottom="0"
      w="full"
      h={{ base: '16', md: '24' }}
      pointerEvents="none"
    >
      <path d="M0 120V70l120-45 90 35 140-58 120 62 100-30 150 50 130-72 120 48 110-26 120 50v60Z" fill="rgba(255,255,255,0.07)" />
      <path d="M0 120V92l160-30 130 28 170-40 150 38 140-22 180 30 130-18 140 20v42Z" fill="rgba(255,255,255,0.1)" />
      <path d="M0 110c180-16 380-16 600 0s420 16 600 0" stroke="#fdca8e" strokeWidth="3" strokeDasharray="14 12" fill="none" />
    </chakra.svg>
  );
}

export function Hero({ search }: { search?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    <Box
      as="section"
      aria-labelledby="home-title"
      position="relative"
      overflow="hidden"
      color="white"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="brand.600"
      pt={{ base: '10', md: '16' }}
      pb={{ base: '20', md: '28' }}
    >
      <Box
        aria-hidden="true"
        display={{ base: 'none', md: 'block' }}
        position="absolute"
        top="-16"
        right="6%"
        boxSize="80"
        rounded="full"
        bgImage="radial-gradient(circle, rgba(249,169,79,0.45) 0%, rgba(249,169,79,0.18) 40%, rgba(249,169,79,0) 70%)"
      />
      <Container maxW="7xl" position="relative">
        <Text fontWeight="semibold" color="sun.200" textTransform="uppercase" letterSpacing="wider" fontSize="sm" mb="3">
          {t('home.eyebrow')}
        </Text>
        <Heading as="h1" id="home-title" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15" maxW="3xl" mb="4">
          {t('home.title')}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'xl' }} maxW="2xl" color="brand.50" mb="8">
          {t('home.lead')}
        </Text>
        {/* mf-booking's trip search parcel (or its fallback). */}
        <Box data-slot="trip-search" maxW="5xl">
          {search}
        </Box>
      </Container>
      <Skyline />
    </Box>
  );
}
