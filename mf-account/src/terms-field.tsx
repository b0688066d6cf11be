import { ExternalLink, HStack, Stack, Text } from '@rumbo/shared/ui';
import { useTranslation, type FormState } from '@rumbo/shared';
import { CheckboxField } from './form-fields';

/** Acceptance of the terms and the privacy policy, with both documents a click away. */
export function TermsField({ form, id }: { form: FormState<Record<string, string | boolean>>; id: string }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="1">
      <CheckboxField form={form} id={id} name="terminos">
        {t('terms.before')}
        {t('terms.link')}
        {t('terms.between')}
        {t('terms.privacy')}
      </CheckboxField>
      <HStack gap="3" wrap="wrap" textStyle="sm" ps="7">
        <Text>{t('terms.read')}</Text>
        <ExternalLink href="/informacion/terminos-condiciones" target="_blank" color="brand.fg" textDecoration="underline">
          {t('terms.link')}
        </ExternalLink>
        <ExternalLink href="/informacion/proteccion-datos" target="_blank" color="brand.fg" textDecoration="underline">
          {t('terms.privacy')}
        </ExternalLink>
      </HStack>
    </Stack>
  );
}
