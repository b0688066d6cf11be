import { session, useTranslation } from '@rumbo/shared';
import { IconButton } from '@rumbo/shared/ui';
import { Menu, Portal } from '@rumbo/shared/ui/overlays';
import { navigateToUrl } from 'single-spa';

const ITEMS = [
  { key: 'profile', to: '/micuenta' },
  { key: 'trips', to: '/micuenta/viajes' },
  { key: 'points', to: '/micuenta/puntos' },
] as const;

/** The signed-in customer's menu: my profile, my trips, my points, log out. */
export default function AccountMenu() {
  const { t } = useTranslation('shell');
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value !== 'logout') return navigateToUrl(value);
        // Ends the session on the server too (issue 15), then home.
        void session.logOut().then(() => navigateToUrl('/'));
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label={t('account.menu')} size="sm" colorPalette="brand" roundedStart="0" borderStartWidth="1px" borderColor="brand.700">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {ITEMS.map((item) => (
              <Menu.Item key={item.key} value={item.to}>
                {t(`account.${item.key}`)}
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout">{t('account.logOut')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
