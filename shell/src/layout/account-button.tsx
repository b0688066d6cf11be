import { Link, session } from '@rumbo/shared';
import { Button, HStack, IconButton, Menu, Portal } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { navigateToUrl } from 'single-spa';
import { useTranslation } from 'react-i18next';

const MENU = [
  { key: 'profile', to: '/micuenta' },
  { key: 'trips', to: '/micuenta/viajes' },
  { key: 'points', to: '/micuenta/puntos' },
] as const;

/** 'Acceder' → /login when signed out; the first name → /micuenta, and the account menu, when signed in. */
export const AccountButton = observer(function AccountButton() {
  const { t } = useTranslation('shell');
  if (!session.isSignedIn) {
    return (
      <Button asChild size="sm" colorPalette="brand" data-testid="account-button">
        <Link to="/login" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
          {t('account.signIn')}
        </Link>
      </Button>
    );
  }
  return (
    <HStack gap="0">
      <Button asChild size="sm" colorPalette="brand" roundedEnd="0" data-testid="account-button">
        <Link to="/micuenta" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
          {session.firstName}
        </Link>
      </Button>
      <Menu.Root
        onSelect={({ value }) => {
          if (value === 'logout') {
            session.signOut();
            navigateToUrl('/');
          } else navigateToUrl(value);
        }}
      >
        <Menu.Trigger asChild>
          <IconButton aria-label={t('account.menu')} size="sm" colorPalette="brand" roundedStart="0" borderStartWidth="1px">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {MENU.map((item) => (
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
    </HStack>
  );
});
