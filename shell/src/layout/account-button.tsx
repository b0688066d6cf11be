import { Link, session, useTranslation } from '@rumbo/shared';
import { Box, Button, HStack } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';

// Only signed-in customers need the menu: its overlay code loads with it.
const AccountMenu = lazy(() => import('./account-menu'));

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
      <Suspense fallback={<Box width="8" />}>
        <AccountMenu />
      </Suspense>
    </HStack>
  );
});
