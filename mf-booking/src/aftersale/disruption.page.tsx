import { messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, Container, Heading, List, PageTitle, Skeleton, Stack, Text } from '@rumbo/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { formatCentimos, limaDate, limaTime } from '../format';
import { ProblemAlert } from '../problem-alert';
import { TicketCard } from '../reservation/ticket-card';
import { DisruptionStore } from './disruption.store';

const Chosen = observer(function Chosen({ store }: { store: DisruptionStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const choice = store.view!.eleccion!;
  const heading = useRef<HTMLHeadingElement>(null);
  const chosenNow = store.chosenNow;
  // Chosen in this visit: the focus moves from the buttons this replaces to what was done.
  useEffect(() => {
    if (chosenNow) heading.current?.focus();
  }, [chosenNow]);
  const text = t(`disruption.chosen.${choice.tipo}`, {
    numero: choice.boleto_nuevo?.numero ?? '',
    monto: formatCentimos(choice.monto_centimos, lang),
    date: choice.credito_vence ? limaDate(choice.credito_vence, lang) : '',
  });
  return (
    <Box as="section" aria-labelledby="disruption-chosen" borderWidth="1px" rounded="lg" p="5">
      <Heading ref={heading} as="h2" id="disruption-chosen" size="md" mb="2" tabIndex={-1}>
        {text}
      </Heading>
      {choice.reembolso && <Text role="status">{t(`disruption.refundState.${choice.reembolso}`)}</Text>}
      {choice.boleto_nuevo && (
        <List.Root listStyleType="none" ps="0" mt="3" aria-label={t('aftersale.ticketLabel')}>
          <TicketCard ticket={choice.boleto_nuevo} />
        </List.Root>
      )}
    </Box>
  );
});

const Choices = observer(function Choices({ store }: { store: DisruptionStore }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const view = store.view!;
  const credit = view.reembolso_centimos + Math.round((view.reembolso_centimos * view.bono_credito_pct) / 100);
  return (
    <Stack gap="5">
      <Text>{t('disruption.rightUntil', { date: limaDate(view.hasta, lang) })}</Text>
      <ProblemAlert id="disruption-problem" problem={store.problem} />
      {store.sending && <Text role="status">{t('disruption.sending')}</Text>}
      <Box as="section" aria-labelledby="disruption-rebook" borderWidth="1px" rounded="lg" p="5">
        <Heading as="h2" id="disruption-rebook" size="md" mb="1">
          {t('disruption.rebookTitle')}
        </Heading>
        <Text textStyle="sm" mb="3">
          {t('disruption.rebookIntro')}
        </Text>
        {view.viajes.length === 0 ? (
          <Text>{t('disruption.noTrips')}</Text>
        ) : (
          <List.Root listStyleType="none" ps="0" gap="2">
            {view.viajes.map((trip) => (
              <List.Item key={trip.cviaje}>
                <Button
                  variant="outline"
                  colorPalette="brand"
                  width="full"
                  justifyContent="start"
                  disabled={store.sending}
                  onClick={() => void store.rebook(trip.cviaje)}
                >
                  {t('disruption.rebookTrip', { date: limaDate(trip.fecha_salida, lang), time: limaTime(trip.fecha_salida, lang), servicio: trip.servicio, libres: trip.asientos_libres })}
                </Button>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <Box as="section" aria-labelledby="disruption-refund" borderWidth="1px" rounded="lg" p="5">
        <Heading as="h2" id="disruption-refund" size="md" mb="3">
          {t('disruption.refundTitle')}
        </Heading>
        {view.reembolso_por_api === false && (
          <Text mb="3" data-testid="refund-manual">
            {t('disruption.refundManual')}
          </Text>
        )}
        <Stack gap="2" align="start">
          <Button colorPalette="brand" disabled={store.sending} onClick={() => void store.refund('original')}>
            {t('disruption.refundOriginal', { monto: formatCentimos(view.reembolso_centimos, lang) })}
          </Button>
          <Button variant="outline" colorPalette="brand" disabled={store.sending} onClick={() => void store.refund('credito')}>
            {t('disruption.refundCredit', { monto: formatCentimos(credit, lang), bono: view.bono_credito_pct })}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
});

/** `/pasajes/incidencia/{numero}?t=…`: what changed on the ticket's trip and, with the right, rebook or refund in one tap. */
export const DisruptionPage = observer(function DisruptionPage({ store: given }: { store?: DisruptionStore }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const lang = i18n.language;
  const { numero = '' } = useParams();
  const [search] = useSearchParams();
  const [store] = useState(() => given ?? new DisruptionStore(numero, search.get('t') ?? ''));
  useEffect(() => {
    void store.load();
  }, [store]);
  const view = store.view;
  return (
    <Container maxW="3xl" py="6">
      <PageTitle title={t('disruption.title')} lead={t('disruption.intro')} size="xl" mb="4" />
      {store.state === 'loading' && (
        <Box aria-busy="true">
          <Text role="status">{t('aftersale.loading')}</Text>
          <Skeleton height="48" />
        </Box>
      )}
      {store.state === 'noLink' && (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('disruption.noLink')}</Alert.Title>
        </Alert.Root>
      )}
      {store.state === 'refused' && store.problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{messageText(tv, store.problem)}</Alert.Title>
        </Alert.Root>
      )}
      {store.state === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('aftersale.failed')}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void store.load()}>
            {t('seats.retry')}
          </Button>
        </Alert.Root>
      )}
      {store.state === 'ready' && view && (
        <Stack gap="5">
          <Alert.Root status={view.incidencia.tipo === 'cancelacion' ? 'error' : 'warning'}>
            <Alert.Indicator />
            <Box>
              <Alert.Title>
                {view.incidencia.tipo === 'cancelacion'
                  ? t('disruption.cancelled', { motivo: view.incidencia.motivo })
                  : t('disruption.delayed', { minutos: view.incidencia.minutos, motivo: view.incidencia.motivo })}
              </Alert.Title>
              {view.incidencia.tipo === 'retraso' && (
                <Alert.Description>{t('disruption.newTime', { date: limaDate(view.incidencia.salida, lang), time: limaTime(view.incidencia.salida, lang) })}</Alert.Description>
              )}
            </Box>
          </Alert.Root>
          <List.Root listStyleType="none" ps="0" aria-label={t('aftersale.ticketLabel')}>
            <TicketCard ticket={view.boleto} />
          </List.Root>
          {view.eleccion ? <Chosen store={store} /> : view.derecho && view.boleto.estado === 'emitido' ? <Choices store={store} /> : <Text>{t('disruption.noRight')}</Text>}
        </Stack>
      )}
    </Container>
  );
});
