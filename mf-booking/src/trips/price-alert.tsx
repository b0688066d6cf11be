import { Link, loginPath, messageText, useFormSubmit, useTranslation } from '@rumbo/shared';
import { CONSENT_CHANNELS, CONSENT_TEXT_VERSION } from '@rumbo/shared/schemas';
import { Box, Button, chakra, HStack, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { Checkbox, Fieldset, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { formatPrice } from '../format';
import { ProblemAlert } from '../problem-alert';
import { PriceAlertStore } from './price-alert.store';

const ID = 'price-alert';

/**
 * Issue 48 item 3 on step 1: "Tell me when this route gets cheaper". Signed in: the form (a sum,
 * optional days, the channels with the consent text they give); signed out: a link to sign in and
 * come back. The alerts are listed and deleted in Mi cuenta → Comunicaciones.
 */
export const PriceAlertOffer = observer(function PriceAlertOffer({ route, store: given }: { route: { origen: string; destino: string }; store?: PriceAlertStore }) {
  const { t, i18n } = useTranslation('booking');
  const [store] = useState(() => given ?? new PriceAlertStore(route));
  const { formRef, alertRef, onSubmit } = useFormSubmit(() => store.create());
  const form = store.form;
  const created = store.created;

  if (created) {
    return (
      <Box borderWidth="1px" rounded="md" p="3" mt="6" data-testid="price-alert-created">
        <Text role="status">{t('priceAlert.created', { price: formatPrice(created.tope, i18n.language) })}</Text>
        <Link to="/micuenta/comunicaciones" color="brand.fg" textDecoration="underline">
          {t('priceAlert.manage')}
        </Link>
      </Box>
    );
  }

  return (
    <Box mt="6">
      <Button size="sm" variant="outline" aria-expanded={store.open} aria-controls={`${ID}-form`} onClick={() => store.toggle()}>
        {t('priceAlert.open')}
      </Button>
      {store.open && (
        <Box id={`${ID}-form`} mt="3" borderWidth="1px" rounded="md" p="3">
          {!store.signedIn ? (
            <Text>
              {t('priceAlert.signIn')}{' '}
              <Link to={loginPath(typeof window === 'undefined' ? '/pasajes' : `${window.location.pathname}${window.location.search}`)} color="brand.fg" textDecoration="underline">
                {t('priceAlert.signInLink')}
              </Link>
            </Text>
          ) : (
            <chakra.form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={`${ID}-title`}>
              <Text id={`${ID}-title`} fontWeight="medium" mb="1">
                {t('priceAlert.title')}
              </Text>
              <Text textStyle="sm" color="fg.muted" mb="3">
                {t('priceAlert.intro')}
              </Text>
              <Stack gap="3">
                <TextField
                  id={`${ID}-tope`}
                  name="tope"
                  inputMode="numeric"
                  label={t('priceAlert.tope')}
                  hint={t('priceAlert.topeHint')}
                  value={form.values.tope}
                  onValue={(value) => form.set('tope', value)}
                  error={form.fieldError('tope')}
                  required
                />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                  <TextField id={`${ID}-desde`} name="desde" type="date" label={t('priceAlert.desde')} value={form.values.desde} onValue={(value) => form.set('desde', value)} error={form.fieldError('desde')} />
                  <TextField id={`${ID}-hasta`} name="hasta" type="date" label={t('priceAlert.hasta')} value={form.values.hasta} onValue={(value) => form.set('hasta', value)} error={form.fieldError('hasta')} />
                </SimpleGrid>
                <Fieldset.Root invalid={Boolean(form.fieldError('canales'))} aria-describedby={`${ID}-consent${form.fieldError('canales') ? ` ${ID}-canales-error` : ''}`}>
                  <Fieldset.Legend fontWeight="medium">{t('priceAlert.canales')}</Fieldset.Legend>
                  <Fieldset.HelperText id={`${ID}-consent`}>{t('priceAlert.consent', { version: CONSENT_TEXT_VERSION })}</Fieldset.HelperText>
                  <Fieldset.Content>
                    <Stack gap="2">
                      {CONSENT_CHANNELS.map((canal) => (
                        <Checkbox.Root
                          key={canal}
                          checked={form.values.canales.includes(canal)}
                          onCheckedChange={(details) => store.setChannel(canal, details.checked === true)}
                          colorPalette="brand"
                        >
                          <Checkbox.HiddenInput name="canales" value={canal} />
                          <Checkbox.Control borderColor="border.control" />
                          <Checkbox.Label>{t(`priceAlert.channels.${canal}`)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  </Fieldset.Content>
                  {form.fieldError('canales') && (
                    <Fieldset.ErrorText id={`${ID}-canales-error`} color="fg.error">
                      {messageText(t, form.fieldError('canales')!)}
                    </Fieldset.ErrorText>
                  )}
                </Fieldset.Root>
                <ProblemAlert ref={alertRef} id={`${ID}-problem`} problem={form.problem ?? undefined} />
                <HStack>
                  <Button type="submit" colorPalette="brand" size="sm" loading={form.sending}>
                    {t('priceAlert.submit')}
                  </Button>
                </HStack>
              </Stack>
            </chakra.form>
          )}
        </Box>
      )}
    </Box>
  );
});
