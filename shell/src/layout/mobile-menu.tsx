import { Link } from '@rumbo/shared';
import { CloseButton, Drawer, IconButton, Portal, Stack } from '@rumbo/shared/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from './language-selector';
import { NAV_ITEMS } from './nav-items';

/** Below `lg`: a hamburger that opens the menu overlay; Escape, the backdrop and a route change close it. */
export function MobileMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('shell');
  // Open only on the page where it was opened: any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpenOn(details.open ? pathname : null)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label={t('menu.open')} variant="ghost" hideFrom="lg" data-testid="menu-button">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop data-testid="menu-backdrop" />
        <Drawer.Positioner>
          <Drawer.Content data-testid="mobile-menu">
            <Drawer.Header>
              <Drawer.Title>{t('menu.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t('nav.label')} gap="4">
                {NAV_ITEMS.map((item) => (
                  <Link key={item.key} to={item.to} fontSize="lg" fontWeight="semibold">
                    {t(`nav.${item.key}`)}
                  </Link>
                ))}
                <LanguageSelector id="language-menu" />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label={t('menu.close')} size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
