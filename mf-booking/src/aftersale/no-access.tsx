import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import { Alert, HStack, Stack } from '@rumbo/shared/ui';
import { codeOfTicket } from '../reservation';

/** A ticket page opened without a session or the purchase's key: sign in, or recover the purchase. */
export function NoAccess({ numero, path }: { numero: string; path: string }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  return (
    <Stack gap="3" align="start">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{tv('aftersale.acceso.required')}</Alert.Title>
      </Alert.Root>
      <HStack gap="5" flexWrap="wrap">
        <SiteLink to={`/pasajes/recuperar?codigo=${encodeURIComponent(codeOfTicket(numero))}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
          {t('aftersale.recoverLink')}
        </SiteLink>
        <SiteLink to={`/login?pathname=${encodeURIComponent(path).replace(/%2F/gi, '/')}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
          {t('aftersale.signIn')}
        </SiteLink>
      </HStack>
    </Stack>
  );
}
