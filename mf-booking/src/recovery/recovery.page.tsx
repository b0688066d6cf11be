import { Button, chakra, Container, Heading, Stack, Text } from '@rumbo/shared/ui';
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

/** `/pasajes/recuperar[?codigo=]`: find a purchase without an account, by its code and e-mail. */
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
          <ProblemAlert id="recovery-problem" problem={store.problem} />
          <Button type="submit" colorPalette="brand" size="lg" loading={store.sending} loadingText={t('recovery.searching')} alignSelf="start">
            {t('recovery.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </Container>
  );
});
