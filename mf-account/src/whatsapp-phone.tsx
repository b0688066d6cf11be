import { useFormSubmit, useTranslation } from '@rumbo/shared';
import { Box, Button, chakra, HStack, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FormAlert, TextField } from './form-fields';
import { WhatsAppPhoneStore } from './whatsapp-phone.store';

/**
 * Issue 48, beside "Mis viajes por WhatsApp": the account's mobile and whether it is confirmed; a
 * code sent to it by WhatsApp, typed here, confirms it. Nothing goes by WhatsApp before that.
 */
export const WhatsAppPhoneBox = observer(function WhatsAppPhoneBox({ store: given }: { store?: WhatsAppPhoneStore }) {
  const { t } = useTranslation('account');
  const [store] = useState(() => given ?? new WhatsAppPhoneStore());
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() => store.confirm());
  useEffect(() => {
    void store.load();
  }, [store]);

  if (store.state === 'loading') return <Skeleton height="48px" />;
  const phone = store.phone;
  if (!phone) return <Text>{t('whatsappPhone.failed')}</Text>;
  if (!phone.disponible) return <Text data-testid="whatsapp-phone">{t('whatsappPhone.unavailable')}</Text>;
  if (!phone.telefono) return <Text data-testid="whatsapp-phone">{t('whatsappPhone.none')}</Text>;
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="whatsapp-phone">
      <Stack gap="3">
        <Text role="status">{t(phone.confirmado ? 'whatsappPhone.confirmed' : 'whatsappPhone.unconfirmed', { phone: phone.telefono })}</Text>
        {!phone.confirmado && (
          <chakra.form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('whatsappPhone.formLabel')}>
            <Stack gap="3">
              <FormAlert form={store.form} id="whatsapp-phone" alertRef={alertRef} onPick={focus} />
              <Button type="button" variant="outline" size="sm" alignSelf="start" loading={store.form.sending && !store.codeSent} onClick={() => void store.sendCode().then(focus)}>
                {t(store.codeSent ? 'whatsappPhone.resend' : 'whatsappPhone.send')}
              </Button>
              {store.codeSent && (
                <>
                  <Text>{t('whatsappPhone.sent')}</Text>
                  <TextField form={store.form} id="whatsapp-phone" name="codigo" inputMode="numeric" label={t('whatsappPhone.code')} autoComplete="one-time-code" />
                  <HStack>
                    <Button type="submit" colorPalette="brand" size="sm" loading={store.form.sending}>
                      {t('whatsappPhone.confirm')}
                    </Button>
                  </HStack>
                </>
              )}
            </Stack>
          </chakra.form>
        )}
      </Stack>
    </Box>
  );
});
