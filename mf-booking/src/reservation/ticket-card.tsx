import { Link as SiteLink, useTranslation } from '@rumbo/shared';
import type { Ticket, TicketWallets } from '@rumbo/shared/schemas';
import { Badge, Box, chakra, ExternalLink, Flex, Heading, HStack, List, TicketQr } from '@rumbo/shared/ui';
import { formatCentimos, limaDate, limaTime } from '../format';
import { deckNumber } from '../seats/seat-grid';

/**
 * An e-ticket: its QR, passenger, trip, seat and price; whether it was postponed (void, with the
 * number of its replacement) and whether its sworn declaration was filled. With `actions`, the
 * after-sale links of a valid ticket: postpone it, fill the declaration. With `wallet`, its
 * Apple Wallet and Google Wallet links, each only where the API offers it (issue 36).
 */
export function TicketCard({ ticket, actions = false, wallet }: { ticket: Ticket; actions?: boolean; wallet?: TicketWallets }) {
  const { t, i18n } = useTranslation('booking');
  const lang = i18n.language;
  const name = [ticket.pasajero.nombres, ticket.pasajero.paterno, ticket.pasajero.materno].join(' ');
  // Postponed, cancelled (refunded or turned into credit) or transferred: void.
  const postponed = ticket.estado !== 'emitido';
  const voidLabel = { postergado: 'aftersale.ticket.postponed', anulado: 'aftersale.ticket.cancelled', transferido: 'aftersale.ticket.transferred', emitido: '' } as const;
  return (
    <List.Item borderWidth="1px" rounded="lg" p="4" data-testid="ticket" data-numero={ticket.numero} opacity={postponed ? 0.85 : 1}>
      <Flex gap="4" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        {!postponed && <TicketQr text={ticket.qr} label={t('reservation.tickets.qr', { numero: ticket.numero })} />}
        <Box>
          <Heading as="h3" size="sm" mb="1">
            {t('reservation.tickets.number', { numero: ticket.numero })}
          </Heading>
          {postponed ? (
            <Badge colorPalette="gray" mb="1" data-testid="ticket-state">
              {t(voidLabel[ticket.estado] || 'aftersale.ticket.postponed')}
            </Badge>
          ) : (
            <Badge colorPalette={ticket.declaracion ? 'green' : 'orange'} mb="1" data-testid="ticket-declaration">
              {ticket.declaracion ? t('aftersale.ticket.declared') : t('aftersale.ticket.notDeclared')}
            </Badge>
          )}
          <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" textStyle="sm">
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.passenger')}</chakra.dt>
            <chakra.dd>{name}</chakra.dd>
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.trip')}</chakra.dt>
            <chakra.dd>
              {t(`payment.leg.${ticket.tramo}`)}: {ticket.origen} → {ticket.destino}, {limaDate(ticket.salida, lang)} {limaTime(ticket.salida, lang)}
            </chakra.dd>
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.boarding')}</chakra.dt>
            <chakra.dd>
              {ticket.terminal_origen}
              {ticket.direccion_origen && `, ${ticket.direccion_origen}`} ({ticket.origen})
            </chakra.dd>
            {ticket.embarque && (
              <>
                <chakra.dt fontWeight="semibold">{t('reservation.tickets.boardingTime')}</chakra.dt>
                <chakra.dd data-testid="ticket-boarding-time">
                  {limaDate(ticket.embarque, lang)} {limaTime(ticket.embarque, lang)}
                </chakra.dd>
              </>
            )}
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.alighting')}</chakra.dt>
            <chakra.dd>
              {ticket.terminal_destino} ({ticket.destino})
            </chakra.dd>
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.seat')}</chakra.dt>
            <chakra.dd>{t('reservation.tickets.seatValue', { n: ticket.nasiento, piso: deckNumber(ticket.gnivel_piso) })}</chakra.dd>
            <chakra.dt fontWeight="semibold">{t('reservation.tickets.price')}</chakra.dt>
            <chakra.dd>{formatCentimos(ticket.precio_centimos, lang)}</chakra.dd>
            {ticket.comprobante && (
              <>
                <chakra.dt fontWeight="semibold">{t('reservation.tickets.voucher')}</chakra.dt>
                <chakra.dd data-testid="ticket-voucher">{ticket.comprobante}</chakra.dd>
              </>
            )}
            {postponed && ticket.postergado_a && (
              <>
                <chakra.dt fontWeight="semibold">{t('aftersale.ticket.replacedBy')}</chakra.dt>
                <chakra.dd>{ticket.postergado_a}</chakra.dd>
              </>
            )}
          </chakra.dl>
          {actions && !postponed && (
            <HStack gap="4" mt="2" flexWrap="wrap" textStyle="sm">
              <SiteLink to={`/pasajes/postergar/${ticket.numero}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
                {t('aftersale.ticket.postpone', { numero: ticket.numero })}
              </SiteLink>
              <SiteLink to={`/pasajes/cambios/${ticket.numero}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
                {t('aftersale.ticket.changes', { numero: ticket.numero })}
              </SiteLink>
              <SiteLink to={`/pasajes/declaracion/${ticket.numero}`} color="brand.fg" textDecoration="underline" fontWeight="semibold">
                {ticket.declaracion ? t('aftersale.ticket.seeDeclaration', { numero: ticket.numero }) : t('aftersale.ticket.declare', { numero: ticket.numero })}
              </SiteLink>
            </HStack>
          )}
          {wallet && !postponed && (wallet.apple || wallet.google) && (
            <HStack gap="4" mt="2" flexWrap="wrap" textStyle="sm">
              {wallet.apple && (
                <ExternalLink href={wallet.apple} color="brand.fg" textDecoration="underline" fontWeight="semibold" data-testid="ticket-apple-wallet">
                  {t('reservation.tickets.apple', { numero: ticket.numero })}
                </ExternalLink>
              )}
              {wallet.google && (
                <ExternalLink href={wallet.google} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" fontWeight="semibold" data-testid="ticket-google-wallet">
                  {t('reservation.tickets.google', { numero: ticket.numero })}
                </ExternalLink>
              )}
            </HStack>
          )}
        </Box>
      </Flex>
    </List.Item>
  );
}
