import { Link, session, useHydrated, useTranslation } from '@rumbo/shared';
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

/** 'Acceder' → /login. `copy`: the server's copy (`PAINT.account` "out", shown by the first script's choice). */
function SignInButton({ copy }: { copy: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Button asChild size="sm" colorPalette="brand" {...(copy ? { [PAINT.account]: 'out' } : { 'data-testid': 'account-button' })}>
      <Link to="/login" color="brand.contrast" _hover={{ textDecoration: 'none' }}>
        {t('account.signIn')}
      </Link>
    </Button>
  );
}

/**
 * The first name → /micuenta, and the account menu. `copy`: the server's copy (`PAINT.account`
 * "in"), whose place for the name the first script fills from this browser's session
 * (`PAINT.accountName`), and whose menu is a place of the menu's size: its code loads once the
 * session store says a customer is signed in (a reader signed out never loads it).
 */
function SignedInButton({ name, copy }: { name: string; copy: boolean }) {
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
      {copy ? (
        <MenuPlace />
      ) : (
        <Suspense fallback={<MenuPlace />}>
          <AccountMenu />
        </Suspense>
      )}
    </HStack>
  );
}

const MenuPlace = () => <Box width="9" flexShrink={0} />;

/** In the browser's first render, the name the first script wrote in the server's copy (none on the server). */
function nameWrittenByFirstScript(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector(`#${PAINT.header} [${PAINT.accountName}]`)?.textContent ?? '';
}

/**
 * 'Acceder' → /login when signed out; the first name → /micuenta, and the account menu, when
 * signed in. The server's copy, the same for every reader so one cached page serves them all,
 * holds both, the signed-in one without a name: the shell's first script shows the one this
 * browser's session says and writes the name in before the first paint (stored-session-paint.ts).
 * The browser's first render, which hydrates it, is that same copy (`useHydrated`), the name the
 * one the first script wrote (read from the page: what hydration finds); from the next render the
 * session store decides, and the button it names stays the same element (same place), its
 * sibling removed: nothing flashes or moves.
 */
export const AccountButton = observer(function AccountButton() {
  const copy = !useHydrated();
  const signedIn = session.isSignedIn;
  return (
    <AccountSlot>
      {(copy || !signedIn) && <SignInButton copy={copy} />}
      {(copy || signedIn) && <SignedInButton copy={copy} name={copy ? nameWrittenByFirstScript() : session.firstName} />}
    </AccountSlot>
  );
});
