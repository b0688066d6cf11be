import { Link, session, useTranslation } from '@rumbo/shared';
import { PAINT } from '@rumbo/shared/paint';
import { Box, Button, Flex, HStack } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, type ReactNode } from 'react';

// Only signed-in customers need the menu: its overlay code loads with it.
const AccountMenu = lazy(() => import('./account-menu'));

/**
 * The account button's place in the header: as wide whoever is signed in, its content at its
 * start, so switching between 'Acceder' and a customer's first name moves nothing around it.
 */
function AccountSlot({ children }: { children: ReactNode }) {
  return (
    <Flex width={{ lg: '10rem' }} justify={{ base: 'flex-end', lg: 'flex-start' }}>
      {children}
    </Flex>
  );
}

/** 'Acceder' → /login. `mark`: the server's copy's marker (`PAINT.account`). */
function SignInButton({ mark }: { mark?: 'out' }) {
  const { t } = useTranslation('shell');
  return (
    <Button asChild size="sm" colorPalette="brand" {...(mark ? { [PAINT.account]: mark } : { 'data-testid': 'account-button' })}>
      <Link to="/login" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
        {t('account.signIn')}
      </Link>
    </Button>
  );
}

/**
 * The first name → /micuenta, and the account menu. `name` undefined: the server's copy, whose
 * place for the name the first script fills from this browser's session (`PAINT.accountName`).
 */
function SignedInButton({ name }: { name: string | undefined }) {
  const copy = name === undefined;
  return (
    <HStack gap="0" minWidth="0" {...(copy ? { [PAINT.account]: 'in' } : {})}>
      {/* `account-button` is the live header's only: the server's copy holds two, one of them hidden. */}
      <Button asChild size="sm" colorPalette="brand" roundedEnd="0" data-testid={copy ? undefined : 'account-button'} maxWidth={{ lg: '8rem' }}>
        <Link to="/micuenta" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
          <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap" {...(copy ? { [PAINT.accountName]: '' } : {})}>
            {name}
          </Box>
        </Link>
      </Button>
      {/* As wide as the menu's button (the UI kit's `sm`: 9), which replaces it once its code is here. */}
      <Suspense fallback={<Box width="9" flexShrink={0} />}>
        <AccountMenu />
      </Suspense>
    </HStack>
  );
}

/**
 * 'Acceder' → /login when signed out; the first name → /micuenta, and the account menu, when
 * signed in. The server's copy (`serverCopy`), the same for every reader so one cached page serves
 * them all, holds both, the signed-in one without a name: the shell's first script shows the one
 * this browser's session says and writes the name in before the first paint
 * (stored-session-paint.ts); the live header then draws that same button in its place.
 */
export const AccountButton = observer(function AccountButton({ serverCopy = false }: { serverCopy?: boolean }) {
  if (serverCopy) {
    return (
      <AccountSlot>
        <SignInButton mark="out" />
        <SignedInButton name={undefined} />
      </AccountSlot>
    );
  }
  return <AccountSlot>{session.isSignedIn ? <SignedInButton name={session.firstName} /> : <SignInButton />}</AccountSlot>;
});
