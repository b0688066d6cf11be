import { Button, chakra, Container, Heading, HStack, Stack, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ALERT, useFormSubmit, useTranslation, type FocusTarget } from '@rumbo/shared';
import { useSearchParams } from 'react-router';
import { ProblemAlert } from '../problem-alert';
import { RecoveryStore, type RecoveryField } from './recovery.store';

const FIELDS: { field: RecoveryField; type: string; autoComplete: string }[] = [
  { field: 'codigo', type: 'text', autoComplete: 'off' },
  { field: 'email', type: 'email', autoComplete: 'email' },
];

/**
 * `/pasajes/recuperar[?codigo=]`: find a purchase without an account, by its code and e-mail, then
 * prove the buyer with the code mailed to the buyer's address (issue 15).
 */
export const RecoveryPage = observer(function RecoveryPage({ store: given }: { store?: RecoveryStore }) {
  const { t } = useTranslation('booking');
  const [params] = useSearchParams();
  const [store] = useState(() => given ?? new RecoveryStore({ codigo: params.get('codigo') ?? '' }));

  // The controls are named after their ids (`recovery-codigo`).
  const control = (target: FocusTarget | undefined) => (target && target !== ALERT ? `recovery-${target}` : target);
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(async () => control(await store.submit()));

  return (
    <Container maxW="xl" py="6">
      <Heading as="h1" size="xl" mb="2">
        {t('recovery.title')}
      </Heading>
      <Text mb="5">{t('recovery.intro')}</Text>
      <chakra.form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="recovery-form-title" borderWidth="1px" rounded="lg" p="5">
        <Heading as="h2" id="recovery-form-title" size="md" mb="3">
          {t('recovery.formTitle')}
        </Heading>
        <Stack gap="4">
          {FIELDS.map(({ field, type, autoComplete }) => (
            <TextField
              key={field}
              id={`recovery-${field}`}
              name={`recovery-${field}`}
              type={type}
              autoComplete={autoComplete}
              label={t(`recovery.${field}`)}
              hint={t(`recovery.hints.${field}`)}
              value={store.form.values[field]}
              onValue={(value) => store.set(field, value)}
              error={store.form.fieldError(field)}
              required
            />
          ))}
          {store.step === 'prove' && (
            <Stack gap="3" role="group" aria-labelledby="recovery-prove-title">
              <Heading as="h3" id="recovery-prove-title" size="sm">
                {t('recovery.proveTitle')}
              </Heading>
              <Text role="status">{t('recovery.sent', { email: store.form.values.email.trim().toLowerCase() })}</Text>
              <TextField
                id="recovery-verificacion"
                name="recovery-verificacion"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                label={t('recovery.verificacion')}
                hint={t('recovery.verificacionHint')}
                value={store.form.values.verificacion}
                onValue={(value) => store.set('verificacion', value)}
                error={store.form.fieldError('verificacion')}
                required
              />
            </Stack>
          )}
          <ProblemAlert ref={alertRef} id="recovery-problem" problem={store.form.problem ?? undefined} />
          <HStack gap="3" wrap="wrap">
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={store.form.sending}
              loadingText={t(store.step === 'prove' ? 'recovery.opening' : 'recovery.searching')}
            >
              {t(store.step === 'prove' ? 'recovery.open' : 'recovery.submit')}
            </Button>
            {store.step === 'prove' && (
              <Button
                type="button"
                variant="outline"
                size="lg"
                disabled={store.form.sending}
                onClick={async () => {
                  store.startOver();
                  focus(control(await store.submit()));
                }}
              >
                {t('recovery.again')}
              </Button>
            )}
          </HStack>
        </Stack>
      </chakra.form>
    </Container>
  );
});
