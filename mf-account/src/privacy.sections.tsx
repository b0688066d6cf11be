import { limaDateTime, CONSENT_CHANNELS, MARKETING_PURPOSES, type ConsentChannel, type ConsentPurpose } from '@rumbo/shared/schemas';
import { messageText, useTranslation } from '@rumbo/shared';
import { Button, FramedSection, Skeleton, Stack, Table, Text } from '@rumbo/shared/ui';
import { Checkbox, Fieldset } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CloseAccountStore, ConsentsStore, MyDataStore } from './privacy.store';
import { WhatsAppPhoneBox } from './whatsapp-phone';

// The dialog and Chakra's overlays load only when the customer asks to close the account.
const CloseAccountDialog = lazy(() => import('./close-account.dialog'));

const when = (iso: string, language: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : limaDateTime(date, language);
};

/** One consent: a labelled checkbox, unticked until the customer ticks it; unticking withdraws it at once. */
const ConsentSwitch = observer(function ConsentSwitch({ store, canal, finalidad }: { store: ConsentsStore; canal: ConsentChannel; finalidad: ConsentPurpose }) {
  const { t } = useTranslation('account');
  const id = `consent-${finalidad}-${canal}`;
  return (
    <Checkbox.Root
      id={id}
      checked={store.isTicked(canal, finalidad)}
      disabled={store.saving?.key === `${canal}:${finalidad}`}
      onCheckedChange={(details) => void store.set(canal, finalidad, details.checked === true)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput name={id} />
      <Checkbox.Control borderColor="border.control" />
      <Checkbox.Label>{t(`consent.channels.${canal}`)}</Checkbox.Label>
    </Checkbox.Root>
  );
});

/** `/micuenta/comunicaciones` (issue 47): marketing consents per purpose and channel, the service messages' note, the history. */
export const CommunicationsSection = observer(function CommunicationsSection() {
  const { t, i18n } = useTranslation('account');
  const [store] = useState(() => new ConsentsStore());
  useEffect(() => {
    void store.load();
  }, [store]);

  const result = store.result;
  const status = !result
    ? ''
    : result.ok
      ? t(result.otorgado ? 'consent.given' : 'consent.withdrawn', { purpose: t(`consent.purposes.${result.finalidad}.title`), channel: t(`consent.channels.${result.canal}`) })
      : messageText(t, result.message);

  if (store.state === 'loading') return <Skeleton height="320px" />;
  if (store.state === 'failed' || !store.consents) {
    return (
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
        <Text role="status">{t('consent.failed')}</Text>
        <Button type="button" size="sm" variant="outline" onClick={() => void store.load()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const lang = i18n.language;
  const { historial, version } = store.consents;
  return (
    <Stack gap="5">
      <FramedSection titleId="consent-service" title={t('consent.serviceTitle')} level="h3">
        <Stack gap="3">
          <Text data-testid="consent-service-note">{t('consent.service')}</Text>
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold">{t('consent.purposes.servicio.title')}</Fieldset.Legend>
            <Fieldset.HelperText>{t('consent.purposes.servicio.text')}</Fieldset.HelperText>
            <Fieldset.Content>
              <ConsentSwitch store={store} canal="whatsapp" finalidad="servicio" />
            </Fieldset.Content>
          </Fieldset.Root>
          <WhatsAppPhoneBox />
        </Stack>
      </FramedSection>
      <FramedSection titleId="consent-marketing" title={t('consent.marketingTitle')} level="h3">
        <Stack gap="5">
          <Text>{t('consent.intro')}</Text>
          {MARKETING_PURPOSES.map((finalidad) => (
            <Fieldset.Root key={finalidad}>
              <Fieldset.Legend fontWeight="semibold">{t(`consent.purposes.${finalidad}.title`)}</Fieldset.Legend>
              <Fieldset.HelperText>{t(`consent.purposes.${finalidad}.text`)}</Fieldset.HelperText>
              <Fieldset.Content>
                <Stack gap="2">
                  {CONSENT_CHANNELS.map((canal) => (
                    <ConsentSwitch key={canal} store={store} canal={canal} finalidad={finalidad} />
                  ))}
                </Stack>
              </Fieldset.Content>
            </Fieldset.Root>
          ))}
          <Text textStyle="xs" color="fg.muted">
            {t('consent.version', { version })}
          </Text>
          <Text role="status" aria-live="polite" data-testid="consent-result" color={result && !result.ok ? 'fg.error' : undefined} minH="1lh">
            {status}
          </Text>
        </Stack>
      </FramedSection>
      <FramedSection titleId="consent-history" title={t('consent.history')} level="h3">
        {historial.length === 0 ? (
          <Text>{t('consent.none')}</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="consent-history">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('consent.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('consent.purpose')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('consent.channel')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('consent.action')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('consent.origin')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('consent.textVersion')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {historial.map((row, i) => (
                  <Table.Row key={`${row.fecha}-${i}`}>
                    <Table.Cell>{when(row.fecha, lang)}</Table.Cell>
                    <Table.Cell>{t(`consent.purposes.${row.finalidad}.title`)}</Table.Cell>
                    <Table.Cell>{t(`consent.channels.${row.canal}`)}</Table.Cell>
                    <Table.Cell>{t(row.otorgado ? 'consent.granted' : 'consent.revoked')}</Table.Cell>
                    <Table.Cell>{t(`consent.origins.${row.origen}`)}</Table.Cell>
                    <Table.Cell>{row.version}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </FramedSection>
    </Stack>
  );
});

/** `/micuenta/datos` (issue 47): download one's data, close the account. */
export const MyDataSection = observer(function MyDataSection({ download: givenDownload, onClosed }: { download?: MyDataStore; onClosed: () => void }) {
  const { t } = useTranslation('account');
  const [download] = useState(() => givenDownload ?? new MyDataStore());
  const [close] = useState(() => new CloseAccountStore({ onClosed }));
  const closeButton = useRef<HTMLButtonElement>(null);
  const status = download.state === 'done' ? t('myData.downloaded') : download.state === 'failed' ? t('myData.downloadFailed') : '';
  return (
    <Stack gap="5">
      <FramedSection titleId="data-download" title={t('myData.downloadTitle')} level="h3">
        <Stack gap="3">
          <Text>{t('myData.downloadText')}</Text>
          <Button type="button" colorPalette="brand" alignSelf="start" loading={download.state === 'loading'} onClick={() => void download.download()}>
            {t('myData.download')}
          </Button>
          <Text role="status" aria-live="polite" data-testid="download-result" minH="1lh">
            {status}
          </Text>
        </Stack>
      </FramedSection>
      <FramedSection titleId="data-close" title={t('myData.closeTitle')} level="h3">
        <Stack gap="3">
          <Text>{t('myData.closeText')}</Text>
          <Button ref={closeButton} type="button" colorPalette="red" variant="outline" alignSelf="start" onClick={() => close.setOpen(true)}>
            {t('myData.close')}
          </Button>
          {close.open && (
            <Suspense fallback={null}>
              <CloseAccountDialog store={close} returnFocus={() => closeButton.current} />
            </Suspense>
          )}
        </Stack>
      </FramedSection>
    </Stack>
  );
});
