import { Alert, Button, Card, Container, Field, Heading, PageTitle, SimpleGrid, Stack, Text, TitledText } from '@rumbo/shared/ui';
import { Textarea, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { CompanyStore, type CompanyField } from './company.store';
import { messageText, useFormSubmit, useTranslation } from '@rumbo/shared';

interface Service {
  title: string;
  body: string;
}

const CompanyForm = observer(function CompanyForm() {
  const { t } = useTranslation('content');
  const [store] = useState(() => new CompanyStore());
  const { formRef, alertRef, onSubmit } = useFormSubmit(() => store.submit());
  const field = (name: Exclude<CompanyField, 'mensaje'>, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`company-${name}`}
      name={name}
      label={t(`corporate.form.${name}`)}
      value={store.form.values[name]}
      onValue={(value) => store.set(name, value)}
      error={store.form.fieldError(name)}
      required
      {...extra}
    />
  );

  if (store.receipt) {
    return (
      <Alert.Root status="success" role="status" data-testid="company-sent">
        <Alert.Indicator />
        <Alert.Title>{t('corporate.form.sent', { ...store.receipt })}</Alert.Title>
      </Alert.Root>
    );
  }
  const mensajeError = store.form.fieldError('mensaje');
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="company-form-title">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('ruc', {
          inputMode: 'numeric',
          maxLength: 11,
          hint: store.lookingUp ? t('corporate.form.lookingUp') : store.found ? t('corporate.form.found') : t('corporate.form.rucHint'),
        })}
        {field('razon_social', { autoComplete: 'organization' })}
        {field('contacto', { autoComplete: 'name' })}
        {field('correo', { type: 'email', autoComplete: 'email' })}
        {field('telefono', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        <Field.Root invalid={Boolean(mensajeError)} ids={{ control: 'company-mensaje', errorText: 'company-mensaje-error' }} gridColumn={{ md: 'span 2' }}>
          <Field.Label>{t('corporate.form.mensaje')}</Field.Label>
          <Textarea
            name="mensaje"
            rows={4}
            value={store.form.values.mensaje}
            onChange={(e) => store.set('mensaje', e.target.value)}
            aria-describedby={mensajeError ? 'company-mensaje-error' : undefined}
            borderColor="border.control"
          />
          {mensajeError && <Field.ErrorText color="fg.error">{messageText(t, mensajeError)}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
      {store.form.problem && (
        <Alert.Root ref={alertRef} tabIndex={-1} status="error" role="alert" mt="4">
          <Alert.Indicator />
          <Alert.Title>{messageText(t, store.form.problem)}</Alert.Title>
        </Alert.Root>
      )}
      <Button type="submit" colorPalette="brand" mt="4" loading={store.form.sending}>
        {t('corporate.form.submit')}
      </Button>
    </form>
  );
});

/** `/corporativo`: corporate services and the request form for companies. */
export default function CorporatePage() {
  const { t } = useTranslation('content');
  const services = t('corporate.services', { returnObjects: true }) as unknown as Service[];
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <PageTitle title={t('corporate.title')} lead={t('corporate.lead')} leadSize="lg" />
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {services.map((service) => (
            <TitledText as="li" key={service.title} borderWidth="1px" rounded="lg" p="4" title={service.title} textProps={{ fontSize: 'sm' }}>
              {service.body}
            </TitledText>
          ))}
        </SimpleGrid>
        <Card.Root as="section" aria-labelledby="company-form-title" variant="outline">
          <Card.Body>
            <Heading as="h2" id="company-form-title" size="lg" mb="1">
              {t('corporate.form.title')}
            </Heading>
            <Text mb="4">{t('corporate.form.lead')}</Text>
            <CompanyForm />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
