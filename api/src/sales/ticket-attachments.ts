import { clock } from '@rumbo/shared/clock';
import type { Database } from '../db/client';
import type { AttachmentRenderer, MailAttachment } from '../mail/sender';
import { ticketsCalendar } from '../pocket/calendar';
import { pocketReservation } from '../pocket/pocket-view';
import { parseTicketsAttachment, recoveryLink } from './sales-mail';
import { paidViewByCode } from './reservation-views';
import { renderTicketsPdf } from './tickets';
import type { Language } from '@rumbo/shared/schemas';
import { isSigned, saleVouchersOf } from '../vouchers/issue';
import { renderVouchersPdf } from '../vouchers/pdf';
import { documentsOf, reservationByCode } from '../vouchers/vouchers.service';
import { awaitSignatures, parseVouchersAttachment } from '../vouchers/voucher-mail';
import { cargoVoucherAttachments, parseCargoVoucherAttachment } from '../cargo/counter';

/** A purchase's electronic vouchers as mail attachments: the printed copies (one PDF) and the valid voucher's signed XML. */
async function voucherAttachments(db: Database, codigo: string, language: Language, now: Date): Promise<MailAttachment[]> {
  const r = await reservationByCode(db, codigo);
  if (!r || (await saleVouchersOf(db, r.creserva)).length === 0) return [];
  const { all, current } = await documentsOf(db, r.creserva);
  awaitSignatures(all, now);
  if (!all.some(isSigned)) return [];
  const byId = new Map(all.map((v) => [v.ccomprobante, v]));
  const attachments: MailAttachment[] = [{ filename: `comprobantes-${codigo}.pdf`, content: await renderVouchersPdf(all, language, { modifies: byId }), contentType: 'application/pdf' }];
  if (current && isSigned(current)) attachments.push({ filename: `${current.serie}-${current.correlativo}.xml`, content: Buffer.from(current.xml, 'utf8'), contentType: 'application/xml' });
  return attachments;
}

/**
 * The mail sender's renderer: `boletos:{codigo}:{language}`, the paid reservation's tickets as a
 * PDF, its electronic voucher (PDF and XML, issue 34) and its trips as a calendar file (issue 36:
 * times in Lima's zone, a link back to the tickets on the site when SITE_URL is known);
 * `comprobantes:{codigo}:{language}`, the vouchers alone (a factura issued after the purchase);
 * `encomienda:{codigo}:{language}`, a cargo shipment's voucher.
 */
export function ticketAttachments(db: Database, now: () => Date = clock.now, options: { siteUrl?: string } = {}): AttachmentRenderer {
  return async (reference) => {
    const vouchers = parseVouchersAttachment(reference);
    if (vouchers) return voucherAttachments(db, vouchers.codigo, vouchers.language, now());
    // Issue 34: a cargo shipment's voucher (`encomienda:{codigo}:{language}`).
    const cargo = parseCargoVoucherAttachment(reference);
    if (cargo) return cargoVoucherAttachments(db, cargo.codigo, cargo.language, now());
    const parsed = parseTicketsAttachment(reference);
    if (!parsed) throw new Error(`unknown attachment ${reference}`);
    const at = now();
    const view = await paidViewByCode(db, parsed.codigo, at);
    if (!view) throw new Error(`reservation ${parsed.codigo} has no tickets`);
    // Issue 44: the tickets mail waits for the sale's voucher to be signed (docs/decisions.md).
    const voucherFiles = await voucherAttachments(db, parsed.codigo, parsed.language, at);
    const tickets = { filename: `boletos-${parsed.codigo}.pdf`, content: await renderTicketsPdf(view, parsed.language), contentType: 'application/pdf' };
    const pocket = await pocketReservation(db, parsed.codigo);
    if (!pocket || pocket.legs.length === 0) return [tickets, ...voucherFiles];
    const link = options.siteUrl ? recoveryLink(options.siteUrl, parsed.codigo) : undefined;
    const calendar = { filename: `viaje-${parsed.codigo}.ics`, content: Buffer.from(ticketsCalendar(pocket, parsed.language, link, at)), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
    return [tickets, ...voucherFiles, calendar];
  };
}
