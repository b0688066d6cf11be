import { useTranslation } from '@rumbo/shared';
import { deckNumber, limaDateTime, type Ticket } from '@rumbo/shared/schemas';
import { chakra, Flex, TicketQr } from '@rumbo/shared/ui';

/**
 * Issue 36: an upcoming ticket's boarding QR with where and when to board, folded under its row of
 * Mis viajes (a summary the customer opens). It comes with the trips, which the service worker keeps
 * for the signed-in customer: at the boarding queue with no signal, Mi cuenta still shows it.
 */
export function BoardingPass({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation('account');
  const lang = i18n.language;
  const name = [ticket.pasajero.nombres, ticket.pasajero.paterno, ticket.pasajero.materno].join(' ');
  return (
    <chakra.details data-testid="boarding-pass">
      <chakra.summary cursor="pointer" color="brand.fg" fontWeight="semibold" textDecoration="underline">
        {t('trips.pass.show', { code: ticket.numero })}
      </chakra.summary>
      <Flex gap="3" mt="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        <TicketQr text={ticket.qr} label={t('trips.pass.qr', { code: ticket.numero })} />
        <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" textStyle="sm">
          <chakra.dt fontWeight="semibold">{t('trips.pass.passenger')}</chakra.dt>
          <chakra.dd>{name}</chakra.dd>
          <chakra.dt fontWeight="semibold">{t('trips.pass.boarding')}</chakra.dt>
          <chakra.dd>
            {ticket.terminal_origen}
            {ticket.direccion_origen && `, ${ticket.direccion_origen}`} ({ticket.origen})
          </chakra.dd>
          {ticket.embarque && (
            <>
              <chakra.dt fontWeight="semibold">{t('trips.pass.boardingTime')}</chakra.dt>
              <chakra.dd data-testid="boarding-time">{limaDateTime(new Date(ticket.embarque), lang)}</chakra.dd>
            </>
          )}
          <chakra.dt fontWeight="semibold">{t('trips.seat')}</chakra.dt>
          <chakra.dd>{t('trips.pass.seatValue', { n: ticket.nasiento, piso: deckNumber(ticket.gnivel_piso) })}</chakra.dd>
          {ticket.comprobante && (
            <>
              <chakra.dt fontWeight="semibold">{t('trips.pass.voucher')}</chakra.dt>
              <chakra.dd>{ticket.comprobante}</chakra.dd>
            </>
          )}
        </chakra.dl>
      </Flex>
    </chakra.details>
  );
}
