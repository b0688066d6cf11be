import { Alert, Box, Button, Card, Container, Heading, PageTitle, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Timeline } from './timeline';
import { TrackingStore, type TrackingField } from './tracking.store';
import type { Tracking } from './cargo.resource';
import { limaDateTime } from '@rumbo/shared/schemas';
import { messageText, useFormSubmit, useTranslation } from '@rumbo/shared';
import { TextField } from '@rumbo/shared/ui/forms';

function Summary({ tracking }: { tracking: Tracking }) {
  const { t, i18n } = useTranslation('cargo');
  const rows: [string, string][] = [
    [t('tracking.from'), `${tracking.origen.nombre} (${tracking.origen.ciudad})`],
    [t('tracking.to'), `${tracking.destino.nombre} (${tracking.destino.ciudad})`],
    [t('tracking.sender'), tracking.remitente],
    [t('tracking.receiver'), tracking.destinatario],
    [t('tracking.packages'), String(tracking.paquetes)],
    [t('tracking.weight'), t('tracking.weightValue', { peso: tracking.peso_kg.toLocaleString(i18n.language === 'en-EN' ? 'en' : 'es-PE') })],
  ];
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="6" rowGap="2">
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" fontWeight="semibold">
            {label}
          </Text>
          <Text as="dd" m="0" data-testid={`tracking-${label}`}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

const Result = ({ tracking }: { tracking: Tracking }) => {
  const { t, i18n } = useTranslation('cargo');
  return (
    <Card.Root as="section" aria-labelledby="tracking-result" mt="8" variant="outline">
      <Card.Body gap="6">
        <Box>
          <Heading as="h2" id="tracking-result" size="xl">
            {t('tracking.result', { codigo: tracking.codigo })}
          </Heading>
          <Text mt="1">
            {t('tracking.status')}: <strong data-testid="tracking-status">{t(`tracking.states.${tracking.estado}`)}</strong> ·{' '}
            <time dateTime={tracking.registrado}>{limaDateTime(tracking.registrado, i18n.language)}</time>
          </Text>
        </Box>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
          <Box>
            <Summary tracking={tracking} />
            <Text fontSize="sm" color="fg.muted" mt="3">
              {t('tracking.masked')}
            </Text>
          </Box>
          <Box>
            <Heading as="h3" size="md" mb="4">
              {t('tracking.timeline')}
            </Heading>
            <Timeline tracking={tracking} />
          </Box>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
};

/** `/cargo/seguimiento`: a shipment's status and timeline by its code (`?codigo=` fills it in). */
export const TrackingPage = observer(function TrackingPage({ store: given }: { store?: TrackingStore }) {
  const { t } = useTranslation('cargo');
  const [params, setParams] = useSearchParams();
  const [store] = useState(() => given ?? new TrackingStore());

  // A shipment found by its code alone is an address (`?codigo=`): the page loaded again (a
  // language switch, a reload, a link shared) shows it. One that asked for the receiver's document
  // is not: the document stays out of the address.
  const { formRef, alertRef, focus, onSubmit } = useFormSubmit(() =>
    store.search().then((target) => {
      const codigo = store.result && !store.askDocument ? store.result.codigo : undefined;
      if (codigo && params.get('codigo')?.toUpperCase() !== codigo) setParams({ codigo }, { replace: true });
      return target;
    }),
  );

  useEffect(() => {
    const codigo = params.get('codigo');
    // Found already (the address written after a search): not asked again.
    if (codigo && store.result?.codigo === codigo.toUpperCase()) return;
    if (codigo) {
      store.set('codigo', codigo);
      void store.search().then(focus);
    }
  }, [params, store, focus]);

  const field = (name: TrackingField, extra: Record<string, unknown>) => (
    <TextField
      id={`tracking-${name}`}
      label={t(`tracking.${name}`)}
      hint={t(`tracking.${name}Hint`)}
      {...store.form.bind(name)}
      autoComplete="off"
      required
      {...extra}
    />
  );

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <PageTitle title={t('tracking.title')} lead={t('tracking.lead')} mb="6" />
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('tracking.title')}>
        <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }} gap="4" maxW="3xl">
          {field('codigo', { autoCapitalize: 'characters', spellCheck: false })}
          {store.askDocument && field('documento', { inputMode: 'numeric' })}
          <Button type="submit" colorPalette="brand" mt={{ md: '6' }} loading={store.form.sending} loadingText={t('tracking.searching')} flexShrink={0}>
            {t('tracking.submit')}
          </Button>
        </Stack>
      </form>
      {store.form.problem && (
        <Alert.Root ref={alertRef} tabIndex={-1} status="error" mt="6" role="alert">
          <Alert.Indicator />
          <Alert.Title>{messageText(t, store.form.problem) || t('tracking.error')}</Alert.Title>
        </Alert.Root>
      )}
      <Box aria-live="polite">{store.result && <Result tracking={store.result} />}</Box>
    </Container>
  );
});

export default TrackingPage;
