import { ALERT, messageText, useFormSubmit, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, chakra, Container, Heading, List, PageTitle, Stack, Text } from '@rumbo/shared/ui';
import { Checkbox, Fieldset, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { limaDate, limaTime } from '../format';
import { ProblemAlert } from '../problem-alert';
import { TicketCard } from '../reservation/ticket-card';
import { DECLARATION_CHECKS, DECLARATION_TEXT_FIELDS, DeclarationStore } from './declaration.store';
import { TicketLoadState } from './ticket-load-state';

const DeclarationForm = observer(function DeclarationForm({ store }: { store: DeclarationStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  // The controls are named after their ids (`declaration-contacto_nombre`); once registered, the
  // declaration on file takes the form's place (and the focus: see `Registered`).
  const { formRef, alertRef, onSubmit } = useFormSubmit(async () => {
    const target = await store.submit();
    return target === 'saved' ? undefined : target && target !== ALERT ? `declaration-${target}` : target;
  });
  return (
    <chakra.form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="declaration-form-title" borderWidth="1px" rounded="lg" p="5">
      <Heading as="h2" id="declaration-form-title" size="md" mb="1">
        {t('declaration.formTitle')}
      </Heading>
      <Text textStyle="sm" mb="4">
        {t('declaration.once')}
      </Text>
      <Stack gap="4">
        {DECLARATION_TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`declaration-${field}`}
            name={`declaration-${field}`}
            type={field === 'contacto_telefono' ? 'tel' : 'text'}
            autoComplete={field === 'contacto_telefono' ? 'tel' : 'name'}
            label={t(`declaration.fields.${field}`)}
            hint={field === 'contacto_telefono' ? t('declaration.phoneHint') : undefined}
            value={store.form.values[field]}
            onValue={(value) => store.setText(field, value)}
            error={store.form.fieldError(field)}
            required
          />
        ))}
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" mb="2">
            {t('declaration.statements')}
          </Fieldset.Legend>
          <Stack gap="3">
            {DECLARATION_CHECKS.map((field) => {
              const error = store.form.fieldError(field);
              return (
                <Box key={field}>
                  <Checkbox.Root
                    ids={{ hiddenInput: `declaration-${field}` }}
                    checked={store.form.values[field]}
                    onCheckedChange={(details) => store.setCheck(field, details.checked === true)}
                    colorPalette="brand"
                    invalid={Boolean(error)}
                    alignItems="start"
                  >
                    <Checkbox.HiddenInput name={`declaration-${field}`} aria-describedby={error ? `declaration-${field}-error` : undefined} aria-required="true" />
                    <Checkbox.Control borderColor="border.control" mt="0.5" />
                    <Checkbox.Label>{t(`declaration.fields.${field}`)}</Checkbox.Label>
                  </Checkbox.Root>
                  {error && (
                    <Text id={`declaration-${field}-error`} textStyle="sm" color="fg.error" fontWeight="medium" mt="1">
                      {messageText(tv, error)}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        </Fieldset.Root>
        <ProblemAlert ref={alertRef} id="declaration-problem" problem={store.problem} />
        <Button type="submit" colorPalette="brand" size="lg" alignSelf="start" loading={store.form.sending} loadingText={t('declaration.saving')}>
          {t('declaration.submit')}
        </Button>
      </Stack>
    </chakra.form>
  );
});

const Registered = observer(function Registered({ store }: { store: DeclarationStore }) {
  const { t, i18n } = useTranslation('booking');
  const declaration = store.view!.declaracion!;
  const lang = i18n.language;
  const heading = useRef<HTMLHeadingElement>(null);
  // Registered in this visit: the focus moves from the form this replaces to what was registered.
  const savedNow = store.saved;
  useEffect(() => {
    if (savedNow) heading.current?.focus();
  }, [savedNow]);
  return (
    <Box as="section" aria-labelledby="declaration-saved" borderWidth="1px" rounded="lg" p="5">
      <Heading ref={heading} as="h2" id="declaration-saved" size="md" mb="2" tabIndex={-1}>
        {t('declaration.registered', { date: limaDate(declaration.registrada, lang), time: limaTime(declaration.registrada, lang) })}
      </Heading>
      {store.saved && (
        <Text role="status" mb="2">
          {t('declaration.savedNow')}
        </Text>
      )}
      <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" textStyle="sm">
        <chakra.dt fontWeight="semibold">{t('declaration.fields.contacto_nombre')}</chakra.dt>
        <chakra.dd>{declaration.contacto_nombre}</chakra.dd>
        <chakra.dt fontWeight="semibold">{t('declaration.fields.contacto_telefono')}</chakra.dt>
        <chakra.dd>{declaration.contacto_telefono}</chakra.dd>
      </chakra.dl>
      <List.Root ps="5" mt="2" textStyle="sm">
        {DECLARATION_CHECKS.map((field) => (
          <List.Item key={field}>{t(`declaration.fields.${field}`)}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
});

/** `/pasajes/declaracion/{numero}`: the passenger's sworn declaration, filled once before boarding. */
export const DeclarationPage = observer(function DeclarationPage({ store: given }: { store?: DeclarationStore }) {
  const { t } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const { numero = '' } = useParams();
  const [store] = useState(() => given ?? new DeclarationStore(numero));
  useEffect(() => {
    void store.load();
  }, [store]);
  const view = store.view;
  return (
    <Container maxW="3xl" py="6">
      <PageTitle title={t('declaration.title')} lead={t('declaration.intro')} size="xl" mb="4" />
      <TicketLoadState store={store} path={`/pasajes/declaracion/${store.numero}`} />
      {store.state === 'ready' && view && (
        <Stack gap="5">
          <List.Root listStyleType="none" ps="0" aria-label={t('aftersale.ticketLabel')}>
            <TicketCard ticket={view.boleto} />
          </List.Root>
          {view.declaracion ? (
            <Registered store={store} />
          ) : view.abierta ? (
            <DeclarationForm store={store} />
          ) : (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{tv(view.motivo ?? 'declaration.tooLate')}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
    </Container>
  );
});
