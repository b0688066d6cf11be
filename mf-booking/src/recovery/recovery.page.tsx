import { Button, chakra, Container, Heading, HStack, Stack, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@rumbo/shared';
import { useSearchParams } from 'react-router';
import { focusControl } from '../focus';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const focus = await store.submit();
    if (focus) focusControl(focus);
  };

  return (
    <Container maxW="xl" py="6">
      <Heading as="h1" size="xl" mb="2">
        {t('recovery.title')}
      </Heading>
      <Text mb="5">{t('recovery.intro')}</Text>
      <chakra.form onSubmit={submit} noValidate aria-labelledby="recovery-form-title" borderWidth="1px" rounded="lg" p="5">
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
              value={store.values[field]}
              onValue={(value) => store.set(field, value)}
              error={store.errors[field]}
              required
            />
          ))}
          {store.step === 'prove' && (
            <Stack gap="3" role="group" aria-labelledby="recovery-prove-title">
              <Heading as="h3" id="recovery-prove-title" size="sm">
                {t('recovery.proveTitle')}
              </Heading>
              <Text role="status">{t('recovery.sent', { email: store.values.email.trim().toLowerCase() })}</Text>
              <TextField
                id="recovery-verificacion"
                name="recovery-verificacion"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                label={t('recovery.verificacion')}
                hint={t('recovery.verificacionHint')}
                value={store.values.verificacion}
                onValue={(value) => store.set('verificacion', value)}
                error={store.errors.verificacion}
                required
              />
            </Stack>
          )}
          <ProblemAlert id="recovery-problem" problem={store.problem} />
          <HStack gap="3" wrap="wrap">
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={store.sending}
              loadingText={t(store.step === 'prove' ? 'recovery.opening' : 'recovery.searching')}
            >
              {t(store.step === 'prove' ? 'recovery.open' : 'recovery.submit')}
            </Button>
            {store.step === 'prove' && (
              <Button
                type="button"
                variant="outline"
                size="lg"
                disabled={store.sending}
                onClick={async () => {
                  store.startOver();
                  const focus = await store.submit();
                  if (focus) focusControl(focus);
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
