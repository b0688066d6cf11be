import type { Database } from '../db/client';
import type { AttachmentRenderer } from '../mail/sender';
import { parseTicketsAttachment } from './sales-mail';
import { paidViewByCode } from './reservation-views';
import { renderTicketsPdf } from './tickets';

/** The mail sender's renderer of `boletos:{codigo}:{language}`: the paid reservation's tickets as a PDF. */
export function ticketAttachments(db: Database, now: () => Date = () => new Date()): AttachmentRenderer {
  return async (reference) => {
    const parsed = parseTicketsAttachment(reference);
    if (!parsed) throw new Error(`unknown attachment ${reference}`);
    const view = await paidViewByCode(db, parsed.codigo, now());
    if (!view) throw new Error(`reservation ${parsed.codigo} has no tickets`);
    return { filename: `boletos-${parsed.codigo}.pdf`, content: await renderTicketsPdf(view, parsed.language), contentType: 'application/pdf' };
  };
}
