import { Link, useTranslation } from '@rumbo/shared';
import { Stack } from '@rumbo/shared/ui';
import { CloseButton, Drawer, Portal } from '@rumbo/shared/ui/overlays';
import { LanguageSelector } from './language-selector';
import { NAV_ITEMS } from './nav-items';

/** The menu overlay: Chakra's drawer closes on Escape and on a click on the backdrop. */
export default function MobileMenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="end">
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
