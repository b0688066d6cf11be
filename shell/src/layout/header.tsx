import { api, endGuestPurchase, Link, useTranslation } from '@rumbo/shared';
import { Box, Container, Flex, HStack, SkipNavLink } from '@rumbo/shared/ui';
import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { AccountButton } from './account-button';
import { LanguageSelector } from './language-selector';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { PAINT } from '@rumbo/shared/paint';

/** Clicking the logo ends the guest purchase (releases held seats) and goes home. */
function goHome(event: MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  void endGuestPurchase(api);
  navigateToUrl('/');
}

/** The same on the server, for every reader, and in the browser's first render, which hydrates it (its account button: AccountButton). */
export function Header({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
      <SkipNavLink id={PAINT.main}>{t('skipToContent')}</SkipNavLink>
      <Container maxW="7xl" py="2">
        <Flex align="center" justify="space-between" gap={{ base: '2', sm: '4' }}>
          {/* A narrower logo on the narrowest phones (320 px): the header fits without scrolling sideways. */}
          <Link to="/" onClick={goHome} data-testid="logo" display="inline-flex" flexShrink={0} height={{ base: '30px', sm: '36px' }} css={{ '& svg': { height: '100%', width: 'auto' } }}>
            <Logo variant="light" title={t('brandHome')} />
          </Link>
          <Box as="nav" aria-label={t('nav.label')} display={{ base: 'none', lg: 'block' }}>
            <HStack as="ul" gap="6" listStyleType="none">
              {NAV_ITEMS.map((item) => (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    fontWeight="semibold"
                    color="fg"
                    aria-current={pathname === item.to ? 'page' : undefined}
                    _currentPage={{ color: 'brand.fg', textDecoration: 'underline' }}
                  >
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              ))}
            </HStack>
          </Box>
          <HStack gap={{ base: '2', sm: '3' }}>
            <Box display={{ base: 'none', lg: 'block' }}>
              <LanguageSelector id="language-header" />
            </Box>
            <AccountButton />
            <MobileMenu pathname={pathname} />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
