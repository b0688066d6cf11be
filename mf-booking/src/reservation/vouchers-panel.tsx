import { messageText, useTranslation } from '@rumbo/shared';
import { Alert, Box, Button, chakra, Heading, HStack, List, Stack, Text } from '@rumbo/shared/ui';
import { TextField } from '@rumbo/shared/ui/forms';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { formatCentimos } from '../format';
import { VouchersStore, type VouchersDeps } from './vouchers.store';

/** How often the list is asked again while a voucher is being issued (issue 44). */
const ISSUING_REFRESH_MS = 2_000;

/**
 * Issue 34: the purchase's electronic vouchers (boleta or factura, credit notes) on the paid
 * reservation page: each with its SUNAT state, the printed copy (PDF) and the XML to download,
 * and a factura in place of the boleta while the rules allow it.
 */
export const VouchersPanel = observer(function VouchersPanel({ codigo, deps }: { codigo: string; deps: VouchersDeps }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('validation');
  const [store] = useState(() => new VouchersStore(codigo, deps));
  useEffect(() => {
    void store.load();
  }, [store]);
  const list = store.list;
  const issuing = store.issuing;
  useEffect(() => {
    if (!issuing) return undefined;
    // Issue 44: asked again until the outbox has signed it (seconds after the sale).
    const timer = setTimeout(() => void store.load(), ISSUING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [store, issuing, list]);
  if (!list || list.comprobantes.length === 0) return null;
  const until = list.factura_hasta;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.askFactura();
  };
  const ruc = store.factura.bind('ruc');
  const razon = store.factura.bind('razon_social');
  return (
    <Box as="section" aria-labelledby="vouchers-title" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" id="vouchers-title" size="md" mb="3">
        {t('reservation.vouchers.title')}
      </Heading>
      <List.Root listStyleType="none" ps="0" gap="1" data-testid="vouchers">
        {list.comprobantes.map((voucher) => (
          <List.Item key={voucher.numero} data-testid="voucher">
            <Text>
              {t('reservation.vouchers.item', {
                type: t(`reservation.vouchers.types.${voucher.tipo}`),
                numero: voucher.numero,
                amount: formatCentimos(voucher.total_centimos, i18n.language),
                state: t(`reservation.vouchers.states.${voucher.vigencia === 'anulado' ? 'anulado' : voucher.estado}`),
              })}
            </Text>
          </List.Item>
        ))}
      </List.Root>
      <HStack gap="3" flexWrap="wrap" mt="3">
        <Button variant="outline" onClick={() => void store.save('pdf')} loading={store.download.sending} disabled={store.nothingSigned}>
          {t('reservation.vouchers.pdf')}
        </Button>
        <Button variant="outline" onClick={() => void store.save('xml')} disabled={!store.current || store.current.estado === 'emitiendo'}>
          {t('reservation.vouchers.xml')}
        </Button>
        {store.downloadError && (
          <Text role="alert" color="fg.error">
            {messageText(tv, store.downloadError)}
          </Text>
        )}
      </HStack>
      {store.issued && (
        <Alert.Root status="success" role="status" mt="3">
          <Alert.Indicator />
          <Alert.Title>{t('reservation.vouchers.facturaIssued', { numero: store.current?.numero ?? '' })}</Alert.Title>
        </Alert.Root>
      )}
      {until && (
        <chakra.form onSubmit={submit} noValidate aria-labelledby="factura-title" mt="4">
          <Heading as="h3" id="factura-title" size="sm" mb="1">
            {t('reservation.vouchers.facturaTitle')}
          </Heading>
          <Text mb="2" fontSize="sm">
            {t('reservation.vouchers.facturaHelp', { until: new Date(until).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Lima' }) })}
          </Text>
          <Stack gap="2" maxW="28rem">
            <TextField id="factura-ruc" label={t('reservation.vouchers.ruc')} inputMode="numeric" maxLength={11} required {...ruc} />
            <TextField id="factura-razon" label={t('reservation.vouchers.razon')} required {...razon} />
            {store.factura.problem && (
              <Text role="alert" color="fg.error">
                {messageText(tv, store.factura.problem)}
              </Text>
            )}
            <Box>
              <Button type="submit" colorPalette="brand" loading={store.factura.sending}>
                {t('reservation.vouchers.facturaSubmit')}
              </Button>
            </Box>
          </Stack>
        </chakra.form>
      )}
    </Box>
  );
});
