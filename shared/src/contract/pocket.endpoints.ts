import * as v from 'valibot';
import { PocketLinksAnswer } from '../schemas/pocket.answers';
import { ReservationLookupSchema } from '../schemas/sales.contract';
import { endpoint } from './endpoint';
import { PdfLinkQuery } from './sales.endpoints';

const owner = 'pocket';

/**
 * A signed link's query: expiry in Unix seconds and its signature (as the PDF link's), and the
 * language of the file or page (the reader's on the site, the purchase's in a mail; a link is
 * opened by a calendar app or a wallet that says nothing of the site's language).
 */
export const PocketLinkQuery = v.object({ ...PdfLinkQuery.entries, idioma: v.optional(v.picklist(['es-PE', 'en-EN'])) });

/**
 * Issue 36, the ticket in the customer's pocket: calendar entries, wallet passes and the
 * reminders' opt-out. Files and pages open from signed links (a calendar app, a wallet or a mail
 * client follows them without a session); the links come with the purchase (`pocketLinks`), my
 * trips (`AccountTrip.bolsillo`) and the mails.
 */
export const pocketEndpoints = {
  pocketLinks: endpoint({
    method: 'POST', path: '/rest/venta/bolsillo', module: owner, summary: "A paid reservation's calendar link and each ticket's wallet links (null: that wallet is not configured)",
    body: ReservationLookupSchema, answer: PocketLinksAnswer, session: 'none', noStore: true,
    errors: { 404: ['sale.reserva.noEncontrada'], 409: ['sale.reserva.noEncontrada', 'sale.reserva.anulada', 'sale.reserva.vencida'] },
  }),
  ticketsCalendar: endpoint({
    method: 'GET', path: '/rest/venta/calendario/:codigo', module: owner, summary: "A paid reservation's trips as an iCalendar file (signed link; times in America/Lima)",
    query: PocketLinkQuery, invalidAs: 404, produces: 'text/calendar', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  ticketApplePass: endpoint({
    method: 'GET', path: '/rest/venta/pkpass/:numero', module: owner, summary: "A ticket's Apple Wallet boarding pass (signed link; 404 unless the pass certificate is configured)",
    query: PocketLinkQuery, invalidAs: 404, produces: 'application/vnd.apple.pkpass', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  reminderOptOutPage: endpoint({
    method: 'GET', path: '/rest/venta/recordatorios/:codigo/baja', module: owner, summary: "The reminders' opt-out page of a purchase (signed link in every reminder): one button",
    query: PocketLinkQuery, invalidAs: 404, produces: 'text/html', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
  reminderOptOut: endpoint({
    method: 'POST', path: '/rest/venta/recordatorios/:codigo/baja', module: owner,
    summary: "Stops a purchase's reminders (the page's button, or a mail client's RFC 8058 one-click POST; the signed query as in the page's link)",
    produces: 'text/html', session: 'none', noStore: true,
    errors: { 404: ['request.notFound'] },
  }),
} as const;
