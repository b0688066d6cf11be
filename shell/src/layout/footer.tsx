import { Link, type OperatorData, useTranslation } from '@rumbo/shared';
import { OPERATOR } from '@rumbo/shared/schemas';
import { Box, Container, ExternalLink, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { DESTINATION_CITIES } from '../routes';
import { FooterSubscribe } from './footer-subscribe';
import { useLegalLinks } from './legal-links';
import { Logo } from './logo';
import { NAV_ITEMS } from './nav-items';

const CITY_NAMES: Record<(typeof DESTINATION_CITIES)[number], string> = {
  arequipa: 'Arequipa',
  cusco: 'Cusco',
  lima: 'Lima',
  trujillo: 'Trujillo',
  tumbes: 'Tumbes',
};

const INTEREST = [{ key: 'corporate', to: '/corporativo' }, ...NAV_ITEMS] as const;

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="sm" color="sun.300" textTransform="uppercase" letterSpacing="wider">
        {title}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none">
        {children}
      </Stack>
    </Stack>
  );
}

const linkStyle = { color: 'white', _hover: { color: 'sun.200' } } as const;

/** The same on the server and in the browser, which hydrates it (shell.tsx). */
export function Footer() {
  const { t } = useTranslation('shell');
  // The operator's contact and legal data are built in (shared's one source of truth): they show
  // whether or not `contentEndpoints.operator` answers.
  const operator: OperatorData = OPERATOR;

  const legal = useLegalLinks();
  const newTab = t('footer.opensInNewTab');
  return (
    <Box as="footer" bg="brand.800" color="white" mt="16" py="12">
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="8">
          <Stack gap="3" data-testid="contact-card">
            <Logo variant="dark" />
            <Heading as="h2" size="sm" color="sun.300" textTransform="uppercase" letterSpacing="wider">
              {t('footer.contact')}
            </Heading>
              <Stack as="dl" gap="1" fontSize="sm">
                <Text as="dt" fontWeight="semibold">{t('footer.callCenter')}</Text>
                <Text as="dd">
                  <ExternalLink href={`tel:${operator.central_telefonica.replace(/[^\d+]/g, '')}`} {...linkStyle}>
                    {operator.central_telefonica}
                  </ExternalLink>
                </Text>
                <Text as="dt" fontWeight="semibold">{t('footer.whatsapp')}</Text>
                <Text as="dd">
                  <ExternalLink href={operator.whatsapp_url} target="_blank" rel="noopener noreferrer" {...linkStyle}>
                    {operator.whatsapp} <VisuallyHidden>{newTab}</VisuallyHidden>
                  </ExternalLink>
                </Text>
                <Text as="dt" fontWeight="semibold">{t('footer.email')}</Text>
                <Text as="dd">
                  <ExternalLink href={`mailto:${operator.correo}`} {...linkStyle}>
                    {operator.correo}
                  </ExternalLink>
                </Text>
              </Stack>
          </Stack>
          <Column title={t('footer.destinations')}>
            {DESTINATION_CITIES.map((city) => (
              <li key={city}>
                <Link to={`/destinos/${city}`} {...linkStyle}>
                  {CITY_NAMES[city]}
                </Link>
              </li>
            ))}
          </Column>
          <Column title={t('footer.links')}>
            {INTEREST.map((item) => (
              <li key={item.key}>
                <Link to={item.to} {...linkStyle}>
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </Column>
          <Column title={t('footer.social')}>
            {(['facebook', 'youtube', 'instagram'] as const).map((network) => (
                <li key={network}>
                  <ExternalLink href={operator.redes[network]} target="_blank" rel="noopener noreferrer" {...linkStyle}>
                    {network === 'youtube' ? 'YouTube' : network.charAt(0).toUpperCase() + network.slice(1)}
                    <VisuallyHidden> {newTab}</VisuallyHidden>
                  </ExternalLink>
                </li>
              ))}
          </Column>
          <Column title={t('footer.legal')}>
            {legal.map((item) => (
              <li key={item.key}>
                <Link to={item.to} {...linkStyle}>
                  {item.label ?? t(`footer.${item.key}`)}
                </Link>
              </li>
            ))}
          </Column>
        </SimpleGrid>
        <FooterSubscribe />
          <Text mt="10" fontSize="sm" color="brand.100">
            {t('footer.rights', { year: new Date().getFullYear(), legalName: operator.razon_social })} ·{' '}
            {t('footer.ruc', { ruc: operator.ruc })}
          </Text>
      </Container>
    </Box>
  );
}
