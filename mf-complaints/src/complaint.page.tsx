import { answerIn, session, useRouteData, useTranslation } from '@rumbo/shared';
import { OPERATOR, toLanguage } from '@rumbo/shared/schemas';
import { Box, Container, Heading, Stack, Text } from '@rumbo/shared/ui';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ComplaintForm } from './complaint-form';
import { DefinitionRows } from './definition-rows';
import { ComplaintStore } from './complaint.store';
import type { ComplaintsData } from './complaints.resource';
import { Receipt } from './receipt';

/**
 * The operator's legal data and the filing date, as the law asks the sheet to show them. The
 * legal identity is built in (shared's one source of truth): it shows whatever the API answers.
 */
const ProviderDetails = observer(function ProviderDetails({ store }: { store: ComplaintStore }) {
  const { t } = useTranslation('complaints');
  const rows: [label: string, value: ReactNode][] = [
    [t('provider.razonSocial'), OPERATOR.razon_social],
    [t('provider.ruc'), OPERATOR.ruc],
    [t('provider.direccion'), OPERATOR.direccion],
    // Today's date, rendered at request time by the server as by the browser (the same day).
    [
      t('provider.fecha'),
      <Box as="span" display="inline-block" minW="10ch" suppressHydrationWarning>
        {store.form.values.fecha_actual}
      </Box>,
    ],
  ];
  return (
    <Box as="section" aria-labelledby="complaint-provider-title" bg="bg.subtle" rounded="lg" p={{ base: 4, md: 6 }}>
      <Heading as="h2" id="complaint-provider-title" size="md" mb="4">
        {t('provider.heading')}
      </Heading>
      <DefinitionRows rows={rows} />
    </Box>
  );
});

/** `/libro_reclamaciones`: the virtual complaints book (spec §3, §5; DECISIONS.md, Complaints book). */
export const ComplaintPage = observer(function ComplaintPage({ store: given }: { store?: ComplaintStore }) {
  const { t, i18n } = useTranslation('complaints');
  // The destination cities in the HTML (the loader's): a tap on the select before the code opens every city.
  const rendered = useRouteData<ComplaintsData>();
  const [store] = useState(() => given ?? new ComplaintStore({ cities: answerIn(rendered, i18n.language) }));
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  // The session may load the customer after the page mounts (or sign out while it is open).
  useEffect(() => reaction(() => session.customer, (customer) => store.applyCustomer(customer), { fireImmediately: true }), [store]);

  const another = () => {
    store.reset();
    heading.current?.focus();
  };

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <Heading as="h1" ref={heading} tabIndex={-1} size={{ base: '2xl', md: '3xl' }}>
          {t('title')}
        </Heading>
        <Text>{t('intro')}</Text>
        <ProviderDetails store={store} />
        <Stack gap="2" as="ul" listStyleType="disc" ps="5">
          <li>{t('notes.deadline')}</li>
          <li>{t('notes.copy')}</li>
        </Stack>
        {store.receipt ? (
          <Receipt receipt={store.receipt} correo={store.form.values.correo.trim()} language={toLanguage(i18n.resolvedLanguage ?? i18n.language)} onAnother={another} />
        ) : (
          <ComplaintForm store={store} />
        )}
        <Text textStyle="sm" color="fg.muted">
          {t('notes.legal')}
        </Text>
      </Stack>
    </Container>
  );
});
