import { Link, useTranslation } from '@rumbo/shared';
import { Button, Container, Flex, Heading, HStack, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import type { ReactNode } from 'react';
import { ACCOUNT_HOME } from './navigation';

export const SECTIONS = [
  { key: 'profile', path: ACCOUNT_HOME },
  { key: 'trips', path: `${ACCOUNT_HOME}/viajes` },
  { key: 'points', path: `${ACCOUNT_HOME}/puntos` },
  { key: 'credit', path: `${ACCOUNT_HOME}/saldo` },
  { key: 'communications', path: `${ACCOUNT_HOME}/comunicaciones` },
  { key: 'data', path: `${ACCOUNT_HOME}/datos` },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

export function sectionOf(pathname: string): SectionKey | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SECTIONS.find((section) => section.path === path)?.key;
}

/** Each section's place while it loads (its own loading view: `Profile`, `Trips`, `Points`). */
export const SECTION_PLACEHOLDER_HEIGHT: Record<SectionKey, string> = { profile: '320px', trips: '160px', points: '160px', credit: '160px', communications: '320px', data: '240px' };

/**
 * Mi cuenta's heading, greeting, log-out buttons, sections' navigation and the section's title
 * around the section. The greeting's line is kept when there is none yet (the frame), so the
 * greeting takes no place the page had not.
 */
export function AccountLayout({ current, greeting, logOut, children }: { current: SectionKey | undefined; greeting?: string; logOut: (everywhere?: boolean) => void; children: ReactNode }) {
  const { t } = useTranslation('account');
  const title = current ? t(`account.${current}`) : t('account.heading');
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
          <Stack gap="1">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {t('account.heading')}
            </Heading>
            <Text color="fg.muted" minH="1lh">
              {greeting}
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap">
            <Button type="button" variant="outline" onClick={() => logOut()}>
              {t('account.logOut')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => logOut(true)}>
              {t('account.logOutEverywhere')}
            </Button>
          </Flex>
        </Flex>
        <nav aria-label={t('account.nav')}>
          <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" borderBottomWidth="1px" borderColor="border" pb="2">
            {SECTIONS.map((section) => (
              <li key={section.key}>
                <Link
                  to={section.path}
                  aria-current={current === section.key ? 'page' : undefined}
                  display="inline-block"
                  px="3"
                  py="2"
                  rounded="md"
                  fontWeight="semibold"
                  color={current === section.key ? 'brand.contrast' : 'brand.fg'}
                  bg={current === section.key ? 'brand.solid' : undefined}
                  _hover={{ textDecoration: 'underline' }}
                >
                  {t(`account.${section.key}`)}
                </Link>
              </li>
            ))}
          </HStack>
        </nav>
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * Mi cuenta's frame (issue 17 item 5): the page without the customer's data, the section's place
 * sized as its loading view. The build renders it for `/micuenta` (`src/prerender.tsx`, signed
 * out: no session in Node); the browser hydrates it, then shows the page, or sends a signed-out
 * visitor to sign in.
 */
export function AccountFrame({ current, logOut }: { current: SectionKey | undefined; logOut: (everywhere?: boolean) => void }) {
  return (
    <AccountLayout current={current} logOut={logOut}>
      {current && <Skeleton height={SECTION_PLACEHOLDER_HEIGHT[current]} />}
    </AccountLayout>
  );
}
