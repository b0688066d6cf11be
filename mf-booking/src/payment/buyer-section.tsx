import { Link as SiteLink, messageText, useTranslation } from '@rumbo/shared';
import { Box, ExternalLink, Heading, SimpleGrid, Text } from '@rumbo/shared/ui';
import { Checkbox, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import type { BuyerForm } from './buyer.form';
import type { PaymentStore } from './payment.store';
import { controlId } from './summary';

/** Step 3's buyer: who gets the payment code and the tickets, and a factura's company. */
export const BuyerSection = observer(function BuyerSection({ store }: { store: PaymentStore }) {
  const { t } = useTranslation('booking');
  const buyer = store.buyer;
  const field = (name: 'nombre' | 'email' | 'ruc' | 'razon_social', extra: Record<string, unknown> = {}) => (
    <TextField
      id={controlId('buyer', name)}
      name={controlId('buyer', name)}
      label={t(`payment.buyer.${name}`)}
      value={buyer.values[name]}
      onValue={(value) => store.setBuyer(name, value)}
      error={buyer.form.fieldError(name)}
      required
      {...extra}
    />
  );
  const factura = buyer.values.comprobante === 'factura';
  return (
    <Box as="section" aria-labelledby="buyer-title" borderWidth="1px" rounded="lg" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="buyer-title" size="md" mb="1">
        {t('payment.buyer.title')}
      </Heading>
      <Text textStyle="sm" color="fg.muted" mb="3">
        {store.customer ? t('payment.buyer.signedIn') : t('payment.buyer.guest')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('nombre', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email', onBlur: () => void buyer.checkGuest(), hint: t('payment.buyer.emailHint') })}
      </SimpleGrid>
      <Box aria-live="polite">
        {buyer.hasAccount && store.isGuest && (
          <Text mt="3" role="status">
            {t('payment.buyer.hasAccount')}{' '}
            <SiteLink to={`/login?pathname=${encodeURIComponent('/pasajes/pago')}`} color="brand.fg" textDecoration="underline">
              {t('payment.buyer.signIn')}
            </SiteLink>
          </Text>
        )}
      </Box>
      <Box mt="4">
        <Checkbox.Root
          checked={factura}
          onCheckedChange={(details) => store.setBuyer('comprobante', details.checked === true ? 'factura' : 'boleta')}
          colorPalette="brand"
        >
          <Checkbox.HiddenInput name="factura" />
          <Checkbox.Control borderColor="border.control" />
          <Checkbox.Label>{t('payment.buyer.factura')}</Checkbox.Label>
        </Checkbox.Root>
      </Box>
      {factura && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4">
          {field('ruc', {
            inputMode: 'numeric',
            maxLength: 11,
            autoComplete: 'off',
            hint:
              buyer.rucLookup === 'searching'
                ? t('payment.buyer.rucSearching')
                : buyer.rucLookup === 'found'
                  ? t('payment.buyer.rucFound')
                  : buyer.rucLookup === 'unknown'
                    ? t('payment.buyer.rucUnknown')
                    : t('payment.buyer.rucHint'),
          })}
          {field('razon_social', { autoComplete: 'organization' })}
        </SimpleGrid>
      )}
    </Box>
  );
});

/** The terms of the purchase, to accept before reserving. */
export const Terms = observer(function Terms({ buyer }: { buyer: BuyerForm }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const termsError = buyer.form.fieldError('terminos');
  return (
    <Box>
      <Checkbox.Root checked={buyer.values.terminos} onCheckedChange={(details) => buyer.setTerms(details.checked === true)} colorPalette="brand" invalid={Boolean(termsError)}>
        <Checkbox.HiddenInput name="terms" aria-describedby={termsError ? 'terms-error' : undefined} aria-required="true" />
        <Checkbox.Control borderColor="border.control" />
        {/* The label is text only: a click anywhere on it ticks the box; the terms open from their own link. */}
        <Checkbox.Label>{t('payment.terms.accept')}</Checkbox.Label>
      </Checkbox.Root>
      <Box mt="1" ps="7">
        <ExternalLink href="/informacion/terminos-condiciones" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" textStyle="sm">
          {t('payment.terms.link')}
        </ExternalLink>
      </Box>
      {termsError && (
        <Text id="terms-error" textStyle="sm" fontWeight="medium" color="fg.error" mt="1">
          {messageText(tv, termsError)}
        </Text>
      )}
    </Box>
  );
});
