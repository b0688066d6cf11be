import { useTranslation } from '@rumbo/shared';
import { DOCUMENT_TYPE, GENDERS, limaToday } from '@rumbo/shared/schemas';
import { Alert, Box, Button, chakra, Container, Heading, HStack, List, PageTitle, SimpleGrid, Stack, Text } from '@rumbo/shared/ui';
import { SelectField, TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatCentimos, limaDate, limaTime } from '../format';
import type { PassengerField } from '../payment/passenger.form';
import { ProblemAlert } from '../problem-alert';
import { TicketCard } from '../reservation/ticket-card';
import { ChangesStore } from './changes.store';
import { TicketLoadState } from './ticket-load-state';


const CancelSection = observer(function CancelSection({ store }: { store: ChangesStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const view = store.view!;
  const until = { date: limaDate(view.anulable_hasta, lang), time: limaTime(view.anulable_hasta, lang) };
  const amounts = {
    reembolso: formatCentimos(view.reembolso_centimos, lang),
    cargo: formatCentimos(view.cargo_centimos, lang),
    credito: formatCentimos(view.credito_centimos, lang),
    meses: view.credito_meses,
  };
  return (
    <Box as="section" aria-labelledby="changes-cancel" borderWidth="1px" rounded="lg" p="5">
      <Heading as="h2" id="changes-cancel" size="md" mb="1">
        {t('changes.cancelTitle')}
      </Heading>
      {!view.anulable ? (
        <Text>{t('changes.cancelClosed', until)}</Text>
      ) : store.pendingCancel ? (
        <Stack gap="3" role="group" aria-labelledby="changes-confirm">
          <Text id="changes-confirm" fontWeight="semibold">
            {store.pendingCancel === 'original' ? t('changes.confirmRefund', amounts) : t('changes.confirmCredit', amounts)}
          </Text>
          {store.pendingCancel === 'original' && view.reembolso_por_api === false && (
            <Text data-testid="refund-manual">{t('changes.refundManual')}</Text>
          )}
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="red" loading={store.form.sending} onClick={() => void store.confirmCancel()}>
              {t('changes.confirm')}
            </Button>
            <Button variant="outline" onClick={() => store.askCancel(null)}>
              {t('changes.back')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="3" align="start">
          <Text textStyle="sm">{t('changes.cancelUntil', until)}</Text>
          <Button variant="outline" colorPalette="brand" onClick={() => store.askCancel('original')}>
            {t('changes.cancelRefund', amounts)}
          </Button>
          <Button variant="outline" colorPalette="brand" onClick={() => store.askCancel('credito')}>
            {t('changes.cancelCredit', amounts)}
          </Button>
        </Stack>
      )}
    </Box>
  );
});

const TransferSection = observer(function TransferSection({ store }: { store: ChangesStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const view = store.view!;
  const form = store.passenger;
  const id = (field: string) => `transfer-${field}`;
  const text = (field: PassengerField, extra: Record<string, unknown> = {}) => (
    <TextField id={id(field)} name={id(field)} label={t(`payment.fields.${field}`)} value={form.values[field]} onValue={(value) => form.set(field, value)} error={form.fieldError(field)} required {...extra} />
  );
  const until = { date: limaDate(view.transferible_hasta, lang), time: limaTime(view.transferible_hasta, lang) };
  return (
    <Box as="section" aria-labelledby="changes-transfer" borderWidth="1px" rounded="lg" p="5">
      <Heading as="h2" id="changes-transfer" size="md" mb="1">
        {t('changes.transferTitle')}
      </Heading>
      {!view.transferible ? (
        <Text>{view.motivo === 'change.minor' ? t('changes.transferMinor') : t('changes.transferClosed', until)}</Text>
      ) : (
        <chakra.form
          noValidate
          aria-labelledby="changes-transfer"
          onSubmit={(event) => {
            event.preventDefault();
            void store.transfer();
          }}
        >
          <Text textStyle="sm" mb="3">
            {t('changes.transferIntro', until)}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              id={id('ctipo_documento')}
              required
              label={t('payment.fields.ctipo_documento')}
              value={form.values.ctipo_documento}
              onValue={(value) => form.set('ctipo_documento', value)}
              error={form.fieldError('ctipo_documento')}
              options={Object.values(DOCUMENT_TYPE).map((code) => ({ value: String(code), label: t(`payment.documents.${code}`) }))}
            />
            {text('numero', { autoComplete: 'off' })}
            {text('nombres', { autoComplete: 'off' })}
            {text('paterno', { autoComplete: 'off' })}
            {text('materno', { autoComplete: 'off' })}
            {text('email', { type: 'email', autoComplete: 'off' })}
            {text('celular', { type: 'tel', inputMode: 'numeric', maxLength: 9, autoComplete: 'off', hint: t('payment.hints.celular') })}
            <SelectField
              id={id('genero')}
              required
              label={t('payment.fields.genero')}
              value={form.values.genero}
              onValue={(value) => form.set('genero', value)}
              error={form.fieldError('genero')}
              placeholder={t('payment.choose')}
              options={GENDERS.map((gender) => ({ value: gender, label: t(`payment.genders.${gender}`) }))}
            />
            {text('nacimiento', { type: 'date', min: '1900-01-01', max: limaToday() })}
          </SimpleGrid>
          <Button type="submit" mt="4" colorPalette="brand" loading={store.form.sending}>
            {t('changes.transferSubmit')}
          </Button>
        </chakra.form>
      )}
    </Box>
  );
});

const Done = observer(function Done({ store }: { store: ChangesStore }) {
  const { t, i18n } = useTranslation('booking');
  const heading = useRef<HTMLHeadingElement>(null);
  const done = store.done!;
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box as="section" aria-labelledby="changes-done" borderWidth="1px" rounded="lg" p="5">
      <Heading ref={heading} as="h2" id="changes-done" size="md" mb="2" tabIndex={-1}>
        {done.tipo === 'transferencia'
          ? t('changes.transferred', { numero: done.boleto_nuevo?.numero ?? '' })
          : t('changes.cancelled', { monto: formatCentimos(done.monto_centimos, i18n.language) })}
      </Heading>
      {done.boleto_nuevo && (
        <List.Root listStyleType="none" ps="0" aria-label={t('aftersale.ticketLabel')}>
          <TicketCard ticket={done.boleto_nuevo} />
        </List.Root>
      )}
    </Box>
  );
});

/** `/pasajes/cambios/{numero}`: cancel or transfer a ticket alone, with the limits and amounts shown before confirming. */
export const ChangesPage = observer(function ChangesPage({ store: given }: { store?: ChangesStore }) {
  const { t } = useTranslation('booking');
  const { numero = '' } = useParams();
  const [store] = useState(() => given ?? new ChangesStore(numero));
  useEffect(() => {
    void store.load();
  }, [store]);
  const view = store.view;
  return (
    <Container maxW="3xl" py="6">
      <PageTitle title={t('changes.title')} lead={t('changes.intro')} size="xl" mb="4" />
      <TicketLoadState store={store} path={`/pasajes/cambios/${store.numero}`} />
      {store.state === 'ready' && view && (
        <Stack gap="5">
          {store.done && <Done store={store} />}
          <List.Root listStyleType="none" ps="0" aria-label={t('aftersale.ticketLabel')}>
            <TicketCard ticket={view.boleto} />
          </List.Root>
          <ProblemAlert id="changes-problem" problem={store.problem} />
          {view.motivo === 'change.disrupted' || view.motivo === 'change.notValid' ? (
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Title>{t(view.motivo === 'change.disrupted' ? 'changes.disrupted' : 'changes.notValid')}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <CancelSection store={store} />
              <TransferSection store={store} />
            </>
          )}
        </Stack>
      )}
    </Container>
  );
});
