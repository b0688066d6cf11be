import type { Database } from '../db/client';
import type { AttachmentRenderer } from '../mail/sender';
import { ticketsCalendar } from '../pocket/calendar';
import { pocketReservation } from '../pocket/pocket-view';
import { parseTicketsAttachment, recoveryLink } from './sales-mail';
import { paidViewByCode } from './reservation-views';
import { renderTicketsPdf } from './tickets';

/**
 * The mail sender's renderer of `boletos:{codigo}:{language}`: the paid reservation's tickets as a
 * PDF and its trips as a calendar file (issue 36: times in Lima's zone, a link back to the tickets
 * on the site when SITE_URL is known).
 */
export function ticketAttachments(db: Database, now: () => Date = () => new Date(), options: { siteUrl?: string } = {}): AttachmentRenderer {
  return async (reference) => {
    const parsed = parseTicketsAttachment(reference);
    if (!parsed) throw new Error(`unknown attachment ${reference}`);
    const at = now();
    const view = await paidViewByCode(db, parsed.codigo, at);
    if (!view) throw new Error(`reservation ${parsed.codigo} has no tickets`);
    const pdf = { filename: `boletos-${parsed.codigo}.pdf`, content: await renderTicketsPdf(view, parsed.language), contentType: 'application/pdf' };
    const pocket = await pocketReservation(db, parsed.codigo);
    if (!pocket || pocket.legs.length === 0) return pdf;
    const link = options.siteUrl ? recoveryLink(options.siteUrl, parsed.codigo) : undefined;
    const calendar = { filename: `viaje-${parsed.codigo}.ics`, content: Buffer.from(ticketsCalendar(pocket, parsed.language, link, at)), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
    return [pdf, calendar];
  };
}
