import { Link, session, useTranslation } from '@rumbo/shared';
import { Box, Button, Flex, HStack } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, type ReactNode } from 'react';

// Only signed-in customers need the menu: its overlay code loads with it.
const AccountMenu = lazy(() => import('./account-menu'));

/**
 * The account button's place in the header: as wide whoever is signed in, its content at its
 * start. Every page is rendered with the signed-out header ('Acceder'); when the shell then shows a
 * customer's first name, neither the button's start nor anything around it moves.
 */
function AccountSlot({ children }: { children: ReactNode }) {
  return (
    <Flex width={{ lg: '10rem' }} justify={{ base: 'flex-end', lg: 'flex-start' }}>
      {children}
    </Flex>
  );
}

/** 'Acceder' → /login when signed out; the first name → /micuenta, and the account menu, when signed in. */
export const AccountButton = observer(function AccountButton() {
  const { t } = useTranslation('shell');
  if (!session.isSignedIn) {
    return (
      <AccountSlot>
        <Button asChild size="sm" colorPalette="brand" data-testid="account-button">
          <Link to="/login" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
            {t('account.signIn')}
          </Link>
        </Button>
      </AccountSlot>
    );
  }
  return (
    <AccountSlot>
      <HStack gap="0" minWidth="0">
        <Button asChild size="sm" colorPalette="brand" roundedEnd="0" data-testid="account-button" maxWidth={{ lg: '8rem' }}>
          <Link to="/micuenta" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
            <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
              {session.firstName}
            </Box>
          </Link>
        </Button>
        <Suspense fallback={<Box width="8" />}>
          <AccountMenu />
        </Suspense>
      </HStack>
    </AccountSlot>
  );
});
