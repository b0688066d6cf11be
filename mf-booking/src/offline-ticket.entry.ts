/**
 * `offline-ticket.js`: the one script of the document the service worker answers a reservation's
 * address with when there is no network (`reservation/offline-ticket.ts`). The worker keeps this
 * file with the version it belongs to and names the API and the product on its tag
 * (shell/src/offline/sw.ts, policy.ts `offlineDocument`).
 *
 * Not reloaded on `online`: the event also comes as the customer leaves the page, and a reload then
 * would cancel where they were going; the note says to load the page again.
 */
import { PAINT } from '@rumbo/shared/paint';
import { ticketQrImage } from '@rumbo/shared/ticket-qr';
import { OFFLINE_TICKET_CSS, showOfflineTicket } from './reservation/offline-ticket';

// Read as the script runs: `currentScript` is gone after the first await.
const tag = document.currentScript as HTMLScriptElement | null;
const named = { api: tag?.getAttribute(PAINT.offlineApi) ?? undefined, product: tag?.getAttribute(PAINT.offlineProduct) ?? undefined };

async function start(): Promise<void> {
  // A constructed sheet: the document carries no inline style for its policy to allow.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(OFFLINE_TICKET_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const qrcode = await import(/* webpackMode: "eager" */ 'qrcode');
  await showOfflineTicket(
    {
      doc: document,
      purchases: sessionStorage,
      preferences: localStorage,
      fetch: (input, init) => fetch(input, init),
      qr: (text) => ticketQrImage(qrcode, text),
    },
    { apiBaseUrl: named.api ?? '', product: named.product ?? '' },
  );
}

void start();
